/*
 * Module parameters and .modinfo entries, as in Linux:
 *
 *   static int count = 1;
 *   module_param(count, int, 0444);
 *   MODULE_PARM_DESC(count, "how many times to say hello");
 *
 * module_param() puts a struct kernel_param (name, type operations,
 * address of the variable) in the module's __param section, where a loader
 * finds the parameters given as `insmod NAME.ko count=3`, and notes the
 * type in .modinfo (parmtype=count:int). MODULE_PARM_DESC() notes the
 * description (parm=count:...); kmod's modinfo prints the two as one line,
 * "parm: count:how many times to say hello (int)". The types are those of
 * kernel/module/param_ops.c: int, uint, long, ulong, bool, charp.
 *
 * MODULE_INFO(tag, "value") is a "tag=value" string in .modinfo; outside a
 * module (no -DMODULE) it writes nothing.
 */
#ifndef _KERNEL_MODULEPARAM_H
#define _KERNEL_MODULEPARAM_H

#include <kernel/compiler.h>
#include <kernel/types.h>

#ifdef MODULE
#define __MODULE_INFO_ID(tag, line)	__modinfo_##tag##_##line
#define __MODULE_INFO(tag, line, info)					\
	static const char __MODULE_INFO_ID(tag, line)[] __used		\
	__section(".modinfo") __aligned(1) = #tag "=" info
#define MODULE_INFO(tag, info)		__MODULE_INFO(tag, __LINE__, info)
#else
#define MODULE_INFO(tag, info)
#endif

struct kernel_param;

struct kernel_param_ops {
	/* Parse val into the variable: 0, or -EINVAL / -ERANGE. */
	int (*set)(const char *val, const struct kernel_param *kp);
	/* Print the value into buf (at least 64 bytes): the length written. */
	int (*get)(char *buf, const struct kernel_param *kp);
};

struct kernel_param {
	const char *name;
	const struct kernel_param_ops *ops;
	u16 perm;	/* as Linux's sysfs mode: 0444 readable, 0644 writable */
	void *arg;	/* the variable */
};

extern const struct kernel_param_ops param_ops_int, param_ops_uint, param_ops_long,
	param_ops_ulong, param_ops_bool, param_ops_charp;

/* The C type of each parameter type, for the check below. */
#define __param_type_int	int
#define __param_type_uint	unsigned int
#define __param_type_long	long
#define __param_type_ulong	unsigned long
#define __param_type_bool	bool
#define __param_type_charp	char *

/* A compile-time error when the variable is not of the parameter's type. */
#define __param_check(name, p, type)					\
	static inline type __unused *__check_##name(void) { return (p); }

#define MODULE_PARM_DESC(name, desc)	MODULE_INFO(parm, #name ":" desc)
#define __MODULE_PARM_TYPE(name, type)	MODULE_INFO(parmtype, #name ":" type)

#define module_param_cb(name, ops, arg, perm)				\
	static const char __param_str_##name[] = #name;			\
	DEFINE_SECTION_ENTRY(const struct kernel_param, __param_##name, "__param") = \
		{ __param_str_##name, ops, perm, arg }

/*
 * TYPE is pasted (param_ops_##type) or quoted (#type) where it is first
 * named, never handed on bare: <stdbool.h> makes `bool` a macro, and a bare
 * argument would reach the next macro as `_Bool` (param_ops__Bool).
 */
#define __module_param(name, value, ctype, ops, typestr, perm)		\
	__param_check(name, &(value), ctype)				\
	module_param_cb(name, &ops, &(value), perm);			\
	__MODULE_PARM_TYPE(name, typestr)

#define module_param_named(name, value, type, perm)			\
	__module_param(name, value, __param_type_##type, param_ops_##type, #type, perm)

#define module_param(name, type, perm)					\
	__module_param(name, name, __param_type_##type, param_ops_##type, #type, perm)

#endif

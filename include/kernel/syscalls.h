/*
 * System calls: SYSCALL_DEFINEn, as in Linux.
 *
 *   SYSCALL_DEFINE3(write, unsigned int, fd, const char __user *, buf, size_t, count)
 *   {
 *           ...
 *   }
 *
 * defines long sys_write(unsigned int fd, const char __user *buf, size_t
 * count) and, next to it, __se_sys_write(args), which takes the six raw
 * argument registers as the arch saved them and casts each to its type.
 * The dispatcher (kernel/syscall.c) calls the __se_ one through
 * sys_call_table[], indexed by the arch's Linux numbers. The table is
 * generated (scripts/syscalltbl) from Debian's copy of Linux's unistd
 * header and from the __se_sys_* functions the compiled objects define: a
 * call implemented in a file the arch does not build is not in its table.
 * Every number without a function returns -ENOSYS.
 *
 * The wrapper keeps the call through the table well-defined C: every entry
 * has the same type, whatever the call's own arguments are.
 */
#ifndef _KERNEL_SYSCALLS_H
#define _KERNEL_SYSCALLS_H

#include <kernel/compiler.h>
#include <kernel/types.h>

typedef long (*syscall_fn_t)(const unsigned long *args);

/* The generated table (build/<arch>/syscall_table.c): nr_syscalls entries, NULL where none. */
extern const syscall_fn_t sys_call_table[];
extern const char *const syscall_names[];
extern const unsigned int nr_syscalls;

/*
 * __MAPn(i, m, t1, a1, ..., tn, an) is m(i, t1, a1), m(i + 1, t2, a2), ...:
 * the (type, name) pairs of a call, with their argument register numbers.
 */
#define __MAP0(i, m, ...)
#define __MAP1(i, m, t, a)		m(i, t, a)
#define __MAP2(i, m, t, a, ...)	m(i, t, a), __MAP1(i + 1, m, __VA_ARGS__)
#define __MAP3(i, m, t, a, ...)	m(i, t, a), __MAP2(i + 1, m, __VA_ARGS__)
#define __MAP4(i, m, t, a, ...)	m(i, t, a), __MAP3(i + 1, m, __VA_ARGS__)
#define __MAP5(i, m, t, a, ...)	m(i, t, a), __MAP4(i + 1, m, __VA_ARGS__)
#define __MAP6(i, m, t, a, ...)	m(i, t, a), __MAP5(i + 1, m, __VA_ARGS__)
#define __MAP(n, ...)		__MAP##n(0, __VA_ARGS__)

#define __SC_DECL(i, t, a)	t a
#define __SC_CAST(i, t, a)	(t)args[i]

#define SYSCALL_DEFINEx(x, name, ...)						\
	long sys_##name(__MAP(x, __SC_DECL, __VA_ARGS__));			\
	long __se_sys_##name(const unsigned long *args);			\
	long __se_sys_##name(const unsigned long *args)				\
	{									\
		return sys_##name(__MAP(x, __SC_CAST, __VA_ARGS__));		\
	}									\
	long sys_##name(__MAP(x, __SC_DECL, __VA_ARGS__))

#define SYSCALL_DEFINE0(name)							\
	long sys_##name(void);							\
	long __se_sys_##name(const unsigned long *args);			\
	long __se_sys_##name(const unsigned long *args)				\
	{									\
		(void)args;							\
		return sys_##name();						\
	}									\
	long sys_##name(void)
#define SYSCALL_DEFINE1(name, ...)	SYSCALL_DEFINEx(1, name, __VA_ARGS__)
#define SYSCALL_DEFINE2(name, ...)	SYSCALL_DEFINEx(2, name, __VA_ARGS__)
#define SYSCALL_DEFINE3(name, ...)	SYSCALL_DEFINEx(3, name, __VA_ARGS__)
#define SYSCALL_DEFINE4(name, ...)	SYSCALL_DEFINEx(4, name, __VA_ARGS__)
#define SYSCALL_DEFINE5(name, ...)	SYSCALL_DEFINEx(5, name, __VA_ARGS__)
#define SYSCALL_DEFINE6(name, ...)	SYSCALL_DEFINEx(6, name, __VA_ARGS__)

#endif

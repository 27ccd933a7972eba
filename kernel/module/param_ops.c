/*
 * The parameter types of module_param() (include/kernel/moduleparam.h):
 * how each turns the text of `name=value` into the variable, and back.
 * Parsing is kstrto*()'s: a whole number or nothing, so "12abc" is
 * -EINVAL and the variable keeps its value. A charp parameter points into
 * the argument string itself, which its owner keeps as long as the module.
 */
#include <kernel/errno.h>
#include <kernel/export.h>
#include <kernel/kstrtox.h>
#include <kernel/moduleparam.h>
#include <kernel/sprintf.h>

#define PARAM_GET_LEN	64

static int param_set_int(const char *val, const struct kernel_param *kp)
{
	return kstrtoint(val, 0, kp->arg);
}

static int param_get_int(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PARAM_GET_LEN, "%d", *(int *)kp->arg);
}

static int param_set_uint(const char *val, const struct kernel_param *kp)
{
	return kstrtouint(val, 0, kp->arg);
}

static int param_get_uint(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PARAM_GET_LEN, "%u", *(unsigned int *)kp->arg);
}

static int param_set_long(const char *val, const struct kernel_param *kp)
{
	long long v;
	int err = kstrtoll(val, 0, &v);

	if (err)
		return err;
	if (v != (long)v)
		return -ERANGE;
	*(long *)kp->arg = v;
	return 0;
}

static int param_get_long(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PARAM_GET_LEN, "%ld", *(long *)kp->arg);
}

static int param_set_ulong(const char *val, const struct kernel_param *kp)
{
	return kstrtoul(val, 0, kp->arg);
}

static int param_get_ulong(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PARAM_GET_LEN, "%lu", *(unsigned long *)kp->arg);
}

/* A bare "name" (val NULL) sets a bool, as Linux's param_set_bool(). */
static int param_set_bool(const char *val, const struct kernel_param *kp)
{
	if (!val) {
		*(bool *)kp->arg = true;
		return 0;
	}
	return kstrtobool(val, kp->arg);
}

static int param_get_bool(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PARAM_GET_LEN, "%c", *(bool *)kp->arg ? 'Y' : 'N');
}

static int param_set_charp(const char *val, const struct kernel_param *kp)
{
	if (!val)
		return -EINVAL;
	*(const char **)kp->arg = val;
	return 0;
}

static int param_get_charp(char *buf, const struct kernel_param *kp)
{
	const char *s = *(const char **)kp->arg;

	return scnprintf(buf, PARAM_GET_LEN, "%s", s ? s : "(null)");
}

const struct kernel_param_ops param_ops_int = { param_set_int, param_get_int };
EXPORT_SYMBOL(param_ops_int);
const struct kernel_param_ops param_ops_uint = { param_set_uint, param_get_uint };
EXPORT_SYMBOL(param_ops_uint);
const struct kernel_param_ops param_ops_long = { param_set_long, param_get_long };
EXPORT_SYMBOL(param_ops_long);
const struct kernel_param_ops param_ops_ulong = { param_set_ulong, param_get_ulong };
EXPORT_SYMBOL(param_ops_ulong);
const struct kernel_param_ops param_ops_bool = { param_set_bool, param_get_bool };
EXPORT_SYMBOL(param_ops_bool);
const struct kernel_param_ops param_ops_charp = { param_set_charp, param_get_charp };
EXPORT_SYMBOL(param_ops_charp);

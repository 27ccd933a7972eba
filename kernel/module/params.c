/*
 * A module's parameters at load: its module_param()s (the __param
 * section) set from "name=value" words, as Linux's parse_args() does
 * for load_module().
 *
 * The words come from two places, in this order, so that the second
 * wins: the kernel command line's NAME.param=value words for this
 * module (Linux's form for parameters of built-in code, which its
 * modprobe passes on to loadable modules), then what the loader was
 * given (insmod NAME.ko param=value). They are copied into one string
 * the module keeps (mod->args) for as long as it is loaded: a charp
 * parameter points into it. An unknown parameter is only a warning;
 * a value its type refuses fails the load, as in Linux.
 */
#include <kernel/bootinfo.h>
#include <kernel/cmdline.h>
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

#include "internal.h"

/*
 * The command line's NAME.* words (without "NAME."), then args, in one
 * kmalloc()ed string for next_arg() to take apart again: a value from
 * the command line goes back in double quotes, which next_arg() took off
 * and which keep its spaces together.
 */
static char *gather_args(const char *name, const char *args)
{
	size_t namelen = strlen(name), cmdlen = strlen(boot_info.cmdline);
	char *copy = kmalloc(cmdlen + 1), *out, *p, *param, *val;
	size_t at = 0, room = 2 * cmdlen + strlen(args) + 2;

	out = kmalloc(room);
	if (!copy || !out) {
		kfree(copy);
		kfree(out);
		return NULL;
	}
	memcpy(copy, boot_info.cmdline, cmdlen + 1);
	for (p = skip_spaces(copy); *p;) {
		p = next_arg(p, &param, &val);
		if (!strcmp(param, "--"))
			break;
		if (strncmp(param, name, namelen) || param[namelen] != '.' || !param[namelen + 1])
			continue;
		at += snprintf(out + at, room - at, val ? "%s=\"%s\" " : "%s ",
			       param + namelen + 1, val);
	}
	snprintf(out + at, room - at, "%s", args);
	kfree(copy);
	return out;
}

static const struct kernel_param *find_param(const struct module *mod, const char *name)
{
	for (unsigned int i = 0; i < mod->num_kp; i++)
		if (!strcmp(mod->kp[i].name, name))
			return &mod->kp[i];
	return NULL;
}

int module_parse_args(struct module *mod, const char *args)
{
	char *p, *param, *val;

	mod->args = gather_args(mod->name, args ? args : "");
	if (!mod->args)
		return -ENOMEM;
	for (p = skip_spaces(mod->args); *p;) {
		const struct kernel_param *kp;
		int err;

		p = next_arg(p, &param, &val);
		kp = find_param(mod, param);
		if (!kp) {
			pr_warn("%s: unknown parameter '%s' ignored\n", mod->name, param);
			continue;
		}
		/* A bare name is a value only for a bool (true); others: -EINVAL, as Linux. */
		if (!val && kp->ops != &param_ops_bool) {
			pr_err("%s: parameter '%s' needs a value: %s=...\n", mod->name, param, param);
			return -EINVAL;
		}
		err = kp->ops->set(val, kp);
		if (err) {
			pr_err("%s: '%s' invalid for parameter '%s'\n", mod->name, val ? val : "",
			       param);
			return err;
		}
	}
	return 0;
}

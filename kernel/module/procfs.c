/*
 * The list of loaded modules as text, in the format of Linux's
 * /proc/modules (kernel/module/procfs.c there), one line per module,
 * newest first:
 *
 *   export_user 8192 0 - Live 0xffffffffa0004000
 *   export_provider 8192 1 export_user, Live 0xffffffffa0000000 (P)
 *
 * name, bytes of memory (whole pages: each region is mapped in pages),
 * how many modules use it, which ones (each followed by a comma; "-" for
 * none; "[permanent]," when it has init but no exit and so cannot be
 * removed), its state, the address of its text, and "(P)" when its
 * license taints the kernel (proprietary). It is the file /proc/modules
 * (kernel/fs/proc.c), which /sbin/lsmod reads, as kmod's lsmod does; the
 * monitor's lsmod prints the same facts its way.
 */
#include <asm/page.h>
#include <kernel/fs.h>
#include <kernel/init.h>
#include <kernel/module.h>
#include <kernel/printk.h>
#include <kernel/sprintf.h>

#include "internal.h"

struct text {
	char *buf;
	size_t size, len;
};

static void add(struct text *t, const char *fmt, ...) __printf(2, 3);

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	t->len += vsnprintf(t->len < t->size ? t->buf + t->len : NULL,
			    t->len < t->size ? t->size - t->len : 0, fmt, ap);
	va_end(ap);
}

unsigned long module_size(const struct module *mod)
{
	return module_memory_pages(mod) * PAGE_SIZE;
}

static const char *state_name(enum module_state state)
{
	switch (state) {
	case MODULE_STATE_LIVE:		return "Live";
	case MODULE_STATE_GOING:	return "Unloading";
	default:			return "Loading";
	}
}

static void show(struct module *mod, void *arg)
{
	struct text *t = arg;
	struct list_head *p;

	add(t, "%s %lu %u ", mod->name, module_size(mod), module_refcount(mod));
	list_for_each(p, &mod->source_list)
		add(t, "%s,", list_entry(p, struct module_use, source_list)->source->name);
	if (mod->init && !mod->exit)
		add(t, "[permanent],");
	if (list_empty(&mod->source_list) && !(mod->init && !mod->exit))
		add(t, "-");
	add(t, " %s %p%s\n", state_name(mod->state), mod->mem[MOD_TEXT].base,
	    mod->gpl_compatible ? "" : " (P)");
}

size_t module_list_text(char *buf, size_t size)
{
	struct text t = { buf, size, 0 };

	if (size)
		buf[0] = '\0';
	for_each_module(show, &t);
	return t.len;
}

static int __init proc_modules_init(void)
{
	int err = proc_create_single("modules", module_list_text);

	if (err)
		pr_err("module: no /proc/modules (error %d)\n", err);
	return err;
}
device_initcall(proc_modules_init);

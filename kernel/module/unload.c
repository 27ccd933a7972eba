/*
 * Who uses whom among modules (Linux's module_use, in its
 * kernel/module/main.c under CONFIG_MODULE_UNLOAD): a module that binds
 * another's export uses it, and the one used cannot be removed before
 * its users (delete_module()'s -EWOULDBLOCK). /proc/modules lists each
 * module's users.
 */
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/slab.h>

#include "internal.h"

unsigned int module_refcount(const struct module *mod)
{
	unsigned int n = 0;
	struct list_head *p;

	list_for_each(p, &mod->source_list)
		n++;
	return n;
}

/* a uses b (Linux's ref_module()): b cannot leave before a. */
int ref_module(struct module *a, struct module *b)
{
	struct module_use *use;
	struct list_head *p;

	list_for_each(p, &b->source_list)
		if (list_entry(p, struct module_use, source_list)->source == a)
			return 0;
	use = kmalloc(sizeof(*use));
	if (!use)
		return -ENOMEM;
	use->source = a;
	use->target = b;
	list_add(&use->source_list, &b->source_list);
	list_add(&use->target_list, &a->target_list);
	return 0;
}

void module_unload_free(struct module *mod)
{
	struct list_head *p, *n;

	list_for_each_safe(p, n, &mod->target_list) {
		struct module_use *use = list_entry(p, struct module_use, target_list);

		list_del(&use->source_list);
		list_del(&use->target_list);
		kfree(use);
	}
}


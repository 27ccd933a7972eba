/*
 * The list of loaded modules, newest first, and its two locks.
 *
 * module_mutex serialises loads and removals (main.c) and the walks that
 * may sleep (for_each_module(): lsmod, /proc/modules, the symbols by
 * name). The list itself is also guarded by a spinlock, modules_lock,
 * which is all its readers that cannot sleep take: the fault handler (a
 * module's __ex_table), report_bug() (its __bug_table) and %pS (its
 * symbols). Each looks into the module it found before it lets go of the
 * lock (Linux's __module_address() under RCU), and a module leaves the
 * list under the lock before anything of it is freed, so no reader sees a
 * module being freed.
 */
#include <kernel/ksymtab.h>
#include <kernel/module.h>
#include <kernel/mutex.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>

#include "internal.h"

static struct list_head modules = LIST_HEAD_INIT(modules);
DEFINE_MUTEX(module_mutex);
static DEFINE_SPINLOCK(modules_lock);

struct module *find_module_locked(const char *name)
{
	struct list_head *p;

	list_for_each(p, &modules) {
		struct module *mod = list_entry(p, struct module, list);

		if (!strcmp(mod->name, name))
			return mod;
	}
	return NULL;
}

struct module *find_module(const char *name)
{
	struct module *mod;

	mutex_lock(&module_mutex);
	mod = find_module_locked(name);
	mutex_unlock(&module_mutex);
	return mod;
}

bool within_module(unsigned long addr, const struct module *mod)
{
	for (int t = 0; t < MOD_MEM_NUM_TYPES; t++) {
		unsigned long base = (unsigned long)mod->mem[t].base;

		if (base && addr >= base && addr - base < mod->mem[t].size)
			return true;
	}
	return false;
}

/*
 * Every holder of modules_lock keeps interrupts off (irqsave): its
 * readers run in the fault handler and in printk()'s %pS, so in any
 * context, an interrupt's too, and one that interrupted a holder on its
 * own CPU would wait for the lock forever.
 */
void module_list_lock(unsigned long *flags)
{
	spin_lock_irqsave(&modules_lock, *flags);
}

void module_list_unlock(unsigned long flags)
{
	spin_unlock_irqrestore(&modules_lock, flags);
}

/* The caller holds modules_lock (Linux's __module_address(), under RCU there). */
struct module *__module_address(unsigned long addr)
{
	struct list_head *p;

	list_for_each(p, &modules) {
		struct module *mod = list_entry(p, struct module, list);

		if (within_module(addr, mod))
			return mod;
	}
	return NULL;
}

bool is_module_address(unsigned long addr)
{
	unsigned long flags;
	bool found;

	module_list_lock(&flags);
	found = __module_address(addr) != NULL;
	module_list_unlock(flags);
	return found;
}

void for_each_module(void (*fn)(struct module *mod, void *arg), void *arg)
{
	struct list_head *p;

	mutex_lock(&module_mutex);
	list_for_each(p, &modules)
		fn(list_entry(p, struct module, list), arg);
	mutex_unlock(&module_mutex);
}

/* Exports of loaded modules for find_symbol(); module_mutex is held. */
bool find_module_symbol(struct find_symbol_arg *fsa)
{
	struct list_head *p;

	list_for_each(p, &modules) {
		struct module *mod = list_entry(p, struct module, list);

		if (mod->state == MODULE_STATE_UNFORMED)
			continue;
		fsa->owner = mod;
		fsa->license = NOT_GPL_ONLY;
		fsa->sym = search_ksymtab(mod->syms, mod->num_syms, fsa->name);
		if (!fsa->sym && fsa->gplok) {
			fsa->license = GPL_ONLY;
			fsa->sym = search_ksymtab(mod->gpl_syms, mod->num_gpl_syms, fsa->name);
		}
		if (fsa->sym)
			return true;
	}
	return false;
}

void module_list_add(struct module *mod)
{
	unsigned long flags;

	module_list_lock(&flags);
	list_add(&mod->list, &modules);
	module_list_unlock(flags);
}

void module_list_del(struct module *mod)
{
	unsigned long flags;

	module_list_lock(&flags);
	list_del(&mod->list);
	module_list_unlock(flags);
}

/*
 * The module loader: load_module() and delete_module(), in the order of
 * Linux's kernel/module/main.c (the steps are numbered below as there).
 *
 *  1. copy the file and check it (elf_check.c);
 *  2. vermagic, and no module of that name yet (-EEXIST);
 *  3. lay out and allocate its regions, copy the sections (memory.c);
 *  4. list it as UNFORMED (so its name is taken), its per-CPU copies;
 *  5. find its tables: exports, parameters, __ex_table, .altinstructions;
 *  6. give every symbol its final value, the undefined ones by
 *     find_symbol() (a module whose license is not GPL-compatible does
 *     not see EXPORT_SYMBOL_GPL()), noting which modules it uses;
 *  7. apply the relocations (arch/<arch>/kernel/module.c);
 *  8. sort its __ex_table, apply its alternatives, add its kallsyms;
 *  9. final permissions (W^X), COMING, its parameters;
 * 10. run init: on success LIVE and the .init regions freed, on failure
 *     everything undone.
 * Any step that fails undoes the ones before it: no page stays taken.
 *
 * One mutex serialises loads and removals; the list itself is also
 * guarded by a spinlock, which is all the fault handler (a module's
 * __ex_table) and %pS (its symbols) take.
 */
#include <kernel/alternative.h>
#include <kernel/errno.h>
#include <kernel/bug.h>
#include <kernel/extable.h>
#include <kernel/ksymtab.h>
#include <kernel/module.h>
#include <kernel/mutex.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>
#include <kernel/vermagic.h>

#include "internal.h"

static struct list_head modules = LIST_HEAD_INIT(modules);
static DEFINE_MUTEX(module_mutex);
static DEFINE_SPINLOCK(modules_lock);

static struct module *find_module_locked(const char *name)
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

static bool within_module(unsigned long addr, const struct module *mod)
{
	for (int t = 0; t < MOD_MEM_NUM_TYPES; t++) {
		unsigned long base = (unsigned long)mod->mem[t].base;

		if (base && addr >= base && addr - base < mod->mem[t].size)
			return true;
	}
	return false;
}

struct module *module_address(unsigned long addr)
{
	struct module *found = NULL;
	unsigned long flags;
	struct list_head *p;

	spin_lock_irqsave(&modules_lock, flags);
	list_for_each(p, &modules) {
		struct module *mod = list_entry(p, struct module, list);

		if (within_module(addr, mod)) {
			found = mod;
			break;
		}
	}
	spin_unlock_irqrestore(&modules_lock, flags);
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

/* The licenses Linux's license_is_gpl_compatible() accepts. */
static bool license_is_gpl_compatible(const char *license)
{
	static const char *const ok[] = { "GPL", "GPL v2", "GPL and additional rights",
					   "Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL" };

	for (size_t i = 0; license && i < sizeof(ok) / sizeof(ok[0]); i++)
		if (!strcmp(license, ok[i]))
			return true;
	return false;
}

static const void *section_objs(const struct load_info *info, const char *name, size_t size,
				unsigned int *num)
{
	unsigned int i = find_sec(info, name);

	*num = i ? info->sechdrs[i].sh_size / size : 0;
	return i ? (void *)(unsigned long)info->sechdrs[i].sh_addr : NULL;
}

static void find_module_sections(struct module *mod, const struct load_info *info)
{
	mod->syms = section_objs(info, "__ksymtab", sizeof(*mod->syms), &mod->num_syms);
	mod->gpl_syms = section_objs(info, "__ksymtab_gpl", sizeof(*mod->gpl_syms),
				     &mod->num_gpl_syms);
	mod->kp = section_objs(info, "__param", sizeof(*mod->kp), &mod->num_kp);
	mod->extable = (void *)section_objs(info, "__ex_table", sizeof(*mod->extable),
					    &mod->num_exentries);
	mod->bug_table = (void *)section_objs(info, "__bug_table", sizeof(*mod->bug_table),
					      &mod->num_bugs);
}

/* Step 6: st_value becomes the address each symbol stands for. */
static int simplify_symbols(struct module *mod, const struct load_info *info)
{
	for (unsigned int i = 1; i < info->num_syms; i++) {
		Elf_Sym *sym = &info->symtab[i];
		const char *name = info->strtab + sym->st_name;
		struct find_symbol_arg fsa = { .name = name, .gplok = mod->gpl_compatible };
		int err;

		switch (sym->st_shndx) {
		case SHN_ABS:
			break;
		case SHN_UNDEF:
			if (!find_symbol(&fsa)) {
				if (ELF_ST_BIND(sym->st_info) == STB_WEAK)
					break;
				pr_warn("%s: Unknown symbol %s (err %d)\n", mod->name, name, -ENOENT);
				return -ENOENT;
			}
			sym->st_value = kernel_symbol_value(fsa.sym);
			err = fsa.owner ? ref_module(mod, fsa.owner) : 0;
			if (err)
				return err;
			break;
		default:
			if (sym->st_shndx == info->index.pcpu)
				sym->st_value += mod->percpu;
			else
				sym->st_value += info->sechdrs[sym->st_shndx].sh_addr;
		}
	}
	return 0;
}

bool module_symbol_loaded(const struct load_info *info, const Elf_Sym *sym,
			  const struct module *mod)
{
	unsigned int shndx = sym->st_shndx;

	if (shndx == SHN_UNDEF || shndx == SHN_ABS || shndx == info->index.pcpu ||
	    (info->sechdrs[shndx].sh_flags & SHF_ALLOC))
		return true;
	pr_err("%s: relocation against %s in %s, a section that is not loaded\n", mod->name,
	       info->strtab + sym->st_name, info->secstrings + info->sechdrs[shndx].sh_name);
	return false;
}

/* Step 8. */
static int post_relocation(struct module *mod, const struct load_info *info)
{
	unsigned int n;
	struct alt_instr *alt = (void *)section_objs(info, ".altinstructions", sizeof(*alt), &n);

	module_sort_extable(mod);
	/* As the kernel's own sites were: not at all after noalternatives. */
	if (n && alternatives_patched)
		apply_alternatives(alt, alt + n);
	return add_kallsyms(mod, info);
}

/* Everything load_module() took, in reverse; the module is off the list first. */
static void free_module(struct module *mod)
{
	unsigned long flags;

	spin_lock_irqsave(&modules_lock, flags);
	list_del(&mod->list);
	spin_unlock_irqrestore(&modules_lock, flags);
	module_unload_free(mod);
	free_kallsyms(mod);
	percpu_modfree(mod);
	kfree(mod->args);
	module_memory_free(mod, false);
}

/* Step 2 (Linux's early_mod_check()). */
static int early_mod_check(const struct load_info *info, int flags)
{
	const char *magic = get_modinfo(info, "vermagic");

	if (flags & MODULE_INIT_IGNORE_VERMAGIC) {
		pr_warn("%s: version magic not checked (MODULE_INIT_IGNORE_VERMAGIC)\n",
			info->name);
	} else if (!magic || strcmp(magic, VERMAGIC_STRING)) {
		pr_err("%s: version magic '%s' should be '%s'\n", info->name,
		       magic ? magic : "(none)", VERMAGIC_STRING);
		return -ENOEXEC;
	}
	if (find_module_locked(info->name)) {
		pr_err("module %s: already loaded\n", info->name);
		return -EEXIST;
	}
	return 0;
}

/*
 * Step 10 (Linux's do_init_module()); the module is COMING. Not inlined: gdb's
 * sk-symbols breaks here to load the module's symbols first (as lx-symbols).
 */
static __noinline int do_init_module(struct module *mod)
{
	int ret = mod->init ? mod->init() : 0;

	if (ret) {
		pr_err("module %s: init returned %d\n", mod->name, ret);
		mod->state = MODULE_STATE_GOING;
		free_module(mod);
		return ret;
	}
	mod->state = MODULE_STATE_LIVE;
	trim_init_kallsyms(mod);
	module_memory_free(mod, true);
	return 0;
}

struct module *load_module(const void *image, size_t len, const char *args, int *errp)
{
	return do_load_module(image, len, args, 0, errp);
}

struct module *do_load_module(const void *image, size_t len, const char *args, int flags,
			      int *errp)
{
	struct load_info info = { .len = len };
	struct module *mod;
	int err;

	info.hdr = kmalloc(len ? len : 1);
	if (!info.hdr) {
		*errp = -ENOMEM;
		return NULL;
	}
	memcpy(info.hdr, image, len);
	mutex_lock(&module_mutex);
	err = elf_validity_check(&info, sizeof(struct module));
	if (!err)
		err = early_mod_check(&info, flags);
	if (!err)
		err = layout_and_allocate(&info);
	if (err)
		goto out;
	mod = info.mod;
	mod->state = MODULE_STATE_UNFORMED;
	INIT_LIST_HEAD(&mod->source_list);
	INIT_LIST_HEAD(&mod->target_list);
	spin_lock(&modules_lock);
	list_add(&mod->list, &modules);
	spin_unlock(&modules_lock);
	mod->gpl_compatible = license_is_gpl_compatible(get_modinfo(&info, "license"));
	if (!mod->gpl_compatible)
		pr_warn("%s: module license '%s' taints kernel.\n", mod->name,
			get_modinfo(&info, "license") ?: "unspecified");
	err = percpu_modalloc(mod, &info);
	if (err)
		goto free;
	find_module_sections(mod, &info);
	err = simplify_symbols(mod, &info);
	if (!err)
		err = apply_relocations(mod, &info);
	if (!err)
		err = post_relocation(mod, &info);
	if (err)
		goto free;
	module_memory_protect(mod);
	mod->state = MODULE_STATE_COMING;
	err = module_parse_args(mod, args);
	if (err)
		goto free;
	kfree(info.hdr);
	info.hdr = NULL;
	err = do_init_module(mod);
	if (err)
		goto out;
	mutex_unlock(&module_mutex);
	return mod;
free:
	free_module(mod);
out:
	mutex_unlock(&module_mutex);
	kfree(info.hdr);
	*errp = err;
	return NULL;
}

int delete_module(const char *name)
{
	struct module *mod;
	int err = 0;

	mutex_lock(&module_mutex);
	mod = find_module_locked(name);
	if (!mod)
		err = -ENOENT;
	else if (!list_empty(&mod->source_list))
		err = -EWOULDBLOCK;
	else if (mod->state != MODULE_STATE_LIVE || (mod->init && !mod->exit))
		err = -EBUSY;
	if (!err) {
		mod->state = MODULE_STATE_GOING;
		if (mod->exit)
			mod->exit();
		free_module(mod);
	}
	mutex_unlock(&module_mutex);
	return err;
}

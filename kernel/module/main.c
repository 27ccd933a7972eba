/*
 * The module loader: load_module() and delete_module(), in the order of
 * Linux's kernel/module/main.c (the steps are numbered below as there).
 *
 *  1. check the file (elf_check.c): the loader's own copy, which it
 *     frees before init runs;
 *  2. vermagic, and no module of that name yet (-EEXIST);
 *  3. lay out and allocate its regions, copy the sections (memory.c);
 *  4. list it as UNFORMED (so its name is taken), its per-CPU copies;
 *  5. find its tables: exports, parameters, __ex_table, __bug_table, each
 *     a loaded section of whole entries (tables.c);
 *  6. give every symbol its final value, the undefined ones by
 *     find_symbol() (a module whose license is not GPL-compatible does
 *     not see EXPORT_SYMBOL_GPL()), noting which modules it uses;
 *  7. apply the relocations (arch/<arch>/kernel/module.c); init and exit
 *     must then be the module's own code;
 *  8. check that every entry of every table is the module's own memory
 *     of the right kind (tables.c), sort its __ex_table, apply its
 *     alternatives, add its kallsyms;
 *  9. final permissions (W^X), COMING, its parameters;
 * 10. run init: on success LIVE and the .init regions freed, on failure
 *     everything undone.
 * Any step that fails undoes the ones before it: no page stays taken.
 *
 * One mutex serialises loads and removals, and a spinlock guards the list
 * against the readers that cannot sleep (list.c).
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
#include <kernel/string.h>
#include <kernel/vermagic.h>

#include "internal.h"

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

/* Step 5: each table a loaded section of whole entries (tables.c), then each entry checked. */
static int find_module_sections(struct module *mod, const struct load_info *info)
{
	int err = module_table(mod, info, "__ksymtab", sizeof(*mod->syms), (void **)&mod->syms,
			       &mod->num_syms);

	if (!err)
		err = module_table(mod, info, "__ksymtab_gpl", sizeof(*mod->gpl_syms),
				   (void **)&mod->gpl_syms, &mod->num_gpl_syms);
	if (!err)
		err = module_table(mod, info, "__param", sizeof(*mod->kp), (void **)&mod->kp,
				   &mod->num_kp);
	if (!err)
		err = module_table(mod, info, "__ex_table", sizeof(*mod->extable),
				   (void **)&mod->extable, &mod->num_exentries);
	if (!err)
		err = module_table(mod, info, "__bug_table", sizeof(*mod->bug_table),
				   (void **)&mod->bug_table, &mod->num_bugs);
	return err;
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

/* Step 8, once every entry of every table has been checked. */
static int post_relocation(struct module *mod, const struct load_info *info)
{
	unsigned int n;
	struct alt_instr *alt;
	int err = module_check_tables(mod);

	if (!err)
		err = module_table(mod, info, ".altinstructions", sizeof(*alt), (void **)&alt, &n);
	if (!err)
		err = module_check_alternatives(mod, info, alt, n);
	if (err)
		return err;
	module_sort_extable(mod);
	/* As the kernel's own sites were: not at all after noalternatives. */
	if (n && alternatives_patched)
		apply_alternatives(alt, alt + n);
	return add_kallsyms(mod, info);
}

/* Everything load_module() took, in reverse; the module is off the list first. */
static void free_module(struct module *mod)
{
	module_list_del(mod);
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

static bool in_region(const struct module *mod, unsigned long addr, enum mod_mem_type t)
{
	unsigned long base = (unsigned long)mod->mem[t].base;

	return base && addr >= base && addr - base < mod->mem[t].size;
}

/* Relocated, init and exit must be NULL or the module's own code (exit outliving .init.text). */
static int check_entry_points(const struct module *mod)
{
	unsigned long init = (unsigned long)mod->init, exit = (unsigned long)mod->exit;

	if (init && !in_region(mod, init, MOD_TEXT) && !in_region(mod, init, MOD_INIT_TEXT)) {
		pr_err("module %s: init at %#lx is not the module's code\n", mod->name, init);
		return -ENOEXEC;
	}
	if (exit && !in_region(mod, exit, MOD_TEXT)) {
		pr_err("module %s: exit at %#lx is not the module's code\n", mod->name, exit);
		return -ENOEXEC;
	}
	return 0;
}

/*
 * Step 10 (Linux's do_init_module()); the module is COMING. Not inlined: gdb's
 * sk-symbols breaks here to load the module's symbols first (as lx-symbols).
 *
 * init runs holding module_mutex, where Linux lets go of it. The mutex is
 * what keeps another load from binding this module's exports before its
 * init has succeeded (a failed init frees the module, and a user bound to
 * it would call into freed memory); Linux needs more for that (its loads
 * wait for a COMING module, resolve_symbol_wait()). The price: an init
 * must not load or remove modules or walk their list (find_module(),
 * for_each_module(): it would wait for itself), and a slow init holds up
 * every other load, removal and lsmod. Faults, WARN() and %pS in init
 * work: they take only modules_lock.
 */
static __noinline int do_init_module(struct module *mod)
{
	unsigned long flags;
	int ret = mod->init ? mod->init() : 0;

	if (ret) {
		pr_err("module %s: init returned %d\n", mod->name, ret);
		mod->state = MODULE_STATE_GOING;
		free_module(mod);
		return ret;
	}
	mod->state = MODULE_STATE_LIVE;
	/* %pS reads the symbols under modules_lock only. */
	module_list_lock(&flags);
	trim_init_kallsyms(mod);
	module_list_unlock(flags);
	module_memory_free(mod, true);
	return 0;
}

struct module *load_module(const void *image, size_t len, const char *args, int *errp)
{
	void *copy = module_image_alloc(len, errp);

	if (!copy)
		return NULL;
	memcpy(copy, image, len);
	return do_load_module(copy, len, args, 0, errp);
}

void *module_image_alloc(size_t len, int *err)
{
	void *image;

	if (len > MODULE_IMAGE_MAX) {
		pr_err("module: a file of %zu bytes, more than the %u a module may have\n", len,
		       MODULE_IMAGE_MAX);
		*err = -EFBIG;
		return NULL;
	}
	image = kmalloc(len ? len : 1);
	if (!image)
		*err = -ENOMEM;
	return image;
}

struct module *do_load_module(void *image, size_t len, const char *args, int flags, int *errp)
{
	struct load_info info = { .hdr = image, .len = len };
	struct module *mod;
	int err;

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
	module_list_add(mod);
	mod->gpl_compatible = license_is_gpl_compatible(get_modinfo(&info, "license"));
	if (!mod->gpl_compatible)
		pr_warn("%s: module license '%s' taints kernel.\n", mod->name,
			get_modinfo(&info, "license") ?: "unspecified");
	err = percpu_modalloc(mod, &info);
	if (err)
		goto free;
	err = find_module_sections(mod, &info);
	if (!err)
		err = simplify_symbols(mod, &info);
	if (!err)
		err = apply_relocations(mod, &info);
	if (!err)
		err = check_entry_points(mod);
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

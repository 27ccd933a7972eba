/*
 * The tables a module file brings, checked before anything reads them
 * (Linux trusts a signed module's; this loader takes a file from any
 * process). Relocation has made each entry an address; an entry whose
 * address is not the module's own memory of the right kind would have
 * apply_alternatives() patch the kernel, the fault handler resume at
 * any address, report_bug() or find_symbol() read anywhere. So every
 * table must be a loaded section of whole entries, and every entry:
 *   .altinstructions  the site in the module's code, the replacement
 *                     inside its .altinstr_replacement, no longer than
 *                     the site;
 *   __ex_table        the faulting instruction and its fixup in its code;
 *   __bug_table       the trapping instruction in its code, the file
 *                     name a string in its read-only data;
 *   __ksymtab(_gpl)   the value in its (non-init) memory, the name a
 *                     string in its read-only data;
 *   __param           the name a string in its read-only data, the
 *                     variable in its data, the ops the kernel's
 *                     (param_ops_int...) or in its read-only data
 *                     (module_param_cb()).
 * The first bad entry refuses the module with -ENOEXEC and a one-line
 * reason; the caller frees what was allocated.
 */
#include <kernel/alternative.h>
#include <kernel/bug.h>
#include <kernel/errno.h>
#include <kernel/export.h>
#include <kernel/extable.h>
#include <kernel/module.h>
#include <kernel/moduleparam.h>
#include <kernel/printk.h>

#include "internal.h"

/* [addr, addr + len) lies wholly in the module's region t. */
static bool in_mem(const struct module *mod, unsigned long addr, size_t len, enum mod_mem_type t)
{
	unsigned long base = (unsigned long)mod->mem[t].base;

	return base && addr >= base && addr - base <= mod->mem[t].size &&
	       len <= mod->mem[t].size - (addr - base);
}

static bool in_code(const struct module *mod, unsigned long addr, size_t len)
{
	return in_mem(mod, addr, len, MOD_TEXT) || in_mem(mod, addr, len, MOD_INIT_TEXT);
}

/* A NUL-terminated string wholly inside region t. */
static bool string_in(const struct module *mod, const char *s, enum mod_mem_type t)
{
	unsigned long base = (unsigned long)mod->mem[t].base, addr = (unsigned long)s;

	if (!in_mem(mod, addr, 1, t))
		return false;
	for (unsigned long end = base + mod->mem[t].size; addr < end; addr++)
		if (!*(const char *)addr)
			return true;
	return false;
}

static bool string_in_rodata(const struct module *mod, const char *s)
{
	return string_in(mod, s, MOD_RODATA) || string_in(mod, s, MOD_INIT_RODATA);
}

static bool in_core(const struct module *mod, unsigned long addr)
{
	return in_mem(mod, addr, 1, MOD_TEXT) || in_mem(mod, addr, 1, MOD_RODATA) ||
	       in_mem(mod, addr, 1, MOD_DATA);
}

static int bad_entry(const struct module *mod, const char *table, unsigned int i, const char *why)
{
	pr_err("module %s: %s entry %u: %s\n", mod->name, table, i, why);
	return -ENOEXEC;
}

/*
 * The section called name as a table of size-byte entries: 0 with
 * *start NULL when there is none, -ENOEXEC when it is not loaded or
 * not a whole number of entries.
 */
int module_table(const struct module *mod, const struct load_info *info, const char *name,
		 size_t size, void **start, unsigned int *num)
{
	unsigned int i = find_sec(info, name);
	const Elf_Shdr *s = &info->sechdrs[i];

	*start = NULL;
	*num = 0;
	if (!i)
		return 0;
	if (!(s->sh_flags & SHF_ALLOC) || s->sh_type == SHT_NOBITS) {
		pr_err("module %s: %s is not loaded\n", mod->name, name);
		return -ENOEXEC;
	}
	if (s->sh_size % size) {
		pr_err("module %s: %s is %lu bytes, not whole %zu-byte entries\n", mod->name, name,
		       (unsigned long)s->sh_size, size);
		return -ENOEXEC;
	}
	*start = (void *)(unsigned long)s->sh_addr;
	*num = s->sh_size / size;
	return 0;
}

int module_check_alternatives(const struct module *mod, const struct load_info *info,
			      const struct alt_instr *alt, unsigned int n)
{
	unsigned int r = find_sec(info, ".altinstr_replacement");
	unsigned long rbase = r ? info->sechdrs[r].sh_addr : 0, rsize = r ? info->sechdrs[r].sh_size : 0;

	if (r && !(info->sechdrs[r].sh_flags & SHF_ALLOC))
		rbase = rsize = 0;
	for (unsigned int i = 0; i < n; i++) {
		unsigned long repl = (unsigned long)alt_replacement(&alt[i]);

		if (!in_code(mod, (unsigned long)alt_site(&alt[i]), alt[i].instrlen))
			return bad_entry(mod, ".altinstructions", i, "its site is not the module's code");
		if (alt[i].replacementlen > alt[i].instrlen)
			return bad_entry(mod, ".altinstructions", i,
					 "its replacement is longer than its site");
		if (repl < rbase || repl - rbase > rsize ||
		    alt[i].replacementlen > rsize - (repl - rbase))
			return bad_entry(mod, ".altinstructions", i,
					 "its replacement is not in .altinstr_replacement");
	}
	return 0;
}

static int check_extable(const struct module *mod)
{
	for (unsigned int i = 0; i < mod->num_exentries; i++) {
		const struct exception_table_entry *e = &mod->extable[i];

		if (!in_code(mod, ex_insn_addr(e), 1))
			return bad_entry(mod, "__ex_table", i, "its instruction is not the module's code");
		if (!in_code(mod, ex_fixup_addr(e), 1))
			return bad_entry(mod, "__ex_table", i, "its fixup is not the module's code");
	}
	return 0;
}

static int check_bug_table(const struct module *mod)
{
	for (unsigned int i = 0; i < mod->num_bugs; i++) {
		const struct bug_entry *b = &mod->bug_table[i];

		if (!in_code(mod, (unsigned long)&b->bug_addr_disp + b->bug_addr_disp, 1))
			return bad_entry(mod, "__bug_table", i, "its site is not the module's code");
		if (!string_in_rodata(mod, (const char *)&b->file_disp + b->file_disp))
			return bad_entry(mod, "__bug_table", i,
					 "its file is not a string in the module's read-only data");
	}
	return 0;
}

static int check_ksymtab(const struct module *mod, const char *table,
			 const struct kernel_symbol *syms, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		if (!in_core(mod, kernel_symbol_value(&syms[i])))
			return bad_entry(mod, table, i, "its value is not the module's memory");
		if (!string_in_rodata(mod, kernel_symbol_name(&syms[i])))
			return bad_entry(mod, table, i,
					 "its name is not a string in the module's read-only data");
	}
	return 0;
}

static bool kernel_param_ops(const struct kernel_param_ops *ops)
{
	return ops == &param_ops_int || ops == &param_ops_uint || ops == &param_ops_long ||
	       ops == &param_ops_ulong || ops == &param_ops_bool || ops == &param_ops_charp;
}

static int check_params(const struct module *mod)
{
	for (unsigned int i = 0; i < mod->num_kp; i++) {
		const struct kernel_param *kp = &mod->kp[i];

		if (!string_in_rodata(mod, kp->name))
			return bad_entry(mod, "__param", i,
					 "its name is not a string in the module's read-only data");
		if (!in_mem(mod, (unsigned long)kp->arg, 1, MOD_DATA))
			return bad_entry(mod, "__param", i, "its variable is not the module's data");
		if (!kernel_param_ops(kp->ops) &&
		    !in_mem(mod, (unsigned long)kp->ops, sizeof(*kp->ops), MOD_RODATA))
			return bad_entry(mod, "__param", i,
					 "its ops are neither the kernel's nor the module's read-only data");
	}
	return 0;
}

int module_check_tables(const struct module *mod)
{
	int err = check_extable(mod);

	if (!err)
		err = check_bug_table(mod);
	if (!err)
		err = check_ksymtab(mod, "__ksymtab", mod->syms, mod->num_syms);
	if (!err)
		err = check_ksymtab(mod, "__ksymtab_gpl", mod->gpl_syms, mod->num_gpl_syms);
	if (!err)
		err = check_params(mod);
	return err;
}

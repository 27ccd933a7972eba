/*
 * A module's symbols in kallsyms, so that %pS names an address in a
 * module as Linux does, "fn+0x10/0x40 [name]", and the `ksyms` command
 * and gdb can find them (Linux's add_kallsyms()).
 *
 * At load, after its symbols have their final values, the module's
 * functions and objects (the symbols with a size in an allocated section)
 * are copied into a table of its own, names included, since the file they
 * came from is freed. Those in the .init regions go when init has run
 * (trim_init_kallsyms()), as the regions do. A lookup is a scan of the
 * module's table: a module has a few dozen symbols.
 */
#include <kernel/errno.h>
#include <kernel/kallsyms.h>
#include <kernel/module.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#include "internal.h"

static bool wanted(const struct load_info *info, const Elf_Sym *sym)
{
	unsigned int type = ELF_ST_TYPE(sym->st_info);

	return (type == STT_FUNC || type == STT_OBJECT) && sym->st_size &&
	       sym->st_shndx != SHN_UNDEF && sym->st_shndx < info->hdr->e_shnum &&
	       (info->sechdrs[sym->st_shndx].sh_flags & SHF_ALLOC);
}

/* A section the loader placed: allocated and not empty, or the per-CPU one. */
static bool placed(const struct load_info *info, unsigned int i)
{
	return info->sechdrs[i].sh_size &&
	       ((info->sechdrs[i].sh_flags & SHF_ALLOC) || i == info->index.pcpu);
}

static unsigned long sect_address(const struct module *mod, const struct load_info *info,
				  unsigned int i)
{
	return i == info->index.pcpu ? mod->percpu : (unsigned long)info->sechdrs[i].sh_addr;
}

int add_kallsyms(struct module *mod, const struct load_info *info)
{
	struct mod_kallsyms *ks = &mod->kallsyms;
	size_t names = 0, at = 0;
	unsigned int n = 0, nsect = 0;

	for (unsigned int i = 1; i < info->num_syms; i++) {
		if (wanted(info, &info->symtab[i])) {
			n++;
			names += strlen(info->strtab + info->symtab[i].st_name) + 1;
		}
	}
	for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
		if (placed(info, i)) {
			nsect++;
			names += strlen(info->secstrings + info->sechdrs[i].sh_name) + 1;
		}
	}
	ks->addr = kmalloc((n ? n : 1) * sizeof(*ks->addr));
	ks->size = kmalloc((n ? n : 1) * sizeof(*ks->size));
	ks->name = kmalloc((n ? n : 1) * sizeof(*ks->name));
	ks->sect_addr = kmalloc((nsect ? nsect : 1) * sizeof(*ks->sect_addr));
	ks->sect_name = kmalloc((nsect ? nsect : 1) * sizeof(*ks->sect_name));
	ks->strtab = kmalloc(names ? names : 1);
	if (!ks->addr || !ks->size || !ks->name || !ks->sect_addr || !ks->sect_name ||
	    !ks->strtab) {
		free_kallsyms(mod);
		return -ENOMEM;
	}
	for (unsigned int i = 1; i < info->num_syms; i++) {
		const Elf_Sym *sym = &info->symtab[i];
		size_t len;

		if (!wanted(info, sym))
			continue;
		len = strlen(info->strtab + sym->st_name) + 1;
		memcpy(ks->strtab + at, info->strtab + sym->st_name, len);
		ks->addr[ks->num] = sym->st_value;
		ks->size[ks->num] = sym->st_size;
		ks->name[ks->num++] = ks->strtab + at;
		at += len;
	}
	for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
		const char *name = info->secstrings + info->sechdrs[i].sh_name;
		size_t len = strlen(name) + 1;

		if (!placed(info, i))
			continue;
		memcpy(ks->strtab + at, name, len);
		ks->sect_addr[ks->num_sect] = sect_address(mod, info, i);
		ks->sect_name[ks->num_sect++] = ks->strtab + at;
		at += len;
	}
	return 0;
}

/* Keep only the symbols outside the .init regions, which are about to be freed. */
void trim_init_kallsyms(struct module *mod)
{
	struct mod_kallsyms *ks = &mod->kallsyms;
	unsigned int kept = 0;

	for (unsigned int i = 0; i < ks->num; i++) {
		bool init = false;

		for (int t = MOD_INIT_TEXT; t < MOD_MEM_NUM_TYPES; t++) {
			unsigned long base = (unsigned long)mod->mem[t].base;

			init |= base && ks->addr[i] >= base && ks->addr[i] - base < mod->mem[t].size;
		}
		if (init)
			continue;
		ks->addr[kept] = ks->addr[i];
		ks->size[kept] = ks->size[i];
		ks->name[kept++] = ks->name[i];
	}
	ks->num = kept;
}

void free_kallsyms(struct module *mod)
{
	kfree(mod->kallsyms.addr);
	kfree(mod->kallsyms.size);
	kfree(mod->kallsyms.name);
	kfree(mod->kallsyms.sect_addr);
	kfree(mod->kallsyms.sect_name);
	kfree(mod->kallsyms.strtab);
	memset(&mod->kallsyms, 0, sizeof(mod->kallsyms));
}

/* Both names are copied out under the lock: a module removed meanwhile is freed memory. */
const char *module_address_lookup(unsigned long addr, unsigned long *symbolsize,
				  unsigned long *offset, char *modname, char *namebuf)
{
	const char *found = NULL;
	const struct mod_kallsyms *ks;
	struct module *mod;
	unsigned long flags;

	module_list_lock(&flags);
	mod = __module_address(addr);
	ks = mod ? &mod->kallsyms : NULL;
	for (unsigned int i = 0; ks && i < ks->num; i++) {
		if (addr < ks->addr[i] || addr - ks->addr[i] >= ks->size[i])
			continue;
		if (symbolsize)
			*symbolsize = ks->size[i];
		if (offset)
			*offset = addr - ks->addr[i];
		strscpy(modname, mod->name, KSYM_NAME_LEN);
		strscpy(namebuf, ks->name[i], KSYM_NAME_LEN);
		found = namebuf;
		break;
	}
	module_list_unlock(flags);
	return found;
}

struct name_query {
	const char *name;
	unsigned long addr;
};

static void lookup_in(struct module *mod, void *arg)
{
	struct name_query *q = arg;

	for (unsigned int i = 0; !q->addr && i < mod->kallsyms.num; i++)
		if (!strcmp(mod->kallsyms.name[i], q->name))
			q->addr = mod->kallsyms.addr[i];
}

unsigned long module_kallsyms_lookup_name(const char *name)
{
	struct name_query q = { name, 0 };

	for_each_module(lookup_in, &q);
	return q.addr;
}

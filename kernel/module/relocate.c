/*
 * Step 7 of load_module(): apply every relocation section whose target
 * section is in memory (SHF_ALLOC), each by the arch's apply_relocate()
 * (arch/<arch>/kernel/module.c), and count the entries for make bench.
 * A file of its own so that the module fuzzer (tests/fuzz/module_fuzz.c)
 * runs this very loop, not a copy of it.
 */
#include <kernel/module.h>

#include "internal.h"

int apply_relocations(struct module *mod, struct load_info *info)
{
	for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
		const Elf_Shdr *s = &info->sechdrs[i];
		int err;

		if (s->sh_type != SHT_REL && s->sh_type != SHT_RELA)
			continue;
		if (!(info->sechdrs[s->sh_info].sh_flags & SHF_ALLOC))
			continue;
		err = apply_relocate(info, i, mod);
		if (err)
			return err;
		mod->num_relocs += s->sh_size / s->sh_entsize;
	}
	return 0;
}

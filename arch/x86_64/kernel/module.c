/*
 * x86_64 module relocations (RELA: the addend is in the entry), as
 * Linux's arch/x86/kernel/module.c: S + A, minus the place P for the
 * PC-relative kinds, written as 8 or 4 bytes. A 4-byte field must hold
 * the value exactly: zero-extended for R_X86_64_32, sign-extended for
 * 32S and the PC-relative ones. A module compiled with -mcmodel=kernel
 * and loaded in the module area (asm/module.h) always fits; one that
 * does not is refused, not patched with a wrong address. The place must
 * still hold zeros: a non-zero one means the file was relocated already
 * or is not what it claims.
 */
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/printk.h>
#include <kernel/string.h>

#include <kernel/moduleloader.h>

#define R_X86_64_NONE	0
#define R_X86_64_64	1
#define R_X86_64_PC32	2
#define R_X86_64_PLT32	4
#define R_X86_64_32	10
#define R_X86_64_32S	11
#define R_X86_64_PC64	24

int apply_relocate(struct load_info *info, unsigned int relsec, struct module *mod)
{
	static const u8 zeros[8];
	const Elf_Shdr *rel = &info->sechdrs[relsec], *target = &info->sechdrs[rel->sh_info];
	const Elf64_Rela *r = (const void *)((char *)info->hdr + rel->sh_offset);

	for (size_t i = 0; i < rel->sh_size / sizeof(*r); i++) {
		const Elf_Sym *sym = &info->symtab[ELF_R_SYM(r[i].r_info)];
		unsigned int type = ELF_R_TYPE(r[i].r_info);
		u64 loc = target->sh_addr + r[i].r_offset, val = sym->st_value + r[i].r_addend;
		size_t width = 4;
		bool fits = true;

		if (!module_symbol_loaded(info, sym, mod))
			return -ENOEXEC;
		switch (type) {
		case R_X86_64_NONE:
			continue;
		case R_X86_64_64:
			width = 8;
			break;
		case R_X86_64_32:
			fits = val == (u32)val;
			break;
		case R_X86_64_32S:
			fits = (s64)val == (s32)val;
			break;
		/* LAB module_reloc: begin */
		case R_X86_64_PC32:
		case R_X86_64_PLT32:
			val -= loc;
			fits = (s64)val == (s32)val;
			break;
		/* LAB module_reloc: end */
		case R_X86_64_PC64:
			val -= loc;
			width = 8;
			break;
		default:
			pr_err("%s: Unknown rela relocation: %u\n", mod->name, type);
			return -ENOEXEC;
		}
		if (!fits) {
			pr_err("%s: overflow in relocation type %u val %llx: likely not compiled "
			       "with -mcmodel=kernel\n", mod->name, type, (unsigned long long)val);
			return -ENOEXEC;
		}
		/* The checks promised 4 bytes in the section; an 8-byte field needs 8. */
		if (width > target->sh_size || r[i].r_offset > target->sh_size - width) {
			pr_err("%s: relocation type %u at %#llx runs past its section\n", mod->name,
			       type, (unsigned long long)r[i].r_offset);
			return -ENOEXEC;
		}
		if (memcmp((void *)loc, zeros, width)) {
			pr_err("%s: Invalid relocation target, existing value is nonzero for type %u, "
			       "loc %#llx, val %llx\n", mod->name, type, (unsigned long long)loc,
			       (unsigned long long)val);
			return -ENOEXEC;
		}
		memcpy((void *)loc, &val, width);
	}
	return 0;
}

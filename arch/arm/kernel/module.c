/*
 * 32-bit ARM module relocations (REL: the addend is in the place itself),
 * as Linux's arch/arm/kernel/module.c apply_relocate(): each kind decodes
 * the addend from the instruction or word, adds S (and subtracts P for
 * the PC-relative ones) and encodes the result back, refusing a value the
 * field cannot hold. A branch (bl/b: R_ARM_CALL, JUMP24, PC24) reaches
 * +-32 MiB: the module area lies within that of the whole kernel
 * (asm/module.h), so a call from a module to the kernel always fits, and
 * one that does not is refused rather than sent elsewhere. Modules are
 * ARM code (-marm): a branch to a Thumb function would need interworking,
 * which is refused as Linux does.
 */
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/moduleloader.h>
#include <kernel/printk.h>
#include <kernel/string.h>

#define R_ARM_NONE		0
#define R_ARM_PC24		1
#define R_ARM_ABS32		2
#define R_ARM_REL32		3
#define R_ARM_CALL		28
#define R_ARM_JUMP24		29
#define R_ARM_TARGET1		38
#define R_ARM_V4BX		40
#define R_ARM_PREL31		42
#define R_ARM_MOVW_ABS_NC	43
#define R_ARM_MOVT_ABS		44
#define R_ARM_MOVW_PREL_NC	45
#define R_ARM_MOVT_PREL		46

/* The 16-bit immediate of movw/movt, imm4:imm12, as a signed addend. */
static s32 movw_imm(u32 insn)
{
	s32 imm = ((insn & 0xf0000) >> 4) | (insn & 0xfff);

	return (imm ^ 0x8000) - 0x8000;
}

static int relocate_one(u32 *loc, unsigned int type, unsigned long sym, struct module *mod)
{
	unsigned long place = (unsigned long)loc;
	u32 insn;
	s32 offset;

	memcpy(&insn, loc, 4);
	switch (type) {
	case R_ARM_NONE:
		return 0;
	case R_ARM_ABS32:
	case R_ARM_TARGET1:
		insn += sym;
		break;
	case R_ARM_REL32:
		insn += sym - place;
		break;
	/* LAB module_reloc: begin */
	case R_ARM_PC24:
	case R_ARM_CALL:
	case R_ARM_JUMP24:
		if (sym & 3) {
			pr_err("%s: unsupported interworking call (ARM -> Thumb) to %#lx\n",
			       mod->name, sym);
			return -ENOEXEC;
		}
		offset = (s32)((insn & 0x00ffffff) << 8) >> 6;	/* imm24 << 2, sign-extended */
		offset += sym - place;
		if (offset <= (s32)0xfe000000 || offset >= 0x02000000) {
			pr_err("%s: branch relocation type %u out of range: %#lx to %#lx\n",
			       mod->name, type, place, sym);
			return -ENOEXEC;
		}
		insn = (insn & 0xff000000) | ((offset >> 2) & 0x00ffffff);
		break;
	/* LAB module_reloc: end */
	case R_ARM_V4BX:
		/* bx rm becomes mov pc, rm: the condition and rm stay. */
		insn = (insn & 0xf000000f) | 0x01a0f000;
		break;
	case R_ARM_PREL31:
		offset = ((s32)(insn << 1) >> 1) + sym - place;
		if (offset >= 0x40000000 || offset < -0x40000000) {
			pr_err("%s: PREL31 relocation out of range at %#lx\n", mod->name, place);
			return -ENOEXEC;
		}
		insn = (insn & 0x80000000) | (offset & 0x7fffffff);
		break;
	case R_ARM_MOVW_ABS_NC:
	case R_ARM_MOVT_ABS:
	case R_ARM_MOVW_PREL_NC:
	case R_ARM_MOVT_PREL:
		offset = movw_imm(insn) + sym;
		if (type == R_ARM_MOVW_PREL_NC || type == R_ARM_MOVT_PREL)
			offset -= place;
		if (type == R_ARM_MOVT_ABS || type == R_ARM_MOVT_PREL)
			offset >>= 16;
		insn = (insn & 0xfff0f000) | ((offset & 0xf000) << 4) | (offset & 0x0fff);
		break;
	default:
		pr_err("%s: unknown relocation: %u\n", mod->name, type);
		return -ENOEXEC;
	}
	memcpy(loc, &insn, 4);
	return 0;
}

int apply_relocate(struct load_info *info, unsigned int relsec, struct module *mod)
{
	const Elf_Shdr *rel = &info->sechdrs[relsec], *target = &info->sechdrs[rel->sh_info];
	const Elf32_Rel *r = (const void *)((char *)info->hdr + rel->sh_offset);

	for (size_t i = 0; i < rel->sh_size / sizeof(*r); i++) {
		const Elf_Sym *sym = &info->symtab[ELF_R_SYM(r[i].r_info)];
		int err;

		if (!module_symbol_loaded(info, sym, mod))
			return -ENOEXEC;
		err = relocate_one((u32 *)(target->sh_addr + r[i].r_offset),
				   ELF_R_TYPE(r[i].r_info), sym->st_value, mod);
		if (err)
			return err;
	}
	return 0;
}

/*
 * checksections: fail the build when code or data that stays after boot
 * refers to something that free_initmem() gives back.
 *
 *   checksections FILE.o
 *
 * FILE.o is the relocatable kernel (the "ld -r" of every object, made before
 * the final link). Each relocation in it is a reference: from a place in one
 * section to a symbol, or to a section plus an addend. A reference into an
 * .init.* section (__init, __initdata, __initconst) from a section that is
 * not itself freed with init memory would, once boot is over, lead into
 * pages that are unmapped: that is a section mismatch. Linux's modpost makes
 * the same check on vmlinux.o.
 *
 * Exit status: 0 when there is no mismatch; 1 when there are some (one line
 * each on stderr, then a count); 2 when FILE cannot be read or is not an
 * x86_64 or 32-bit ARM relocatable ELF object. No libelf: the structures
 * come from the host's <elf.h>.
 */
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "elffile.h"

struct reloc {
	uint64_t offset;
	uint32_t sym, type;
	int64_t addend;
	bool rel;		/* SHT_REL: the addend is in the bytes relocated */
};

static bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int64_t sign_extend(uint64_t value, unsigned bits)
{
	uint64_t sign = 1ull << (bits - 1);

	return (int64_t)((value & ((sign << 1) - 1)) ^ sign) - (int64_t)sign;
}

/*
 * A name worth printing: not a section or file symbol, not an assembler
 * local label (.L..., e.g. gcc's section anchors .LANCHOR0) and not an ARM
 * mapping symbol ($a, $d, $t: they mark code and data, they name nothing).
 */
static bool is_named(const struct symbol *s)
{
	return s->name[0] && s->type != STT_SECTION && s->type != STT_FILE &&
	       !starts_with(s->name, ".L") && s->name[0] != '$';
}

/*
 * The named symbol of section shndx that holds address addr: the closest
 * one starting at or below it. NULL when there is none.
 */
static const struct symbol *symbol_at(const struct elf_file *o, size_t shndx, uint64_t addr)
{
	const struct symbol *best = NULL;
	size_t i;

	for (i = 0; i < o->nsymbols; i++) {
		const struct symbol *s = &o->symbols[i];

		if (!s->defined || s->shndx != shndx || !is_named(s) || s->value > addr)
			continue;
		if (!best || s->value > best->value)
			best = s;
	}
	return best;
}

/*
 * Sections that may refer to .init.*: those freed with it or never loaded.
 */
static bool may_refer_to_init(const struct section *s)
{
	/* Debug information, .comment, ...: not part of the running kernel. */
	if (!(s->flags & SHF_ALLOC))
		return true;
	/* .init.text, .init.data, .init.setup, .init.ktest_suites, .initcall*.init */
	if (starts_with(s->name, ".init"))
		return true;
	/*
	 * Alternatives and the lock-prefix list are applied during boot and lie in
	 * the init region too.
	 */
	if (!strcmp(s->name, ".altinstructions") || !strcmp(s->name, ".altinstr_replacement") ||
	    !strcmp(s->name, ".smp_locks"))
		return true;
	/* Entry code: runs once, before anything is freed; it jumps to start_kernel. */
	if (!strcmp(s->name, ".head.text"))
		return true;
	/* Unwind tables describe every function; the linker script discards them. */
	return !strcmp(s->name, ".eh_frame") || starts_with(s->name, ".ARM.exidx") ||
	       starts_with(s->name, ".ARM.extab");
}

static bool is_init_section(const struct section *s)
{
	return starts_with(s->name, ".init.");
}

static struct reloc read_reloc(const struct elf_file *o, const struct section *rs, size_t i)
{
	const unsigned char *p = o->data + rs->offset + i * rs->entsize;
	/* An Elf_Rel is the first two fields of an Elf_Rela. */
	uint64_t info = ELF_FIELD(o, p, Rela, r_info);
	struct reloc r = { .rel = rs->type == SHT_REL, .offset = ELF_FIELD(o, p, Rela, r_offset) };

	r.sym = o->is64 ? ELF64_R_SYM(info) : ELF32_R_SYM(info);
	r.type = o->is64 ? ELF64_R_TYPE(info) : ELF32_R_TYPE(info);
	if (rs->type == SHT_RELA)
		r.addend = o->is64 ? (int64_t)ELF_FIELD(o, p, Rela, r_addend)
				   : (int32_t)ELF_FIELD(o, p, Rela, r_addend);
	return r;
}

/*
 * x86_64: a PC-relative displacement at code[disp] counts from the end of
 * its instruction, which is 4 bytes after the displacement plus any
 * immediate operand after it (`movl $5, var(%rip)` has 4). gcc's addend
 * already subtracts that distance (-4 - immediate size), so to know which
 * byte is referred to, the immediate's size is needed. Only an instruction
 * with a ModRM byte (mod 00, r/m 101: RIP-relative) can have one; these are
 * the one-byte opcodes with immediates that gcc uses on memory operands.
 */
static unsigned x86_immediate_size(const unsigned char *code, uint64_t disp)
{
	unsigned char modrm, opcode;
	bool operand16;

	if (disp < 2 || (code[disp - 1] & 0xc7) != 0x05)
		return 0;
	modrm = code[disp - 1];
	opcode = code[disp - 2];
	if (disp >= 3 && code[disp - 3] == 0x0f)	/* two-byte opcode (xadd, bts ...) */
		return opcode == 0xba ? 1 : 0;
	/* 0x66 prefix, maybe followed by REX: 16-bit operands, 2-byte immediate */
	operand16 = (disp >= 3 && code[disp - 3] == 0x66) ||
		    (disp >= 4 && (code[disp - 3] & 0xf0) == 0x40 && code[disp - 4] == 0x66);
	switch (opcode) {
	case 0x80: case 0x83: case 0xc0: case 0xc1: case 0xc6: case 0x6b:
		return 1;
	case 0x81: case 0xc7: case 0x69:
		return operand16 ? 2 : 4;
	case 0xf6:	/* test $imm8 is /0; not, neg, mul ... take none */
		return (modrm & 0x38) == 0 ? 1 : 0;
	case 0xf7:
		return (modrm & 0x38) == 0 ? (operand16 ? 2 : 4) : 0;
	default:
		return 0;
	}
}

/*
 * ARM REL: the addend is in the bytes being relocated (word), in the place
 * the relocation type says. Returned as an offset from the symbol to the
 * byte referred to. Types gcc does not emit for ARM-mode kernel code (Thumb
 * ones) give 0: the symbol alone.
 */
static int64_t arm_addend(uint32_t type, uint32_t word)
{
	switch (type) {
	case R_ARM_ABS32:
	case R_ARM_REL32:
	case R_ARM_TARGET1:
		return (int32_t)word;
	case R_ARM_PREL31:
		return sign_extend(word, 31);
	case R_ARM_PC24:
	case R_ARM_CALL:
	case R_ARM_JUMP24:
		/* imm24 counts words from the branch + 8 (the pipeline's PC) */
		return sign_extend(word, 24) * 4 + 8;
	case R_ARM_MOVW_ABS_NC:
	case R_ARM_MOVT_ABS:
		/* imm16 split in imm4 (bits 19-16) and imm12 (bits 11-0) */
		return sign_extend(((word >> 4) & 0xf000) | (word & 0xfff), 16);
	default:
		return 0;
	}
}

/* The offset, inside the target symbol's section, of what r refers to. */
static uint64_t target_address(const struct elf_file *o, const struct section *from,
			       const struct reloc *r, const struct symbol *sym)
{
	bool readable = from->type != SHT_NOBITS && r->offset < from->size;
	const unsigned char *bytes = readable ? o->data + from->offset : NULL;
	int64_t addend = r->addend;

	/* In data, "PC-relative" is `.long target - .`: the addend is exact. */
	if (o->machine == EM_X86_64 && (r->type == R_X86_64_PC32 || r->type == R_X86_64_PLT32) &&
	    (from->flags & SHF_EXECINSTR) && readable)
		addend += 4 + x86_immediate_size(bytes, r->offset);
	if (o->machine == EM_ARM && r->rel && readable && from->size - r->offset >= 4)
		addend = arm_addend(r->type, read32(bytes + r->offset));
	return o->is64 ? sym->value + addend : (uint32_t)(sym->value + addend);
}

/* "name+0xoff" for address addr of section shndx, into buf. */
static const char *describe(const struct elf_file *o, size_t shndx, uint64_t addr,
			    char *buf, size_t len)
{
	const struct symbol *s = symbol_at(o, shndx, addr);

	snprintf(buf, len, "%s+0x%llx", s ? s->name : o->sections[shndx].name,
		 (unsigned long long)(addr - (s ? s->value : 0)));
	return buf;
}

static void report(const struct elf_file *o, size_t from_index, const struct reloc *r,
		   const struct symbol *sym)
{
	const struct section *from = &o->sections[from_index];
	char from_name[512], to_name[512];
	const char *to = sym->name;

	/*
	 * A reference to a static function or object usually names its
	 * section (or a local label) plus an addend, not the symbol. The name
	 * printed is then that of the closest named symbol at or below the
	 * address, as modpost's find_tosym() does: for static targets a best
	 * guess (with ARM section anchors, the object at the anchor).
	 */
	if (!is_named(sym)) {
		uint64_t addr = target_address(o, from, r, sym);
		const struct symbol *near = symbol_at(o, sym->shndx, addr);

		to = near ? near->name : describe(o, sym->shndx, addr, to_name, sizeof(to_name));
	}
	fprintf(stderr, "section mismatch: %s (%s) refers to %s (%s)\n",
		describe(o, from_index, r->offset, from_name, sizeof(from_name)), from->name,
		to, o->sections[sym->shndx].name);
}

/* gcc pairs each MOVT with a MOVW of the same address: only that one is reported. */
static bool is_arm_movt(uint32_t type)
{
	return type == R_ARM_MOVT_ABS || type == R_ARM_MOVT_PREL ||
	       type == R_ARM_THM_MOVT_ABS || type == R_ARM_THM_MOVT_PREL;
}

/* Check every relocation of section rs; return how many are mismatches. */
static size_t check_relocations(const struct elf_file *o, const struct section *rs)
{
	size_t expected, count = 0, i;

	if (rs->info >= o->nsections || rs->link != o->symtab || !o->symtab)
		fail("relocation section %s: bad section or symbol table index", rs->name);
	if (may_refer_to_init(&o->sections[rs->info]))
		return 0;
	if (o->is64)
		expected = rs->type == SHT_RELA ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);
	else
		expected = rs->type == SHT_RELA ? sizeof(Elf32_Rela) : sizeof(Elf32_Rel);
	if (rs->entsize != expected)
		fail("relocation section %s: bad entry size", rs->name);

	for (i = 0; i < rs->size / rs->entsize; i++) {
		struct reloc r = read_reloc(o, rs, i);
		const struct symbol *sym;

		if (r.sym >= o->nsymbols)
			fail("relocation section %s: bad symbol index %u", rs->name, r.sym);
		sym = &o->symbols[r.sym];
		if (r.sym == 0 || !sym->defined || !is_init_section(&o->sections[sym->shndx]))
			continue;
		if (o->machine == EM_ARM && is_arm_movt(r.type))
			continue;
		report(o, rs->info, &r, sym);
		count++;
	}
	return count;
}

int main(int argc, char **argv)
{
	struct elf_file o = { 0 };
	size_t count = 0, i;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE.o\n", argv[0]);
		return 2;
	}
	read_elf(&o, "checksections", argv[1]);
	if (o.type != ET_REL)
		fail("not a relocatable object (give it the \"ld -r\" output)");
	if (o.is64 ? o.machine != EM_X86_64 : o.machine != EM_ARM)
		fail("only x86_64 (ELF64) and ARM (ELF32) objects are supported");
	for (i = 0; i < o.nsections; i++) {
		if (o.sections[i].type == SHT_REL || o.sections[i].type == SHT_RELA)
			count += check_relocations(&o, &o.sections[i]);
	}
	if (count)
		fprintf(stderr, "checksections: %zu section mismatch%s in %s\n",
			count, count == 1 ? "" : "es", o.path);
	free_elf(&o);
	return count ? 1 : 0;
}

/*
 * Step 1 of loading a module: is this .ko an ELF file the rest of the
 * loader may read without checking again? (Linux's
 * elf_validity_cache_copy().) The file comes from whoever loads it: every
 * offset, size and index is checked against the file before anything
 * reads through it, each sum in a way that cannot wrap, so a truncated or
 * corrupted file is refused with a one-line reason instead of read out
 * of bounds. tests/host/modload_elf.c runs this file on mutated copies
 * of every sample module under ASan and UBSan; it depends on
 * nothing but the string functions and printk().
 */
#include <asm/module.h>
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/printk.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

#include "internal.h"

/* A NOBITS section bigger than the module area could never be mapped anyway. */
#define MAX_NOBITS_SIZE	(16u << 20)
#define MAX_ALIGN	4096u

/* The one-line reason, then -ENOEXEC for the caller to return. */
static __printf(2, 3) int refuse(const struct load_info *info, const char *fmt, ...)
{
	char reason[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	pr_err("module %s: %s\n", info->name ? info->name : "(unnamed)", reason);
	return -ENOEXEC;
}

/* [off, off + size) lies in the file (no sum that could wrap). */
static bool in_file(const struct load_info *info, u64 off, u64 size)
{
	return off <= info->len && size <= info->len - off;
}

/* Two byte ranges of the file share a byte (an empty one shares none). */
static bool overlap(u64 a, u64 a_size, u64 b, u64 b_size)
{
	return a_size && b_size && a < b + b_size && b < a + a_size;
}

/*
 * The loader writes into the file after this check: each allocated
 * section's header gets its sh_addr, and each symbol its st_value. A
 * section whose bytes lie on the section headers (or on the symbol table)
 * would then hold what was never checked: a relocation table laid over a
 * header, say, gets a run-time address as its r_offset (found by the
 * module32 fuzzer: a write far outside the module).
 */
static bool overlaps_written(const Elf_Shdr *s, u64 off, u64 size)
{
	return s->sh_type != SHT_NOBITS && overlap(s->sh_offset, s->sh_size, off, size);
}

static char *file_at(const struct load_info *info, u64 off)
{
	return (char *)info->hdr + off;
}

static bool aligned(u64 off, size_t align)
{
	return off % align == 0;
}

static const char *sec_name(const struct load_info *info, unsigned int i)
{
	return info->secstrings + info->sechdrs[i].sh_name;
}

unsigned int find_sec(const struct load_info *info, const char *name)
{
	for (unsigned int i = 1; i < info->hdr->e_shnum; i++)
		if (!strcmp(sec_name(info, i), name))
			return i;
	return 0;
}

static int check_header(struct load_info *info)
{
	const Elf_Ehdr *hdr = info->hdr;

	if (info->len < sizeof(*hdr))
		return refuse(info, "%zu bytes: too short for an ELF header", info->len);
	if (memcmp(hdr->e_ident, "\177ELF", 4))
		return refuse(info, "not an ELF file");
	if (hdr->e_ident[EI_CLASS] != ELFCLASS || hdr->e_ident[EI_DATA] != ELFDATA2LSB ||
	    hdr->e_ident[EI_VERSION] != EV_CURRENT)
		return refuse(info, "ELF class %u, data %u, version %u: this kernel takes "
			      "ELF%d little-endian version 1", hdr->e_ident[EI_CLASS],
			      hdr->e_ident[EI_DATA], hdr->e_ident[EI_VERSION], ELF_BITS);
	if (hdr->e_type != ET_REL)
		return refuse(info, "ELF type %u: a module is a relocatable file (ET_REL)",
			      hdr->e_type);
	if (hdr->e_machine != MODULE_ELF_MACHINE)
		return refuse(info, "built for machine %u, not this kernel's %u", hdr->e_machine,
			      MODULE_ELF_MACHINE);
	if (hdr->e_shentsize != sizeof(Elf_Shdr) || hdr->e_shnum < 2 ||
	    hdr->e_shnum >= SHN_LORESERVE || hdr->e_shstrndx >= hdr->e_shnum)
		return refuse(info, "bad section header table (entry size %u, %u sections, "
			      "names in %u)", hdr->e_shentsize, hdr->e_shnum, hdr->e_shstrndx);
	if (!aligned(hdr->e_shoff, sizeof(Elf_Addr)) ||
	    !in_file(info, hdr->e_shoff, (u64)hdr->e_shnum * sizeof(Elf_Shdr)))
		return refuse(info, "section headers at %#llx lie outside the file or unaligned",
			      (unsigned long long)hdr->e_shoff);
	info->sechdrs = (Elf_Shdr *)((char *)hdr + hdr->e_shoff);
	return 0;
}

static int check_sections(struct load_info *info)
{
	const Elf_Shdr *strsec = &info->sechdrs[info->hdr->e_shstrndx];

	if (info->sechdrs[0].sh_type != SHT_NULL)
		return refuse(info, "section 0 is not SHT_NULL");
	for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
		const Elf_Shdr *s = &info->sechdrs[i];

		if (s->sh_type == SHT_NOBITS ? s->sh_size > MAX_NOBITS_SIZE :
		    !in_file(info, s->sh_offset, s->sh_size))
			return refuse(info, "section %u lies outside the file", i);
		if (overlaps_written(s, info->hdr->e_shoff,
				     (u64)info->hdr->e_shnum * sizeof(Elf_Shdr)))
			return refuse(info, "section %u overlaps the section headers", i);
		if (s->sh_addralign > MAX_ALIGN || (s->sh_addralign & (s->sh_addralign - 1)))
			return refuse(info, "section %u: alignment %llu", i,
				      (unsigned long long)s->sh_addralign);
	}
	if (strsec->sh_type != SHT_STRTAB || !strsec->sh_size ||
	    *file_at(info, strsec->sh_offset + strsec->sh_size - 1))
		return refuse(info, "the section names are not a NUL-terminated string table");
	info->secstrings = file_at(info, strsec->sh_offset);
	for (unsigned int i = 0; i < info->hdr->e_shnum; i++)
		if (info->sechdrs[i].sh_name >= strsec->sh_size)
			return refuse(info, "section %u: name offset %u out of range", i,
				      (unsigned int)info->sechdrs[i].sh_name);
	return 0;
}

static int check_symtab(struct load_info *info)
{
	const Elf_Shdr *sym = NULL, *str;
	unsigned int shnum = info->hdr->e_shnum;

	for (unsigned int i = 1; i < shnum; i++) {
		if (info->sechdrs[i].sh_type != SHT_SYMTAB)
			continue;
		if (sym)
			return refuse(info, "two symbol tables");
		sym = &info->sechdrs[i];
		info->index.sym = i;
	}
	if (!sym)
		return refuse(info, "module has no symbols (stripped?)");
	if (sym->sh_entsize != sizeof(Elf_Sym) || sym->sh_size % sizeof(Elf_Sym) ||
	    !sym->sh_size || !aligned(sym->sh_offset, sizeof(Elf_Addr)))
		return refuse(info, "malformed symbol table");
	for (unsigned int i = 1; i < shnum; i++)
		if (i != info->index.sym &&
		    overlaps_written(&info->sechdrs[i], sym->sh_offset, sym->sh_size))
			return refuse(info, "section %u overlaps the symbol table", i);
	if (sym->sh_link == 0 || sym->sh_link >= shnum)
		return refuse(info, "the symbol table's string table %u is out of range",
			      (unsigned int)sym->sh_link);
	str = &info->sechdrs[sym->sh_link];
	if (str->sh_type != SHT_STRTAB || !str->sh_size ||
	    *file_at(info, str->sh_offset + str->sh_size - 1))
		return refuse(info, "the symbol names are not a NUL-terminated string table");
	info->index.str = sym->sh_link;
	info->strtab = file_at(info, str->sh_offset);
	info->symtab = (Elf_Sym *)file_at(info, sym->sh_offset);
	info->num_syms = sym->sh_size / sizeof(Elf_Sym);
	/* The null symbol's name is read like any other's: it must be in the table too. */
	if (info->symtab[0].st_name >= str->sh_size)
		return refuse(info, "symbol 0: name offset %u out of range",
			      (unsigned int)info->symtab[0].st_name);

	for (unsigned int i = 1; i < info->num_syms; i++) {
		const Elf_Sym *s = &info->symtab[i];

		if (s->st_name >= str->sh_size)
			return refuse(info, "symbol %u: name offset %u out of range", i, (unsigned int)s->st_name);
		if (s->st_shndx == SHN_COMMON)
			return refuse(info, "%s: common symbol: please compile with -fno-common",
				      info->strtab + s->st_name);
		if (s->st_shndx == SHN_UNDEF || s->st_shndx == SHN_ABS)
			continue;
		if (s->st_shndx >= shnum)
			return refuse(info, "%s: section index %u out of range",
				      info->strtab + s->st_name, s->st_shndx);
		if (s->st_value > info->sechdrs[s->st_shndx].sh_size)
			return refuse(info, "%s: value %#llx lies past its section",
				      info->strtab + s->st_name, (unsigned long long)s->st_value);
	}
	return 0;
}

/* Each entry names a symbol of the table and a place inside the section it changes. */
static int check_relocations(struct load_info *info, unsigned int i)
{
	const Elf_Shdr *rel = &info->sechdrs[i], *target;
	size_t entsize = MODULE_RELOC_TYPE == SHT_RELA ? sizeof(Elf_Rela) : sizeof(Elf_Rel);

	if (rel->sh_type != MODULE_RELOC_TYPE)
		return refuse(info, "section %u: %s relocations, this arch uses %s", i,
			      rel->sh_type == SHT_RELA ? "RELA" : "REL",
			      MODULE_RELOC_TYPE == SHT_RELA ? "RELA" : "REL");
	if (rel->sh_entsize != entsize || rel->sh_size % entsize ||
	    !aligned(rel->sh_offset, sizeof(Elf_Addr)))
		return refuse(info, "section %u: malformed relocation table", i);
	if (rel->sh_link != info->index.sym)
		return refuse(info, "section %u: relocations against symbol table %u", i,
			      (unsigned int)rel->sh_link);
	if (rel->sh_info == 0 || rel->sh_info >= info->hdr->e_shnum)
		return refuse(info, "section %u: relocates section %u, out of range", i,
			      (unsigned int)rel->sh_info);
	target = &info->sechdrs[rel->sh_info];
	for (size_t k = 0; k < rel->sh_size / entsize; k++) {
		const Elf_Rel *r = (const Elf_Rel *)(file_at(info, rel->sh_offset) + k * entsize);

		if (ELF_R_SYM(r->r_info) >= info->num_syms)
			return refuse(info, "section %u: relocation %zu: symbol %u out of range", i,
				      k, (unsigned int)ELF_R_SYM(r->r_info));
		if (target->sh_size < 4 || r->r_offset > target->sh_size - 4)
			return refuse(info, "section %u: relocation %zu at %#llx lies outside %s", i,
				      k, (unsigned long long)r->r_offset, sec_name(info, rel->sh_info));
		/* In struct module only init and exit are the file's; the rest is the kernel's. */
		if (rel->sh_info == info->index.mod && r->r_offset != THIS_MODULE_INIT_OFFSET &&
		    r->r_offset != THIS_MODULE_EXIT_OFFSET)
			return refuse(info, "section %u: relocation %zu at %#llx changes struct module "
				      "outside init and exit", i, k, (unsigned long long)r->r_offset);
	}
	return 0;
}

static int check_special_sections(struct load_info *info, size_t this_module_size)
{
	const Elf_Shdr *s;
	const char *name;

	for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
		name = sec_name(info, i);
		s = &info->sechdrs[i];
		if (!strcmp(name, ".gnu.linkonce.this_module")) {
			if (info->index.mod)
				return refuse(info, "two .gnu.linkonce.this_module sections");
			info->index.mod = i;
		} else if (!strcmp(name, ".modinfo")) {
			if (info->index.info)
				return refuse(info, "two .modinfo sections");
			if (s->sh_type == SHT_NOBITS || !s->sh_size ||
			    *file_at(info, s->sh_offset + s->sh_size - 1))
				return refuse(info, ".modinfo is not NUL-terminated");
			info->index.info = i;
			info->modinfo = file_at(info, s->sh_offset);
			info->modinfo_size = s->sh_size;
		} else if (!strcmp(name, ".data..percpu")) {
			info->index.pcpu = i;
		}
	}
	if (!info->index.mod)
		return refuse(info, "no .gnu.linkonce.this_module section: not a module");
	s = &info->sechdrs[info->index.mod];
	if (s->sh_type == SHT_NOBITS || !(s->sh_flags & SHF_ALLOC) ||
	    s->sh_size != this_module_size || !aligned(s->sh_offset, sizeof(Elf_Addr)))
		return refuse(info, ".gnu.linkonce.this_module is %llu bytes, struct module %zu: "
			      "built for another kernel?", (unsigned long long)s->sh_size,
			      this_module_size);
	/* The loader writes struct module (its state, its list links): writable memory only. */
	if (!(s->sh_flags & SHF_WRITE))
		return refuse(info, ".gnu.linkonce.this_module is not writable (no SHF_WRITE)");
	/* struct module begins with the name (include/kernel/module.h). */
	name = file_at(info, s->sh_offset);
	if (!memchr(name, '\0', MODULE_NAME_LEN) || !name[0])
		return refuse(info, "the module's name is not a NUL-terminated string");
	info->name = name;
	return 0;
}

int elf_validity_check(struct load_info *info, size_t this_module_size)
{
	int err;

	info->name = NULL;
	err = check_header(info);
	if (!err)
		err = check_sections(info);
	if (!err)
		err = check_special_sections(info, this_module_size);
	if (!err)
		err = check_symtab(info);
	for (unsigned int i = 1; !err && i < info->hdr->e_shnum; i++)
		if (info->sechdrs[i].sh_type == SHT_REL || info->sechdrs[i].sh_type == SHT_RELA)
			err = check_relocations(info, i);
	return err;
}

const char *get_modinfo(const struct load_info *info, const char *tag)
{
	/* LAB get_modinfo: begin */
	size_t taglen = strlen(tag);

	for (size_t at = 0; at < info->modinfo_size; at += strlen(info->modinfo + at) + 1) {
		const char *entry = info->modinfo + at;

		if (!strncmp(entry, tag, taglen) && entry[taglen] == '=')
			return entry + taglen + 1;
	}
	return NULL;
	/* LAB get_modinfo: end */
}

/*
 * The parts of the ELF format a module loader reads (System V gABI; the
 * relocation types are each arch's: asm/module.h). A .ko is an ELF
 * relocatable file of the kernel's own class: ELF64 on x86_64, ELF32 on
 * ARM. Elf_Ehdr and friends name the kernel's class; ELF_BITS chooses it,
 * from the word size unless a host test sets it to read the other arch's
 * files.
 */
#ifndef _KERNEL_ELF_H
#define _KERNEL_ELF_H

#include <kernel/types.h>

#define EI_NIDENT	16
#define EI_CLASS	4
#define EI_DATA		5
#define EI_VERSION	6
#define ELFCLASS32	1
#define ELFCLASS64	2
#define ELFDATA2LSB	1
#define EV_CURRENT	1
#define ET_REL		1
#define EM_ARM		40
#define EM_X86_64	62

#define SHN_UNDEF	0
#define SHN_LORESERVE	0xff00
#define SHN_ABS		0xfff1
#define SHN_COMMON	0xfff2
#define SHN_XINDEX	0xffff

#define SHT_NULL	0
#define SHT_PROGBITS	1
#define SHT_SYMTAB	2
#define SHT_STRTAB	3
#define SHT_RELA	4
#define SHT_NOBITS	8
#define SHT_REL		9

#define SHF_WRITE	0x1
#define SHF_ALLOC	0x2
#define SHF_EXECINSTR	0x4

#define STB_LOCAL	0
#define STB_GLOBAL	1
#define STB_WEAK	2
#define STT_NOTYPE	0
#define STT_OBJECT	1
#define STT_FUNC	2
#define STT_SECTION	3
#define STT_FILE	4

typedef struct {
	unsigned char e_ident[EI_NIDENT];
	u16 e_type, e_machine;
	u32 e_version, e_entry, e_phoff, e_shoff, e_flags;
	u16 e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
} Elf32_Ehdr;

typedef struct {
	u32 sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size, sh_link, sh_info,
	    sh_addralign, sh_entsize;
} Elf32_Shdr;

typedef struct {
	u32 st_name, st_value, st_size;
	unsigned char st_info, st_other;
	u16 st_shndx;
} Elf32_Sym;

typedef struct {
	u32 r_offset, r_info;
} Elf32_Rel;

typedef struct {
	u32 r_offset, r_info;
	s32 r_addend;
} Elf32_Rela;

typedef struct {
	unsigned char e_ident[EI_NIDENT];
	u16 e_type, e_machine;
	u32 e_version;
	u64 e_entry, e_phoff, e_shoff;
	u32 e_flags;
	u16 e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
} Elf64_Ehdr;

typedef struct {
	u32 sh_name, sh_type;
	u64 sh_flags, sh_addr, sh_offset, sh_size;
	u32 sh_link, sh_info;
	u64 sh_addralign, sh_entsize;
} Elf64_Shdr;

typedef struct {
	u32 st_name;
	unsigned char st_info, st_other;
	u16 st_shndx;
	u64 st_value, st_size;
} Elf64_Sym;

typedef struct {
	u64 r_offset, r_info;
} Elf64_Rel;

typedef struct {
	u64 r_offset, r_info;
	s64 r_addend;
} Elf64_Rela;

#ifndef ELF_BITS
#define ELF_BITS	(__SIZEOF_LONG__ * 8)
#endif

#if ELF_BITS == 64
#define ELFCLASS	ELFCLASS64
typedef Elf64_Ehdr Elf_Ehdr;
typedef Elf64_Shdr Elf_Shdr;
typedef Elf64_Sym Elf_Sym;
typedef Elf64_Rel Elf_Rel;
typedef Elf64_Rela Elf_Rela;
typedef u64 Elf_Addr;
#define ELF_R_SYM(i)	((u32)((i) >> 32))
#define ELF_R_TYPE(i)	((u32)(i))
#else
#define ELFCLASS	ELFCLASS32
typedef Elf32_Ehdr Elf_Ehdr;
typedef Elf32_Shdr Elf_Shdr;
typedef Elf32_Sym Elf_Sym;
typedef Elf32_Rel Elf_Rel;
typedef Elf32_Rela Elf_Rela;
typedef u32 Elf_Addr;
#define ELF_R_SYM(i)	((i) >> 8)
#define ELF_R_TYPE(i)	((i) & 0xff)
#endif

#define ELF_ST_BIND(i)	((i) >> 4)
#define ELF_ST_TYPE(i)	((i) & 0xf)

#endif

/*
 * Executables: what execve() needs to know of an ELF program (its program
 * headers) and what it hands the new program (argv, envp and the auxiliary
 * vector on its stack). Linux keeps these in linux/binfmts.h and
 * fs/binfmt_elf.c.
 *
 * The checks (kernel/fs/binfmt_elf.c) and the stack's layout
 * (kernel/fs/exec_stack.c) are pure C: they see memory the caller read from
 * the file, never the file system or page tables, so a host test drives
 * them with real programs and corrupted ones (tests/host/binfmt_elf.c)
 * for both ELF classes (ELF_BITS, include/kernel/elf.h).
 */
#ifndef _KERNEL_BINFMTS_H
#define _KERNEL_BINFMTS_H

#include <kernel/elf.h>
#include <kernel/types.h>

#define ET_EXEC		2
#define ET_DYN		3	/* a static-pie program (or a shared library) */

#define PT_LOAD		1
#define PT_DYNAMIC	2
#define PT_INTERP	3
#define PT_PHDR		6

#define PF_X		0x1
#define PF_W		0x2
#define PF_R		0x4

typedef struct {
	u32 p_type, p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_flags, p_align;
} Elf32_Phdr;

typedef struct {
	u32 p_type, p_flags;
	u64 p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_align;
} Elf64_Phdr;

#if ELF_BITS == 64
typedef Elf64_Phdr Elf_Phdr;
#else
typedef Elf32_Phdr Elf_Phdr;
#endif

/* The auxiliary vector's keys (Linux's uapi/linux/auxvec.h, the System V ABI's numbers). */
#define AT_NULL		0
#define AT_PHDR		3	/* the program headers, in the new program's memory */
#define AT_PHENT	4
#define AT_PHNUM	5
#define AT_PAGESZ	6
#define AT_BASE		7	/* the interpreter's load address: 0, there is none */
#define AT_FLAGS	8
#define AT_ENTRY	9
#define AT_UID		11
#define AT_EUID		12
#define AT_GID		13
#define AT_EGID		14
#define AT_HWCAP	16
#define AT_CLKTCK	17
#define AT_SECURE	23
#define AT_RANDOM	25	/* 16 random bytes: stack protector and pointer guard seeds */
#define AT_EXECFN	31	/* the path execve() was given */

/* The biggest program header table accepted: Linux's limit, 64 KiB. */
#define ELF_MAX_PHDRS_SIZE	65536
/* PT_INTERP's path, its NUL included: at least 2 bytes, at most PATH_MAX, as Linux checks. */
#define ELF_MAX_INTERP		4096

/* What this kernel runs: the arch's machine and its user address range. */
struct elf_target {
	u16 machine;			/* EM_X86_64, EM_ARM */
	u64 min_addr;			/* below: never mapped (page 0 stays a NULL trap) */
	u64 task_size;			/* user addresses are below */
	u64 dyn_base;			/* where an ET_DYN file goes (a PIE, an interpreter) */
	u64 page_size;
};

/* What the checks found: where the program goes and what its stack must say. */
struct elf_image {
	u64 load_bias;			/* 0 for ET_EXEC; added to every p_vaddr for ET_DYN */
	u64 entry;			/* e_entry + load_bias */
	u64 phdr_addr;			/* AT_PHDR (0: the headers are not loaded) */
	unsigned int phnum;
	u64 brk;			/* the end of the highest segment: the heap starts after */
	u64 interp_off;			/* the first PT_INTERP: its path's place in the file, */
	u64 interp_len;			/* NUL included (0: a static program) */
};

/*
 * The ELF header of a file of file_size bytes (fewer than sizeof(*eh) were
 * read when the file is shorter). 0, or -ENOEXEC with *why saying what is
 * wrong: truncated, bad magic, class, byte order, version, type, machine,
 * program header size, count or position.
 */
int elf_check_header(const Elf_Ehdr *eh, u64 file_size, const struct elf_target *tgt,
		     const char **why);
/*
 * Its program headers (e_phnum of them, read from e_phoff), once
 * elf_check_header() passed. 0 and *img filled in, or -ENOEXEC (no
 * loadable segment, a PT_INTERP of a size no path has or past the end of
 * the file) or -EINVAL (a segment that is
 * inconsistent, overlaps another, reaches page 0 or kernel space, or is
 * writable and executable; an entry point outside every executable
 * segment), with *why.
 */
int elf_check_phdrs(const Elf_Ehdr *eh, const Elf_Phdr *ph, u64 file_size,
		    const struct elf_target *tgt, struct elf_image *img, const char **why);

/*
 * What execve() carries from the old program to the new (Linux's struct
 * linux_binprm, reduced): argv's strings then envp's, each NUL-terminated,
 * in kernel memory, and the path the program was named by.
 */
struct linux_binprm {
	const char *strings;
	size_t strings_len;
	int argc, envc;
	const char *filename;
};

/* The values of the auxiliary vector that come from the kernel, not the file. */
struct elf_aux_info {
	u64 hwcap;
	const u8 *random;		/* 16 bytes for AT_RANDOM */
	unsigned int clktck;		/* AT_CLKTCK: the unit of times() */
	unsigned int page_size;		/* AT_PAGESZ */
	u64 base;			/* AT_BASE: the interpreter's load bias, 0 without one */
};

/*
 * Lay the new program's stack out in buf, which stands for the user
 * addresses [stack_top - size, stack_top): from the top down, AT_EXECFN's
 * path, the envp and argv strings, AT_RANDOM's bytes, then (16-byte
 * aligned, as both arches' ABIs want) argc, argv[], NULL, envp[], NULL and
 * the auxiliary vector. *sp is where argc is. 0, or -E2BIG when it does not
 * fit in size bytes.
 */
int create_elf_tables(void *buf, size_t size, u64 stack_top, const struct linux_binprm *bprm,
		      const struct elf_image *img, const struct elf_aux_info *aux, u64 *sp);

struct mm_struct;
struct inode;
/*
 * kernel/fs/binfmt_elf_load.c. Read inode's ELF header and program headers
 * and check them, an ET_DYN file placed at dyn_base: 0, or -errno with
 * *why when a check refused. *ph is kmalloc()ed (NULL if the header was
 * refused): the caller kfree()s it either way.
 */
int elf_read_headers(struct inode *inode, u64 dyn_base, Elf_Ehdr *eh, Elf_Phdr **ph,
		     struct elf_image *img, const char **why);
/* Map each PT_LOAD segment of the checked file into mm: 0 or -errno. */
int load_elf_segments(struct mm_struct *mm, struct inode *inode, const Elf_Ehdr *eh,
		      const Elf_Phdr *ph, const struct elf_image *img);
/*
 * Map the interpreter that img's PT_INTERP names (filename's, for the
 * log): 0 with *interp filled in, or -ENOENT (no such file), -EACCES (not
 * an executable file), -ELIBBAD (not an ELF file for this machine), a
 * program's errors for its segments; a refusal is logged with its reason.
 */
int load_elf_interp(struct mm_struct *mm, const char *filename, struct inode *inode,
		    const struct elf_image *img, struct elf_image *interp);
/*
 * exec, the new address space made: the arch's own pages in it (ARM's
 * sigpage, arch/arm/kernel/signal.c); 0 or -errno.
 */
int arch_setup_additional_pages(struct mm_struct *mm);

#endif

/*
 * The checks an ELF executable must pass before execve() gives it a process
 * (include/kernel/binfmts.h): everything a file could get wrong is refused
 * here with a reason, before anything is mapped, so that the loader
 * (kernel/fs/exec.c) only ever copies what fits where it was told.
 *
 * Header problems are -ENOEXEC (Linux's "not a format I know", the caller
 * may try another), segment problems -EINVAL. Sizes are added in 64 bits
 * and compared against what is left rather than summed, so no field can
 * wrap a check around. Pure C: tests/host/binfmt_elf.c feeds it real
 * programs of both classes, and corrupted copies of them.
 */
#include <kernel/binfmts.h>
#include <kernel/errno.h>

static int refuse(int err, const char **why, const char *reason)
{
	*why = reason;
	return err;
}

/* Is [off, off + len) inside a file of size bytes? */
static bool in_file(u64 off, u64 len, u64 size)
{
	return off <= size && len <= size - off;
}

int elf_check_header(const Elf_Ehdr *eh, u64 file_size, const struct elf_target *tgt,
		     const char **why)
{
	u64 phdrs_size = (u64)eh->e_phnum * eh->e_phentsize;

	if (file_size < 4 || eh->e_ident[0] != 0x7f || eh->e_ident[1] != 'E' ||
	    eh->e_ident[2] != 'L' || eh->e_ident[3] != 'F')
		return refuse(-ENOEXEC, why, "bad magic: not an ELF file");
	if (file_size < sizeof(*eh))
		return refuse(-ENOEXEC, why, "truncated: shorter than an ELF header");
	if (eh->e_ident[EI_CLASS] != ELFCLASS)
		return refuse(-ENOEXEC, why, ELFCLASS == ELFCLASS64 ?
			      "wrong class: not ELFCLASS64" : "wrong class: not ELFCLASS32");
	if (eh->e_ident[EI_DATA] != ELFDATA2LSB)
		return refuse(-ENOEXEC, why, "wrong byte order: not little-endian");
	if (eh->e_ident[EI_VERSION] != EV_CURRENT || eh->e_version != EV_CURRENT)
		return refuse(-ENOEXEC, why, "unknown ELF version");
	if (eh->e_type != ET_EXEC && eh->e_type != ET_DYN)
		return refuse(-ENOEXEC, why, "not an executable (e_type is neither ET_EXEC nor ET_DYN)");
	if (eh->e_machine != tgt->machine)
		return refuse(-ENOEXEC, why, "wrong machine: built for another processor");
	if (eh->e_phentsize != sizeof(Elf_Phdr))
		return refuse(-ENOEXEC, why, "bad e_phentsize");
	if (!eh->e_phnum || phdrs_size > ELF_MAX_PHDRS_SIZE)
		return refuse(-ENOEXEC, why, "bad e_phnum: no program headers, or more than 64 KiB");
	if (!in_file(eh->e_phoff, phdrs_size, file_size))
		return refuse(-ENOEXEC, why, "program headers past the end of the file");
	return 0;
}

static u64 page_down(u64 a, const struct elf_target *tgt)
{
	return a & ~(tgt->page_size - 1);
}

static u64 page_up(u64 a, const struct elf_target *tgt)
{
	return page_down(a + tgt->page_size - 1, tgt);
}

/* An ET_DYN file (a PIE, an interpreter): the first segment's page at dyn_base, each segment's alignment kept. */
static u64 load_bias(const Elf_Ehdr *eh, const Elf_Phdr *ph, const struct elf_target *tgt)
{
	u64 align = tgt->page_size, first = 0;
	bool seen = false;

	if (eh->e_type != ET_DYN)
		return 0;
	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		if (!seen)
			first = page_down(ph[i].p_vaddr, tgt);
		seen = true;
		/* A power of two, up to 2 MiB; others are refused below, or ignored. */
		if (ph[i].p_align > align && ph[i].p_align <= (1 << 21) &&
		    !(ph[i].p_align & (ph[i].p_align - 1)))
			align = ph[i].p_align;
	}
	return ((tgt->dyn_base + align - 1) & ~(align - 1)) - first;
}

static int check_segment(const Elf_Phdr *p, u64 bias, u64 file_size,
			 const struct elf_target *tgt, const char **why)
{
	u64 start = p->p_vaddr + bias;

	if (p->p_filesz > p->p_memsz)
		return refuse(-EINVAL, why, "a segment's p_filesz > p_memsz");
	if (!in_file(p->p_offset, p->p_filesz, file_size))
		return refuse(-EINVAL, why, "a segment's file data is past the end of the file");
	if (start < p->p_vaddr || start > tgt->task_size || p->p_memsz > tgt->task_size - start)
		return refuse(-EINVAL, why, "a segment reaches kernel space");
	if (page_down(start, tgt) < tgt->min_addr)
		return refuse(-EINVAL, why, "a segment maps the first page");
	if ((p->p_flags & (PF_W | PF_X)) == (PF_W | PF_X))
		return refuse(-EINVAL, why, "a segment is writable and executable");
	return 0;
}

/* Where the program headers are once loaded: PT_PHDR says, or the segment holding them. */
static u64 phdr_address(const Elf_Ehdr *eh, const Elf_Phdr *ph, u64 bias)
{
	u64 size = (u64)eh->e_phnum * eh->e_phentsize;

	for (unsigned int i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_PHDR)
			return ph[i].p_vaddr + bias;
	for (unsigned int i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD && ph[i].p_offset <= eh->e_phoff &&
		    eh->e_phoff - ph[i].p_offset + size <= ph[i].p_filesz)
			return ph[i].p_vaddr + (eh->e_phoff - ph[i].p_offset) + bias;
	return 0;
}

int elf_check_phdrs(const Elf_Ehdr *eh, const Elf_Phdr *ph, u64 file_size,
		    const struct elf_target *tgt, struct elf_image *img, const char **why)
{
	u64 bias = load_bias(eh, ph, tgt), prev_end = 0, entry = eh->e_entry + bias;
	bool loads = false, entry_ok = false;
	int err;

	img->brk = 0;
	img->interp_off = img->interp_len = 0;
	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		const Elf_Phdr *p = &ph[i];
		u64 start = p->p_vaddr + bias;

		/* The first PT_INTERP names the interpreter, as on Linux; exec reads the path. */
		if (p->p_type == PT_INTERP && !img->interp_len) {
			if (p->p_filesz < 2 || p->p_filesz > ELF_MAX_INTERP)
				return refuse(-ENOEXEC, why, "PT_INTERP's size is no path's");
			if (!in_file(p->p_offset, p->p_filesz, file_size))
				return refuse(-ENOEXEC, why, "PT_INTERP past the end of the file");
			img->interp_off = p->p_offset;
			img->interp_len = p->p_filesz;
		}
		if (p->p_type != PT_LOAD)
			continue;
		err = check_segment(p, bias, file_size, tgt, why);
		if (err)
			return err;
		/* In address order (the ELF rule), and no two in one page: each page has one set of permissions. */
		if (loads && page_down(start, tgt) < prev_end)
			return refuse(-EINVAL, why, "segments overlap (or are out of order)");
		prev_end = page_up(start + p->p_memsz, tgt);
		loads = true;
		if ((p->p_flags & PF_X) && entry >= start && entry - start < p->p_memsz)
			entry_ok = true;
		if (start + p->p_memsz > img->brk)
			img->brk = start + p->p_memsz;
	}
	if (!loads)
		return refuse(-ENOEXEC, why, "no loadable segment");
	if (!entry_ok)
		return refuse(-EINVAL, why, "entry point outside every executable segment");
	img->load_bias = bias;
	img->entry = entry;
	img->phdr_addr = phdr_address(eh, ph, bias);
	img->phnum = eh->e_phnum;
	return 0;
}

/*
 * Loading an ELF file into a new address space, the mapping half of
 * Linux's fs/binfmt_elf.c, for execve() (kernel/fs/exec.c): the headers
 * read and put through kernel/fs/binfmt_elf.c's checks, each PT_LOAD
 * segment mapped from the page cache, and for a dynamically linked program
 * the interpreter its PT_INTERP names (load_elf_interp()).
 *
 * The interpreter (ld.so) is an ELF file like the program and goes through
 * the same checks. It is put where mmap() would start looking for room
 * (mm->mmap_base), so the libraries it then maps with mmap() come right
 * after it; Linux reserves the interpreter's span with one mmap() for the
 * same effect. The program starts at the interpreter's entry point, and
 * finds its own through the auxiliary vector (AT_ENTRY, with AT_BASE the
 * interpreter's address). An interpreter's own PT_INTERP is ignored, as
 * Linux ignores it.
 */
#include <asm/processor.h>
#include <kernel/binfmts.h>
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#include <asm/elf.h>

#define MIN_ADDR	0x10000		/* Linux's mmap_min_addr: the first 64 KiB stay unmapped */

int elf_read_headers(struct inode *inode, u64 dyn_base, Elf_Ehdr *eh, Elf_Phdr **ph,
		     struct elf_image *img, const char **why)
{
	const struct elf_target tgt = { .machine = ELF_ARCH, .min_addr = MIN_ADDR,
					.task_size = TASK_SIZE, .page_size = PAGE_SIZE,
					.dyn_base = dyn_base };
	long n;
	int err;

	*ph = NULL;
	memset(eh, 0, sizeof(*eh));	/* a file shorter than a header: the rest reads as 0 */
	n = vfs_read(inode, eh, sizeof(*eh), 0);
	err = n < 0 ? (int)n : elf_check_header(eh, inode->i_size, &tgt, why);
	if (err)
		return err;
	n = (long)eh->e_phnum * eh->e_phentsize;
	*ph = kmalloc(n);
	if (!*ph)
		return -ENOMEM;
	if (vfs_read(inode, *ph, n, eh->e_phoff) != n)
		return -EIO;
	return elf_check_phdrs(eh, *ph, inode->i_size, &tgt, img, why);
}

static unsigned int vm_prot(u32 p_flags)
{
	return (p_flags & PF_R ? VM_READ : 0) | (p_flags & PF_W ? VM_WRITE : 0) |
	       (p_flags & PF_X ? VM_EXEC : 0);
}

/* Read len bytes of the file at pos into the new address space at addr. */
static int read_into(struct mm_struct *mm, struct inode *inode, unsigned long addr, u64 pos,
		     u64 len)
{
	while (len) {
		size_t n = PAGE_SIZE - (addr & (PAGE_SIZE - 1));
		void *dst = mm_page_address(mm, addr);

		if (n > len)
			n = len;
		if (!dst || vfs_read(inode, dst, n, pos) != (long)n)
			return -EIO;	/* the file shrank since it was checked */
		addr += n;
		pos += n;
		len -= n;
	}
	return 0;
}

/*
 * One PT_LOAD segment at start. Its whole pages of file bytes are the
 * file's pages, mapped as they are (vm_map_file(): a writable segment's
 * copy-on-write), bytes past the segment's end in its last page included,
 * as on Linux. The bss is zeroed pages; the page where the file's bytes
 * end and the bss begins is a private copy of those bytes with a zeroed
 * tail. A segment whose file offset and address differ within a page
 * (no linker makes one) cannot be mapped: its bytes are copied.
 */
static int load_segment(struct mm_struct *mm, struct inode *inode, const Elf_Phdr *p,
			unsigned long start)
{
	unsigned long first = start & ~(PAGE_SIZE - 1), end = ALIGN(start + p->p_memsz, PAGE_SIZE);
	unsigned long file_end = start + p->p_filesz, mapped = first;
	unsigned int prot = vm_prot(p->p_flags);
	int err;

	if ((p->p_offset & (PAGE_SIZE - 1)) == (start & (PAGE_SIZE - 1))) {
		/* Up to the file's last byte's page, or the page before it when the bss shares it. */
		mapped = p->p_memsz > p->p_filesz ? file_end & ~(PAGE_SIZE - 1) :
			 ALIGN(file_end, PAGE_SIZE);
		if (mapped > first) {
			err = vm_map_file(mm, first, mapped - first, prot, inode,
					  (p->p_offset - (start - first)) >> PAGE_SHIFT);
			if (err)
				return err;
		}
	}
	if (mapped >= end)
		return 0;
	err = vm_map_anon(mm, mapped, end - mapped, prot);
	if (!err && file_end > mapped)
		err = read_into(mm, inode, mapped > start ? mapped : start,
				p->p_offset + (mapped > start ? mapped - start : 0),
				file_end - (mapped > start ? mapped : start));
	return err;
}

int load_elf_segments(struct mm_struct *mm, struct inode *inode, const Elf_Ehdr *eh,
		      const Elf_Phdr *ph, const struct elf_image *img)
{
	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		int err;

		if (ph[i].p_type != PT_LOAD || !ph[i].p_memsz)
			continue;
		err = load_segment(mm, inode, &ph[i], ph[i].p_vaddr + img->load_bias);
		if (err)
			return err;
	}
	return 0;
}

/* The interpreter at path, checked and mapped: 0 with *interp, or -errno with *why. */
static int map_interp(struct mm_struct *mm, const char *path, struct elf_image *interp,
		      const char **why)
{
	struct dentry *d;
	Elf_Phdr *ph;
	Elf_Ehdr eh;
	int err = kern_path(path, LOOKUP_FOLLOW, &d);

	if (err) {
		*why = "not found";
		return err;
	}
	if (!S_ISREG(d->d_inode->i_mode) || !(d->d_inode->i_mode & 0111)) {
		*why = "not an executable file";
		dput(d);
		return -EACCES;
	}
	err = elf_read_headers(d->d_inode, mm->mmap_base, &eh, &ph, interp, why);
	/* Not an ELF file for this machine: Linux's "corrupted shared library". */
	if (err == -ENOEXEC && !ph)
		err = -ELIBBAD;
	if (!err)
		err = load_elf_segments(mm, d->d_inode, &eh, ph, interp);
	kfree(ph);
	dput(d);
	return err;
}

int load_elf_interp(struct mm_struct *mm, const char *filename, struct inode *inode,
		    const struct elf_image *img, struct elf_image *interp)
{
	char *path = kmalloc(img->interp_len);
	const char *why = NULL;
	int err;

	if (!path)
		return -ENOMEM;
	if (vfs_read(inode, path, img->interp_len, img->interp_off) != (long)img->interp_len)
		err = -EIO;
	else if (path[img->interp_len - 1])
		err = -ENOEXEC, why = "PT_INTERP's path has no NUL at its end";
	else
		err = map_interp(mm, path, interp, &why);
	if (why)
		pr_info("%s[%d]: execve(\"%s\"): interpreter %s: %s (error %d)\n", current->name,
			current->id, filename, path[img->interp_len - 1] ? "?" : path, why, err);
	kfree(path);
	return err;
}

/*
 * The memory system calls: brk, mmap (mmap2 on 32-bit ARM), munmap,
 * mprotect (Linux's mm/mmap.c and mm/mprotect.c), on top of
 * kernel/mm/mmap.c and kernel/mm/filemap.c.
 *
 * A file's mapping is its pages in the page cache, shared by everyone who
 * maps them: MAP_PRIVATE (written pages copied, as fork()'s are) and
 * MAP_SHARED read-only, at a page-aligned offset; this is what a dynamic
 * loader asks for. The file must be open for reading (-EACCES), and a
 * regular file of ramfs (-ENODEV for a pipe, the console, a directory,
 * /proc's texts, as Linux answers for what has no mmap). A shared writable
 * mapping, whose writes would have to reach the file, is not kept:
 * -EACCES when the file is not open for writing (Linux's answer), -ENODEV
 * when it is.
 *
 * brk() grows the heap from the end of the program's highest segment;
 * like Linux it answers with the new end, or the old one when it cannot
 * move. mmap() without MAP_FIXED takes the lowest free range from a third
 * of the address space up. Memory that is not there is refused (-ENOMEM),
 * and a mapping both writable and executable too (-EACCES): user pages are
 * never both.
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/sched.h>
#include <kernel/syscalls.h>
#include <generated/unistd.h>

#define PROT_READ	0x1
#define PROT_WRITE	0x2
#define PROT_EXEC	0x4
#define MAP_SHARED	0x01
#define MAP_PRIVATE	0x02
#define MAP_FIXED	0x10
#define MAP_ANONYMOUS	0x20

static unsigned int vm_flags(unsigned long prot)
{
	return (prot & PROT_READ ? VM_READ : 0) | (prot & PROT_WRITE ? VM_WRITE : 0) |
	       (prot & PROT_EXEC ? VM_EXEC : 0);
}

SYSCALL_DEFINE1(brk, unsigned long, brk)
{
	struct mm_struct *mm = current->mm;
	unsigned long old_top = ALIGN(mm->brk, PAGE_SIZE), new_top = ALIGN(brk, PAGE_SIZE);

	if (brk < mm->start_brk || brk > mm->mmap_base)
		return mm->brk;
	if (new_top > old_top &&
	    vm_map_anon(mm, old_top, new_top - old_top, VM_READ | VM_WRITE))
		return mm->brk;
	if (new_top < old_top)
		do_munmap(mm, new_top, old_top - new_top);
	mm->brk = brk;
	return brk;
}

/* Can f be mapped so: 0 or Linux's errno, in Linux's order. */
static int check_file(const struct file *f, unsigned int vm, unsigned long flags)
{
	unsigned int mode = f->f_flags & O_ACCMODE;

	if ((flags & MAP_SHARED) && (vm & VM_WRITE) && mode != O_RDWR)
		return -EACCES;
	if (mode == O_WRONLY)
		return -EACCES;
	if (!f->f_inode || f->f_pipe || !inode_has_pages(f->f_inode))
		return -ENODEV;
	if ((flags & MAP_SHARED) && (vm & VM_WRITE))
		return -ENODEV;
	return 0;
}

static long do_mmap(unsigned long addr, unsigned long len, unsigned long prot,
		    unsigned long flags, int fd, unsigned long pgoff)
{
	struct mm_struct *mm = current->mm;
	unsigned int vm = vm_flags(prot);
	struct file *file = NULL;
	long ret = 0;

	if (!(flags & MAP_ANONYMOUS)) {
		file = fget(fd);
		if (!file)
			return -EBADF;
	}
	if (!len || ALIGN(len, PAGE_SIZE) < len || (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC)) ||
	    !(flags & (MAP_SHARED | MAP_PRIVATE)))
		ret = -EINVAL;
	else if ((vm & VM_WRITE) && (vm & VM_EXEC))
		ret = -EACCES;
	else if (file && pgoff + ALIGN(len, PAGE_SIZE) / PAGE_SIZE < pgoff)
		ret = -EOVERFLOW;
	else if (file)
		ret = check_file(file, vm, flags);
	len = ALIGN(len, PAGE_SIZE);
	if (!ret && (flags & MAP_FIXED))
		ret = do_munmap(mm, addr, len);
	if (!ret && !(flags & MAP_FIXED)) {
		addr = get_unmapped_area(mm, len);
		if (!addr)
			ret = -ENOMEM;
	}
	if (!ret && file)
		ret = vm_map_file(mm, addr, len, vm | (flags & MAP_SHARED ? VM_SHARED : 0),
				  file->f_inode, pgoff);
	else if (!ret)
		ret = vm_map_anon(mm, addr, len, vm);
	if (file)
		fput(file);
	return ret ? ret : (long)addr;
}

#ifdef __NR_mmap
SYSCALL_DEFINE6(mmap, unsigned long, addr, unsigned long, len, unsigned long, prot,
		unsigned long, flags, unsigned long, fd, unsigned long, off)
{
	if (off & (PAGE_SIZE - 1))
		return -EINVAL;
	return do_mmap(addr, len, prot, flags, fd, off >> PAGE_SHIFT);
}
#endif

#ifdef __NR_mmap2
/* 32-bit: the file offset counts 4096-byte units (PAGE_SIZE here), so a large file's end is reachable. */
SYSCALL_DEFINE6(mmap2, unsigned long, addr, unsigned long, len, unsigned long, prot,
		unsigned long, flags, unsigned long, fd, unsigned long, pgoff)
{
	return do_mmap(addr, len, prot, flags, fd, pgoff);
}
#endif

SYSCALL_DEFINE2(munmap, unsigned long, addr, size_t, len)
{
	return do_munmap(current->mm, addr, len);
}

SYSCALL_DEFINE3(mprotect, unsigned long, start, size_t, len, unsigned long, prot)
{
	if (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC))
		return -EINVAL;
	return do_mprotect(current->mm, start, len, vm_flags(prot));
}

/*
 * The memory system calls: brk, mmap (mmap2 on 32-bit ARM), munmap,
 * mprotect (Linux's mm/mmap.c and mm/mprotect.c), on top of
 * kernel/mm/mmap.c. Only anonymous memory exists: a file mapping is
 * refused (-ENODEV), and no C library's start-up asks for one.
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

static long do_mmap(unsigned long addr, unsigned long len, unsigned long prot,
		    unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	unsigned int vm = vm_flags(prot);
	int err;

	if (!(flags & MAP_ANONYMOUS))
		return -ENODEV;
	if (!len || ALIGN(len, PAGE_SIZE) < len || (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC)))
		return -EINVAL;
	if ((vm & VM_WRITE) && (vm & VM_EXEC))
		return -EACCES;
	if (!(flags & (MAP_SHARED | MAP_PRIVATE)))
		return -EINVAL;
	len = ALIGN(len, PAGE_SIZE);
	if (flags & MAP_FIXED) {
		err = do_munmap(mm, addr, len);
		if (err)
			return err;
	} else {
		addr = get_unmapped_area(mm, len);
		if (!addr)
			return -ENOMEM;
	}
	err = vm_map_anon(mm, addr, len, vm);
	return err ? err : (long)addr;
}

#ifdef __NR_mmap
SYSCALL_DEFINE6(mmap, unsigned long, addr, unsigned long, len, unsigned long, prot,
		unsigned long, flags, unsigned long, fd, unsigned long, off)
{
	(void)fd;
	(void)off;
	return do_mmap(addr, len, prot, flags);
}
#endif

#ifdef __NR_mmap2
/* 32-bit: the file offset counts pages. */
SYSCALL_DEFINE6(mmap2, unsigned long, addr, unsigned long, len, unsigned long, prot,
		unsigned long, flags, unsigned long, fd, unsigned long, pgoff)
{
	(void)fd;
	(void)pgoff;
	return do_mmap(addr, len, prot, flags);
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

/*
 * execve(): a new program in the calling process (Linux's fs/exec.c and
 * the loading half of fs/binfmt_elf.c).
 *
 *   1. argv and envp are copied into the kernel (they live in the memory
 *      about to go), at most MAX_ARG_BYTES of strings: -E2BIG beyond;
 *   2. the file is looked up, must be a regular file with an executable
 *      bit (-EACCES), and its headers must pass every check of
 *      kernel/fs/binfmt_elf.c: a refusal is logged with its reason;
 *   3. a new address space gets each PT_LOAD segment (load_segment():
 *      the file's own pages from the page cache, shared by every process
 *      running the program, a writable segment's copied on a write; its
 *      bss in zeroed pages), a stack of
 *      USER_STACK_SIZE bytes below TASK_SIZE with argv, envp and the auxiliary
 *      vector (kernel/fs/exec_stack.c), and a heap right after the highest
 *      segment;
 *   4. only then, when nothing can fail any more, the old address space
 *      goes, the vfork() parent (if any) is let go, close-on-exec files
 *      are closed, and the registers are set to enter the program.
 *
 * Until step 4 a failure leaves the caller as it was, with the error.
 */
#include <asm/processor.h>
#include <kernel/binfmts.h>
#include <kernel/completion.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/printk.h>
#include <kernel/process.h>
#include <kernel/random.h>
#include <kernel/sched_signal.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/timer.h>
#include <kernel/uaccess.h>

#include <asm/elf.h>
#include <asm/switch_to.h>
#include <kernel/mmu_context.h>

#define MAX_ARG_BYTES	(32 * PAGE_SIZE)	/* argv's and envp's strings together */
#define MIN_ADDR	0x10000		/* Linux's mmap_min_addr: the first 64 KiB stay unmapped */
#define USER_HZ		100		/* AT_CLKTCK: what times() counts in, as on Linux */

struct exec_args {
	char *buf;
	size_t len;
	int argc, envc;
};

/* Append one string; -E2BIG when the strings are too many. */
static int add_string(struct exec_args *a, const char *s, bool user)
{
	size_t room = MAX_ARG_BYTES - a->len;
	long n;

	/* Nothing is written past the buffer: a string that fills the room has no NUL and is -E2BIG. */
	if (user) {
		n = strncpy_from_user(a->buf + a->len, (const char __user *)s, room);
		if (n < 0)
			return n;
	} else {
		n = strnlen(s, room);
	}
	if ((size_t)n >= room)
		return -E2BIG;
	if (!user)
		memcpy(a->buf + a->len, s, n + 1);
	a->len += n + 1;
	return 0;
}

/* A NULL-terminated array of strings (a NULL array counts as empty), from the user or not. */
static int copy_strings(struct exec_args *a, const char *const *argv, bool user, int *count)
{
	for (*count = 0; argv; (*count)++) {
		unsigned long p;
		int err;

		if (user) {
			if (get_user(p, (const unsigned long __user *)argv + *count))
				return -EFAULT;
		} else {
			p = (unsigned long)argv[*count];
		}
		if (!p)
			return 0;
		err = add_string(a, (const char *)p, user);
		if (err)
			return err;
	}
	return 0;
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

static int load_segments(struct mm_struct *mm, struct inode *inode, const Elf_Ehdr *eh,
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
	mm->start_brk = mm->brk = ALIGN(img->brk, PAGE_SIZE);
	return 0;
}

/* The stack's pages, and on them the tables create_elf_tables() lays out. */
static int setup_stack(struct mm_struct *mm, const struct linux_binprm *bprm,
		       const struct elf_image *img, unsigned long *sp)
{
	unsigned long top = TASK_SIZE & ~(PAGE_SIZE - 1);
	/* Strings, path, AT_RANDOM, argc, both lists, 17 auxv pairs, alignment. */
	size_t size = ALIGN(bprm->strings_len + strlen(bprm->filename) + 1 + 16 +
			    (bprm->argc + bprm->envc + 3 + 2 * 17) * sizeof(long) + 32, 16);
	struct elf_aux_info aux = { .hwcap = arch_elf_hwcap(), .clktck = USER_HZ,
				    .page_size = PAGE_SIZE };
	u8 random[16];
	u64 stack_pointer;
	char *buf;
	int err;

	if (size > USER_STACK_SIZE / 2)
		return -E2BIG;
	err = vm_map_anon(mm, top - USER_STACK_SIZE, USER_STACK_SIZE, VM_READ | VM_WRITE);
	if (err)
		return err;
	buf = kmalloc(size);
	if (!buf)
		return -ENOMEM;
	get_random_bytes(random, sizeof(random));
	aux.random = random;
	err = create_elf_tables(buf, size, top, bprm, img, &aux, &stack_pointer);
	if (!err)
		err = copy_to_mm(mm, top - size, buf, size);
	kfree(buf);
	*sp = stack_pointer;
	return err;
}

/* Steps 2 and 3: a new address space holding the program, or an error. */
static int load_elf(const char *filename, struct inode *inode, const struct linux_binprm *bprm,
		    struct mm_struct **res, unsigned long *entry, unsigned long *sp)
{
	const struct elf_target tgt = { .machine = ELF_ARCH, .min_addr = MIN_ADDR,
					.task_size = TASK_SIZE, .page_size = PAGE_SIZE,
					.dyn_base = ALIGN(TASK_SIZE / 3 * 2, PAGE_SIZE) };
	struct elf_image img;
	const char *why = NULL;
	Elf_Phdr *ph = NULL;
	struct mm_struct *mm;
	Elf_Ehdr eh;
	long n;
	int err;

	memset(&eh, 0, sizeof(eh));
	n = vfs_read(inode, &eh, sizeof(eh), 0);
	err = n < 0 ? (int)n : elf_check_header(&eh, inode->i_size, &tgt, &why);
	if (!err) {
		n = (long)eh.e_phnum * eh.e_phentsize;
		ph = kmalloc(n);
		err = !ph ? -ENOMEM : vfs_read(inode, ph, n, eh.e_phoff) != n ? -EIO :
		      elf_check_phdrs(&eh, ph, inode->i_size, &tgt, &img, &why);
	}
	if (why)
		pr_info("%s[%d]: execve(\"%s\"): %s (error %d)\n", current->name, current->id,
			filename, why, err);
	mm = err ? NULL : mm_alloc();
	if (!err && !mm)
		err = -ENOMEM;
	if (!err)
		err = load_segments(mm, inode, &eh, ph, &img);
	if (!err)
		err = setup_stack(mm, bprm, &img, sp);
	if (!err)
		err = arch_setup_additional_pages(mm);
	if (!err)
		err = flush_signal_handlers(current);	/* last: nothing fails after it */
	if (!err)
		current->did_exec = true;
	kfree(ph);
	if (err) {
		if (mm)
			mmput(mm);
		return err;
	}
	*entry = img.entry;
	*res = mm;
	return 0;
}

/* The bytes the first argc NUL-terminated strings at buf take. */
static size_t args_len(const char *buf, int argc)
{
	const char *p = buf;

	while (argc--)
		p += strlen(p) + 1;
	return p - buf;
}

static int do_execve(const char *filename, const char *const *argv, const char *const *envp,
		     bool user)
{
	struct exec_args a = { .buf = kmalloc(MAX_ARG_BYTES) };
	struct linux_binprm bprm = { .filename = filename };
	struct mm_struct *mm, *old;
	unsigned long entry, sp;
	struct dentry *d;
	const char *base;
	int err;

	if (!a.buf)
		return -ENOMEM;
	err = copy_strings(&a, argv, user, &a.argc);
	if (!err)
		err = copy_strings(&a, envp, user, &a.envc);
	if (!err) {
		err = kern_path(filename, LOOKUP_FOLLOW, &d);
		if (!err) {
			if (!S_ISREG(d->d_inode->i_mode) || !(d->d_inode->i_mode & 0111))
				err = -EACCES;
			bprm.strings = a.buf;
			bprm.strings_len = a.len;
			bprm.argc = a.argc;
			bprm.envc = a.envc;
			if (!err)
				err = load_elf(filename, d->d_inode, &bprm, &mm, &entry, &sp);
			dput(d);
		}
	}
	/* argv's strings come first in a.buf: /proc/PID/cmdline's bytes. */
	if (!err)
		proc_set_cmdline(current, a.buf, args_len(a.buf, a.argc));
	kfree(a.buf);
	if (err)
		return err;

	/* 4. No way back. */
	old = current->mm;
	current->mm = mm;
	switch_mm(mm->pgd);
	if (old)
		mmput(old);
	if (current->vfork_done) {
		complete(current->vfork_done);
		current->vfork_done = NULL;
	}
	if (current->files)
		close_on_exec(current->files);
	base = strrchr(filename, '/');
	strscpy(current->name, base ? base + 1 : filename, sizeof(current->name));
	start_thread(task_pt_regs(current), entry, sp);
	return 0;
}

int kernel_execve(const char *filename, const char *const argv[], const char *const envp[])
{
	return do_execve(filename, argv, envp, false);
}

SYSCALL_DEFINE3(execve, const char __user *, filename, const char __user *const __user *, argv,
		const char __user *const __user *, envp)
{
	char *name = kmalloc(PATH_MAX);
	long n;
	int err;

	if (!name)
		return -ENOMEM;
	n = strncpy_from_user(name, filename, PATH_MAX);
	err = n < 0 ? (int)n : n == PATH_MAX ? -ENAMETOOLONG : !n ? -ENOENT :
	      do_execve(name, (const char *const *)argv, (const char *const *)envp, true);
	kfree(name);
	return err;
}

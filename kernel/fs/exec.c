/*
 * execve(): a new program in the calling process (Linux's fs/exec.c and
 * the loading half of fs/binfmt_elf.c).
 *
 *   1. argv and envp are copied into the kernel (they live in the memory
 *      about to go), at most MAX_ARG_BYTES of strings: -E2BIG beyond;
 *   2. the file is looked up, must be a regular file with an executable
 *      bit (-EACCES), and its headers must pass every check of
 *      kernel/fs/binfmt_elf.c: a refusal is logged with its reason;
 *   3. a new address space gets each PT_LOAD segment (the file's own
 *      pages from the page cache, shared by every process running the
 *      program, a writable segment's copied on a write; its bss in zeroed
 *      pages) and, for a dynamically linked program, its interpreter
 *      (kernel/fs/binfmt_elf_load.c), a stack of USER_STACK_SIZE bytes
 *      below TASK_SIZE with argv, envp and the auxiliary vector
 *      (kernel/fs/exec_stack.c), and a heap right after the program's
 *      highest segment;
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

/* The stack's pages, and on them the tables create_elf_tables() lays out. */
static int setup_stack(struct mm_struct *mm, const struct linux_binprm *bprm,
		       const struct elf_image *img, u64 interp_base, unsigned long *sp)
{
	unsigned long top = TASK_SIZE & ~(PAGE_SIZE - 1);
	/* Strings, path, AT_RANDOM, argc, both lists, 17 auxv pairs, alignment. */
	size_t size = ALIGN(bprm->strings_len + strlen(bprm->filename) + 1 + 16 +
			    (bprm->argc + bprm->envc + 3 + 2 * 17) * sizeof(long) + 32, 16);
	struct elf_aux_info aux = { .hwcap = arch_elf_hwcap(), .clktck = USER_HZ,
				    .page_size = PAGE_SIZE, .base = interp_base };
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

/*
 * Steps 2 and 3: a new address space holding the program (and the
 * interpreter it names, which it starts in), or an error.
 */
static int load_elf(const char *filename, struct inode *inode, const struct linux_binprm *bprm,
		    struct mm_struct **res, unsigned long *entry, unsigned long *sp)
{
	struct elf_image img, interp = { 0 };
	const char *why = NULL;
	struct mm_struct *mm;
	Elf_Phdr *ph;
	Elf_Ehdr eh;
	int err = elf_read_headers(inode, ALIGN(TASK_SIZE / 3 * 2, PAGE_SIZE), &eh, &ph, &img,
				   &why);

	if (why)
		pr_info("%s[%d]: execve(\"%s\"): %s (error %d)\n", current->name, current->id,
			filename, why, err);
	mm = err ? NULL : mm_alloc();
	if (!err && !mm)
		err = -ENOMEM;
	if (!err)
		err = load_elf_segments(mm, inode, &eh, ph, &img);
	if (!err && img.interp_len)
		err = load_elf_interp(mm, filename, inode, &img, &interp);
	if (!err) {
		mm->start_brk = mm->brk = ALIGN(img.brk, PAGE_SIZE);
		err = setup_stack(mm, bprm, &img, interp.load_bias, sp);
	}
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
	*entry = img.interp_len ? interp.entry : img.entry;
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

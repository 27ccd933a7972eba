/*
 * User programs started by the kernel itself: /init at the end of boot
 * (kernel/init_process.c) and the user-space self-tests (kernel/ktest.c).
 * Linux's kernel/umh.c, call_usermodehelper() with UMH_WAIT_PROC.
 *
 * A kernel thread, child of the caller, opens the console as fd 0, 1 and
 * 2, becomes the program with kernel_execve() and leaves for user mode
 * (ret_to_user()); the caller waits for it as a parent does, with
 * kernel_wait4(). If execve() fails the thread ends at once and the error
 * is the caller's answer. /init's thread takes pid 1 before it runs
 * (sched_set_init_pid()), so the first program is pid 1, as on Linux.
 */
#include <asm/processor.h>
#include <kernel/bench.h>
#include <kernel/errno.h>
#include <kernel/exit.h>
#include <kernel/file.h>
#include <kernel/kthread.h>
#include <kernel/printk.h>
#include <kernel/process.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>

#include <asm/switch_to.h>

struct subprocess_info {
	const char *path;
	const char *const *argv, *const *envp;
	int exec_error;
	u64 start;		/* counter reading at call_usermodehelper(), for bench */
};

static int call_usermodehelper_exec(void *arg)
{
	struct subprocess_info *info = arg;

	current->files = files_alloc_console();
	info->exec_error = current->files ? kernel_execve(info->path, info->argv, info->envp) :
					    -ENOMEM;
	if (info->exec_error)
		do_exit(0);
	bench_user_entry(info->path, info->start);
	ret_to_user();
}

static int run_umh(const char *path, const char *const argv[], const char *const envp[],
		   int *status, bool init)
{
	struct subprocess_info info = { path, argv, envp, 0, bench_counter() };
	const char *base = strrchr(path, '/');
	struct thread *t = kthread_create(call_usermodehelper_exec, &info, base ? base + 1 : path);
	unsigned long flags;

	if (!t)
		return -EAGAIN;
	if (init && sched_set_init_pid(t))
		pr_warn("%s: pid 1 is taken, runs as pid %d\n", path, t->id);
	spin_lock_irqsave(&tasklist_lock, flags);
	t->parent = current;
	list_add_tail(&t->sibling, &current->children);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	wake_up_process(t);
	kernel_wait4(t->id, status, 0);
	return info.exec_error;
}

int call_usermodehelper(const char *path, const char *const argv[], const char *const envp[],
			int *status)
{
	return run_umh(path, argv, envp, status, false);
}

int call_usermodehelper_init(const char *path, const char *const argv[], const char *const envp[],
			     int *status)
{
	return run_umh(path, argv, envp, status, true);
}

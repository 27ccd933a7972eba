/*
 * The "usermode" suite: a small program (tests/kernel/<arch>/usermode_blob.S,
 * the layout in usermode.h) run in user mode by a kernel thread that
 * becomes a process: an address space of its own with the program, a stack
 * and a data page, then start_thread() and ret_to_user(). It makes real
 * system calls (write's output appears on the console; bad pointers give
 * -EFAULT through counted fixups, no oops), exits with exit_group, and the
 * test checks the exit status, the results it stored, and that every page
 * came back. Then programs that fault (killed by SIGSEGV or SIGILL, the
 * kernel carries on, tests/matrix checks the segfault line) and one that
 * spins in user mode until the test, on the same CPU, runs again: only
 * the timer interrupting user mode and switching threads lets it.
 */
#include <asm/switch_to.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/exit.h>
#include <kernel/file.h>
#include <kernel/kthread.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/signal.h>
#include <kernel/smp.h>
#include <kernel/string.h>

#include "usermode.h"

extern const char usermode_blob_start[], usermode_blob_end[];
extern const char usermode_syscalls[], usermode_segv[], usermode_ill[], usermode_spin[];

struct user_run {
	const char *entry;		/* in the blob */
	long *data;			/* the data page, the test's own */
	int pid;
};

/* The thread: become a process with the blob mapped, enter user mode; only exit ends it. */
static int user_thread(void *arg)
{
	struct user_run *run = arg;
	struct mm_struct *mm = mm_alloc();
	void *code;

	run->pid = current->id;
	/* fd 1 and 2, the console, as every program has them (kernel/umh.c). */
	current->files = files_alloc_console();
	if (!mm || !current->files) {
		if (mm)
			mmput(mm);
		do_exit(-ENOMEM);
	}
	if (vm_map_anon(mm, UM_CODE, PAGE_SIZE, VM_READ | VM_EXEC) ||
	    vm_map_anon(mm, UM_STACK_TOP - PAGE_SIZE, PAGE_SIZE, VM_READ | VM_WRITE) ||
	    map_user_page(mm->pgd, UM_DATA, __pa(run->data), VM_READ | VM_WRITE) ||
	    !(code = mm_page_address(mm, UM_CODE))) {
		mmput(mm);
		do_exit(-ENOMEM);
	}
	memcpy(code, usermode_blob_start, usermode_blob_end - usermode_blob_start);
	current->mm = mm;
	start_thread(task_pt_regs(current),
		     UM_CODE + (run->entry - usermode_blob_start), UM_STACK_TOP);
	ret_to_user();
}

/* A fresh data page, the thread on `cpu`, not yet woken; NULL on no memory. */
static struct thread *create_user(struct user_run *run, const char *entry, int cpu,
				  const char *name)
{
	struct thread *t;

	run->entry = entry;
	run->data = alloc_page();
	if (!run->data)
		return NULL;
	memset(run->data, 0, PAGE_SIZE);
	run->data[UM_TLS_OFF / sizeof(long)] = UM_TLS_MAGIC;
	t = kthread_create_on_cpu(user_thread, run, cpu, name);
	if (!t)
		free_page(run->data);
	return t;
}

/* Run to the end; the exit status (a wait status: code << 8, or the signal). */
static int run_user(struct user_run *run, const char *entry, const char *name)
{
	struct thread *t = create_user(run, entry, smp_processor_id(), name);

	if (!t)
		return -ENOMEM;
	wake_up_process(t);
	return kthread_stop(t);
}

/* One run first: the slab caches may take a page for their first mm and VMA, for good. */
static void warm_up(void)
{
	struct user_run run;

	if (run_user(&run, usermode_syscalls, "usermode") != -ENOMEM)
		free_page(run.data);
}

static void system_calls_from_user_mode(struct ktest *t)
{
	unsigned long fixups, before;
	struct user_run run;
	long *slot;
	int status;

	warm_up();
	before = nr_free_pages();
	fixups = uaccess_fixup_count();
	status = run_user(&run, usermode_syscalls, "usermode");
	KTEST_ASSERT_TRUE(t, status != -ENOMEM);
	slot = run.data;
	KTEST_EXPECT_EQ(t, status, UM_EXIT << 8);
	KTEST_EXPECT_EQ(t, slot[UM_SLOT_WRITE], sizeof(UM_MESSAGE) - 1);
	KTEST_EXPECT_EQ(t, slot[UM_SLOT_WRITE_NULL], -EFAULT);
	KTEST_EXPECT_EQ(t, slot[UM_SLOT_WRITE_KERNEL], -EFAULT);
	KTEST_EXPECT_EQ(t, slot[UM_SLOT_WRITE_UNMAPPED], -EFAULT);
	KTEST_EXPECT_EQ(t, slot[UM_SLOT_GETPID], run.pid);
	KTEST_EXPECT_EQ(t, slot[UM_SLOT_ENOSYS], -ENOSYS);
	KTEST_EXPECT_EQ(t, slot[UM_SLOT_TLS], UM_TLS_MAGIC);
	KTEST_EXPECT_EQ(t, slot[UM_SLOT_DONE], 1);
	/* NULL and the unmapped address fault and are fixed up; access_ok() refuses the kernel's. */
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups + 2);
	free_page(run.data);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static void faults_kill_the_program(struct ktest *t)
{
	unsigned long before;
	struct user_run run;

	warm_up();
	before = nr_free_pages();
	KTEST_EXPECT_EQ(t, run_user(&run, usermode_segv, "usermode-segv"), SIGSEGV);
	free_page(run.data);
	KTEST_EXPECT_EQ(t, run_user(&run, usermode_ill, "usermode-ill"), SIGILL);
	free_page(run.data);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static void user_mode_is_preempted(struct ktest *t)
{
	struct user_run run;
	struct thread *spinner = create_user(&run, usermode_spin, smp_processor_id(),
					     "usermode-spin");

	KTEST_ASSERT_TRUE(t, spinner != NULL);
	wake_up_process(spinner);
	/*
	 * Yield: queued behind the spinner, this thread runs again only once a
	 * tick took it off; once it has started, it never leaves user mode.
	 */
	for (int i = 0; i < 500 && !READ_ONCE(run.data[UM_STARTED_OFF / sizeof(long)]); i++)
		schedule();
	KTEST_EXPECT_TRUE(t, READ_ONCE(run.data[UM_STARTED_OFF / sizeof(long)]));
	run.data[UM_FLAG_OFF / sizeof(long)] = 1;
	KTEST_EXPECT_EQ(t, kthread_stop(spinner), 0);
	free_page(run.data);
}

static const struct ktest_case usermode_cases[] = {
	KTEST_CASE(system_calls_from_user_mode),
	KTEST_CASE(faults_kill_the_program),
	KTEST_CASE(user_mode_is_preempted),
	{}
};

static const struct ktest_suite usermode_suite = { "usermode", usermode_cases };
ktest_suite(usermode_suite);

/*
 * Kernel threads and the scheduler (kernel/sched.c, kernel/kthread.c).
 *
 * Each CPU has a run queue (a per-CPU struct rq) of threads that are ready
 * to run. schedule() puts the running thread back at the tail if it is
 * still runnable and switches to the head (the arch's cpu_switch_to() in
 * arch/<arch>/kernel/switch.S saves the callee-saved registers on the old
 * stack and its stack pointer in the thread). The CPU's timer (kernel/timer.c)
 * preempts a thread whose time slice is over, unless preemption is off
 * (a spinlock is held: include/kernel/spinlock.h). With nothing to run a CPU
 * runs its idle thread, which halts until an interrupt.
 *
 * A thread stays on the CPU it was created on: a wake-up never has to pull
 * it off another CPU that is still switching away from it.
 *
 * This header is the scheduler's interface. The thread table behind it is
 * the scheduler's own (kernel/sched_internal.h); the tick, jiffies and
 * timed sleeps are include/kernel/timer.h; creating threads is
 * include/kernel/kthread.h.
 *
 * __sched puts a function in .sched.text, gathered between
 * __sched_text_start and __sched_text_end (SCHED_TEXT in
 * linker/sections.lds.h). A blocking primitive is __sched, so that
 * get_wchan() (kernel/wchan.c), walking a sleeping thread's stack, skips it
 * and names the function that chose to wait.
 */
#ifndef _KERNEL_SCHED_H
#define _KERNEL_SCHED_H

#include <asm/page.h>
#include <asm/processor.h>
#include <kernel/compiler.h>
#include <kernel/list.h>
#include <kernel/percpu.h>
#include <kernel/sections.h>
#include <kernel/types.h>

#define __sched		__section(".sched.text")

#define THREAD_NAME_LEN		16
#define THREAD_STACK_ORDER	2	/* 16 KiB, with an unmapped guard page below */
#define THREAD_STACK_SIZE	(PAGE_SIZE << THREAD_STACK_ORDER)

enum thread_state {
	THREAD_UNUSED,		/* a free slot in the table */
	THREAD_RUNNING,		/* running, or on its CPU's run queue */
	THREAD_SLEEPING,	/* blocked until a wake_up_process() */
	THREAD_DEAD,		/* returned; its slot is freed by kthread_stop() */
};

struct completion;
struct dentry;
struct files_struct;
struct mm_struct;
struct sighand_struct;

struct thread {
	unsigned long sp;		/* saved stack pointer while switched out */
	int id;
	char name[THREAD_NAME_LEN];
	enum thread_state state;
	int cpu;			/* the CPU it runs on, for good */
	bool on_cpu;			/* its registers are live on a CPU (or being saved) */
	bool is_idle;
	bool should_stop;		/* kthread_stop() asked it to return */
	struct list_head run_list;	/* on its run queue while runnable and not running */
	struct list_head timer_list;	/* on its CPU's sleepers while in schedule_timeout() */
	u64 wake_at;			/* get_cycles() when schedule_timeout() ends */
	char *stack;			/* lowest address of the slot's stack (unused by
					   the threads that run on a CPU's boot stack) */
	int (*fn)(void *arg);
	void *arg;
	int exit_code;			/* what fn returned */
	unsigned long nr_switches;	/* times switched in */
	struct mm_struct *mm;		/* its user address space; NULL: a kernel thread */
	struct thread_struct arch;	/* the arch's per-thread state (asm/processor.h) */
	/* A process's own (include/kernel/process.h); NULL and empty for a kernel thread. */
	struct thread *parent;		/* who wait4()s for it; NULL: nobody */
	struct list_head children;	/* its children, running or exited, until reaped */
	struct list_head sibling;	/* in its parent's children */
	bool exited;			/* past do_exit(): a zombie until reaped */
	bool orphan;			/* its parent ended first: nobody will reap it */
	struct files_struct *files;	/* its open files */
	void *clear_child_tid;		/* set_tid_address(): a user int zeroed at exit */
	struct completion *vfork_done;	/* a vfork() parent waits on it until exec or exit */
	/* Its signals (include/kernel/sched_signal.h; sigset_t bits); none for a kernel thread. */
	struct sighand_struct *sighand;	/* actions, pending signals' siginfo; NULL: none */
	u64 pending;			/* sent, not yet delivered */
	u64 blocked;			/* its mask */
	u64 saved_sigmask;		/* rt_sigsuspend(): the mask back after the handler */
	bool restore_sigmask;
	int exit_signal;		/* what its end sends its parent (clone()'s CSIGNAL) */
	/* Job control (kernel/signal_stop.c): stopped; a stop or continue wait4() has not told. */
	bool stopped;
	int wait_report;		/* its wait status: (sig << 8) | 0x7f, or 0xffff; 0: none */
	u32 uid, gid;			/* its credentials (kernel/cred.c) */
	u16 umask;			/* taken off the mode of the files it creates */
	/* Its process group and session (kernel/pgrp.c): ids; 0 for the kernel's own. */
	int pgrp, session;
	bool did_exec;			/* has run execve(): its parent may no longer setpgid() it */
	struct dentry *cwd;		/* its working directory, held; NULL: the root */
	char *cmdline;			/* its argv's strings, for /proc/PID/cmdline */
	size_t cmdline_len;
};

/* Each CPU's running thread. */
DECLARE_PER_CPU(struct thread *, current_thread);
#define current		this_cpu_read(current_thread)

/* The state a blocking primitive sets before it re-checks its condition and calls schedule(). */
void set_current_state(enum thread_state state);

/* Boot step 10: the thread table, the boot thread, the idle threads. */
void sched_init(void);
/* A secondary CPU, and the boot CPU's idle thread: become idle, run threads forever. */
void __noreturn cpu_startup_entry(void);

void schedule(void);
/*
 * Give t, not yet running, the id 1 that thread_alloc() keeps for init:
 * 0, or -EBUSY while another thread has it.
 */
int sched_set_init_pid(struct thread *t);
/* Make `t` runnable on its CPU; false if it already was. */
bool wake_up_process(struct thread *t);
/* Should this CPU switch threads at the next chance? */
bool need_resched(void);
/* Called by the arch's interrupt exit with interrupts off: switch if the slice is over. */
void preempt_schedule_irq(void);
/* kernel/timer.c, interrupts off, at a slice's end or a tick: switch if others wait. */
void hrtick(void);

/* Arch: switch stacks; *prev_sp receives the old one (switch.S). */
void cpu_switch_to(unsigned long *prev_sp, unsigned long next_sp);

/* kernel/wchan.c: where a sleeping thread waits (0: it does not). */
unsigned long get_wchan(struct thread *t);
bool in_sched_functions(unsigned long addr);

/* kernel/sched_debug.c: the `ps` listing; the serial monitor and sched_debug print it. */
const char *thread_state_name(enum thread_state state);
void show_threads(int (*print)(const char *fmt, ...));
/* At the end of boot: the listing, when `sched_debug` is on the command line. */
void sched_debug_show(void);

#endif

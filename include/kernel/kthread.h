/*
 * Kernel threads: a function running on its own stack, scheduled with the
 * others (include/kernel/sched.h). The thread ends when fn returns; whoever
 * created it collects it with kthread_stop(), which also frees its slot.
 *
 *   struct thread *t = kthread_run(worker, &data, "worker");
 *   ...
 *   int ret = kthread_stop(t);	// asks, then waits for worker() to return
 */
#ifndef _KERNEL_KTHREAD_H
#define _KERNEL_KTHREAD_H

#include <kernel/sched.h>

/* A new thread, not yet runnable, on the next CPU in turn; NULL when the table is full. */
struct thread *kthread_create(int (*fn)(void *arg), void *arg, const char *name);
/* The same on a given CPU. */
struct thread *kthread_create_on_cpu(int (*fn)(void *arg), void *arg, int cpu,
				     const char *name);
/* Create and wake. */
struct thread *kthread_run(int (*fn)(void *arg), void *arg, const char *name);
/* Set should_stop, wake it, wait until it has returned; fn's return value. */
int kthread_stop(struct thread *t);
/* End the calling thread now, as if its fn had returned code. */
void __noreturn kthread_exit(int code);
/* For a thread's loop: has kthread_stop() been called on me? */
bool kthread_should_stop(void);

#endif

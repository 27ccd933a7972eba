/*
 * The scheduler's own: the thread table and what only kernel/sched.c,
 * kthread.c and sched_debug.c do with it. Everyone else knows threads
 * through include/kernel/sched.h and kthread.h.
 *
 * The table is fixed: NR_THREADS slots, idle threads included, each with
 * its stack for good (thread_stacks_init(), boot step 10).
 */
#ifndef _KERNEL_SCHED_INTERNAL_H
#define _KERNEL_SCHED_INTERNAL_H

#include <asm/page.h>
#include <kernel/sched.h>

#define NR_THREADS		32

extern struct thread thread_table[NR_THREADS];

/* kthread.c: a stack for every slot, and the wait queue kthread_stop() sleeps on. */
void thread_stacks_init(void);
/* A free slot, filled in and not yet runnable; NULL when the table is full. */
struct thread *thread_alloc(const char *name, int cpu, bool need_stack);
void thread_free(struct thread *t);
/* A new thread's first steps, on its own stack: end the switch that started it. */
void sched_finish_switch(void);

#endif

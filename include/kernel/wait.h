/*
 * Wait queues: threads sleeping until a condition becomes true.
 *
 *   wait_event(wq, done);		// sleeper (done re-checked on each wake-up)
 *   done = true; wake_up(&wq);		// waker
 *
 * wait_event() is a macro, so the schedule() call sits in the caller's own
 * code: the caller, not a helper, is the wait channel (kernel/wchan.c).
 */
#ifndef _KERNEL_WAIT_H
#define _KERNEL_WAIT_H

#include <kernel/list.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};

struct wait_queue_entry {
	struct thread *thread;
	struct list_head entry;
};

#define DECLARE_WAIT_QUEUE_HEAD(name)					\
	struct wait_queue_head name = {					\
		.lock = __SPIN_LOCK_UNLOCKED,				\
		.head = LIST_HEAD_INIT(name.head),			\
	}

void init_waitqueue_head(struct wait_queue_head *wq);
void init_wait_entry(struct wait_queue_entry *wait);
/* Queue `wait` (once) and set the state: the condition is checked after this. */
void prepare_to_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait);
void finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait);
/* Wake every thread on the queue; how many were asleep. */
int wake_up(struct wait_queue_head *wq);

#define wait_event(wq, condition)					\
	do {								\
		struct wait_queue_entry __wait;				\
									\
		init_wait_entry(&__wait);				\
		for (;;) {						\
			prepare_to_wait(&(wq), &__wait);		\
			if (condition)					\
				break;					\
			schedule();					\
		}							\
		finish_wait(&(wq), &__wait);				\
	} while (0)

#endif

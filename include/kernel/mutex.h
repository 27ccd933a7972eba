/*
 * A sleeping lock: a thread that finds it taken sleeps instead of spinning.
 * mutex_unlock() hands the lock straight to the first waiter (first come,
 * first served, no thread can overtake a sleeper). Threads only: not for
 * interrupt handlers, nor while holding a spinlock.
 */
#ifndef _KERNEL_MUTEX_H
#define _KERNEL_MUTEX_H

#include <kernel/list.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>

struct mutex {
	spinlock_t wait_lock;
	struct thread *owner;
	struct list_head wait_list;
};

#define DEFINE_MUTEX(name)						\
	struct mutex name = { __SPIN_LOCK_UNLOCKED, NULL, LIST_HEAD_INIT(name.wait_list) }

void mutex_init(struct mutex *lock);
void mutex_lock(struct mutex *lock);
bool mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);

#endif

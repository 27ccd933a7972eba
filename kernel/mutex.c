/*
 * Sleeping locks (include/kernel/mutex.h). The waiters queue in arrival
 * order; mutex_unlock() makes the first of them the owner before waking
 * it, so the lock is never free while someone waits and nobody overtakes.
 * mutex_lock() is __sched: a thread asleep in it has its caller as wait
 * channel.
 */
#include <kernel/export.h>
#include <kernel/mutex.h>

struct mutex_waiter {
	struct thread *thread;
	struct list_head list;
};

void mutex_init(struct mutex *lock)
{
	spin_lock_init(&lock->wait_lock);
	lock->owner = NULL;
	INIT_LIST_HEAD(&lock->wait_list);
}
EXPORT_SYMBOL(mutex_init);

bool mutex_trylock(struct mutex *lock)
{
	unsigned long flags;
	bool taken = false;

	spin_lock_irqsave(&lock->wait_lock, flags);
	if (!lock->owner) {
		lock->owner = current;
		taken = true;
	}
	spin_unlock_irqrestore(&lock->wait_lock, flags);
	return taken;
}
EXPORT_SYMBOL(mutex_trylock);

void __sched mutex_lock(struct mutex *lock)
{
	struct mutex_waiter waiter = { .thread = current };
	unsigned long flags;

	spin_lock_irqsave(&lock->wait_lock, flags);
	if (!lock->owner) {
		lock->owner = current;
		spin_unlock_irqrestore(&lock->wait_lock, flags);
		return;
	}
	list_add_tail(&waiter.list, &lock->wait_list);
	while (READ_ONCE(lock->owner) != current) {
		set_current_state(THREAD_SLEEPING);
		spin_unlock_irqrestore(&lock->wait_lock, flags);
		schedule();
		spin_lock_irqsave(&lock->wait_lock, flags);
	}
	set_current_state(THREAD_RUNNING);
	spin_unlock_irqrestore(&lock->wait_lock, flags);
}
EXPORT_SYMBOL(mutex_lock);

void mutex_unlock(struct mutex *lock)
{
	struct mutex_waiter *next = NULL;
	unsigned long flags;

	spin_lock_irqsave(&lock->wait_lock, flags);
	if (list_empty(&lock->wait_list)) {
		lock->owner = NULL;
	} else {
		next = list_first_entry(&lock->wait_list, struct mutex_waiter, list);
		list_del_init(&next->list);
		WRITE_ONCE(lock->owner, next->thread);
		wake_up_process(next->thread);
	}
	spin_unlock_irqrestore(&lock->wait_lock, flags);
}
EXPORT_SYMBOL(mutex_unlock);

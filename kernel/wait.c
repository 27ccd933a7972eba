/*
 * Wait queues (include/kernel/wait.h). A sleeper queues itself and sets
 * its state before it looks at its condition; a waker changes the
 * condition before it wakes the queue. Whichever order the two CPUs run
 * in, either the sleeper sees the condition or the waker sees the sleeper.
 */
#include <kernel/export.h>
#include <kernel/wait.h>

void init_waitqueue_head(struct wait_queue_head *wq)
{
	spin_lock_init(&wq->lock);
	INIT_LIST_HEAD(&wq->head);
}
EXPORT_SYMBOL(init_waitqueue_head);

void init_wait_entry(struct wait_queue_entry *wait)
{
	wait->thread = current;
	INIT_LIST_HEAD(&wait->entry);
}
EXPORT_SYMBOL(init_wait_entry);

void prepare_to_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait)
{
	unsigned long flags;

	spin_lock_irqsave(&wq->lock, flags);
	if (list_empty(&wait->entry))
		list_add_tail(&wait->entry, &wq->head);
	set_current_state(THREAD_SLEEPING);
	spin_unlock_irqrestore(&wq->lock, flags);
}
EXPORT_SYMBOL(prepare_to_wait);

void finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait)
{
	unsigned long flags;

	set_current_state(THREAD_RUNNING);
	spin_lock_irqsave(&wq->lock, flags);
	if (!list_empty(&wait->entry))
		list_del_init(&wait->entry);
	spin_unlock_irqrestore(&wq->lock, flags);
}
EXPORT_SYMBOL(finish_wait);

int wake_up(struct wait_queue_head *wq)
{
	struct list_head *pos, *n;
	unsigned long flags;
	int woken = 0;

	spin_lock_irqsave(&wq->lock, flags);
	list_for_each_safe(pos, n, &wq->head)
		woken += wake_up_process(list_entry(pos, struct wait_queue_entry, entry)->thread);
	spin_unlock_irqrestore(&wq->lock, flags);
	return woken;
}
EXPORT_SYMBOL(wake_up);

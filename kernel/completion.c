/*
 * Completions (include/kernel/completion.h): a count of "done" events and
 * a wait queue. wait_for_completion() is __sched, so a thread asleep in it
 * shows the function that waits as its wait channel.
 */
#include <kernel/completion.h>
#include <kernel/export.h>

#define COMPLETE_ALL	(~0u >> 1)

void init_completion(struct completion *x)
{
	x->done = 0;
	init_waitqueue_head(&x->wait);
}
EXPORT_SYMBOL(init_completion);

void __sched wait_for_completion(struct completion *x)
{
	struct wait_queue_entry wait;
	unsigned long flags;

	init_wait_entry(&wait);
	spin_lock_irqsave(&x->wait.lock, flags);
	while (!x->done) {
		if (list_empty(&wait.entry))
			list_add_tail(&wait.entry, &x->wait.head);
		set_current_state(THREAD_SLEEPING);
		spin_unlock_irqrestore(&x->wait.lock, flags);
		schedule();
		spin_lock_irqsave(&x->wait.lock, flags);
	}
	if (!list_empty(&wait.entry))
		list_del_init(&wait.entry);
	set_current_state(THREAD_RUNNING);
	if (x->done != COMPLETE_ALL)
		x->done--;
	spin_unlock_irqrestore(&x->wait.lock, flags);
}
EXPORT_SYMBOL(wait_for_completion);

static void complete_n(struct completion *x, bool all)
{
	unsigned long flags;
	struct list_head *pos, *n;

	spin_lock_irqsave(&x->wait.lock, flags);
	if (all)
		x->done = COMPLETE_ALL;
	else if (x->done != COMPLETE_ALL)
		x->done++;
	list_for_each_safe(pos, n, &x->wait.head) {
		if (wake_up_process(list_entry(pos, struct wait_queue_entry, entry)->thread) && !all)
			break;
	}
	spin_unlock_irqrestore(&x->wait.lock, flags);
}

void complete(struct completion *x)
{
	complete_n(x, false);
}
EXPORT_SYMBOL(complete);

void complete_all(struct completion *x)
{
	complete_n(x, true);
}
EXPORT_SYMBOL(complete_all);

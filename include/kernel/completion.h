/*
 * Completions: "wait until this has happened once". complete() lets one
 * waiter through (or the next one to arrive), complete_all() every one.
 */
#ifndef _KERNEL_COMPLETION_H
#define _KERNEL_COMPLETION_H

#include <kernel/wait.h>

struct completion {
	unsigned int done;
	struct wait_queue_head wait;
};

void init_completion(struct completion *x);
void wait_for_completion(struct completion *x);
void complete(struct completion *x);
void complete_all(struct completion *x);

#endif

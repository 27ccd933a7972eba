/*
 * Circular doubly linked lists, Linux's struct list_head: the node lives
 * inside the object, container_of() (kernel/compiler.h) finds the object.
 * The run queues, wait queues and mutex waiters of the scheduler use them,
 * and the page allocator's free lists, whose nodes live in the free pages.
 */
#ifndef _KERNEL_LIST_H
#define _KERNEL_LIST_H

#include <kernel/compiler.h>
#include <kernel/types.h>

struct list_head {
	struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

/* Link `entry` in between two neighbours. */
static inline void __list_add(struct list_head *entry, struct list_head *prev,
			      struct list_head *next)
{
	entry->prev = prev;
	entry->next = next;
	prev->next = entry;
	next->prev = entry;
}

/* Insert `entry` after `head`, i.e. at the front of the list. */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head, head->next);
}

/* Insert `entry` before `head`, i.e. at the tail of the list. */
static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head->prev, head);
}

/* Unlink; the entry's own pointers are left as they were. */
static inline void list_del(struct list_head *entry)
{
	entry->prev->next = entry->next;
	entry->next->prev = entry->prev;
}

/* Unlink and point the entry at itself, so that list_empty(entry) says "not on a list". */
static inline void list_del_init(struct list_head *entry)
{
	list_del(entry);
	INIT_LIST_HEAD(entry);
}

#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)

#define list_for_each(pos, head)					\
	for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)

/* Safe against removal of the current entry: `n` is fetched before the body runs. */
#define list_for_each_safe(pos, n, head)				\
	for ((pos) = (head)->next, (n) = (pos)->next; (pos) != (head);	\
	     (pos) = (n), (n) = (pos)->next)

#endif

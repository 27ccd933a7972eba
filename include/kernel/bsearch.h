/*
 * Binary search in a sorted array (kernel/lib/bsearch.c): the C library's
 * bsearch(). The kernel searches tables that the build sorted, such as the
 * exception table, with it.
 *
 * cmp(key, elt) returns <0, 0 or >0 as key is below, equal to or above
 * elt. Returns an element equal to key (any one, if several are), or NULL.
 */
#ifndef _KERNEL_BSEARCH_H
#define _KERNEL_BSEARCH_H

#include <kernel/types.h>

void *bsearch(const void *key, const void *base, size_t num, size_t size,
	      int (*cmp)(const void *key, const void *elt));

#endif

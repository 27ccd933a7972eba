/*
 * The initial RAM disk after boot step 2 (kernel/initrd.c): where its
 * archives are is boot_info.initrd[]; this is what became of them.
 */
#ifndef _KERNEL_INITRD_H
#define _KERNEL_INITRD_H

/* Why unpacking the first initrd that failed failed (NULL: none did), for the tests. */
extern const char *initrd_unpack_error;
/* What freeing the initrds did, for the tests: pages freed, free pages before and after. */
extern unsigned long initrd_freed_pages;
extern unsigned long initrd_free_pages_before, initrd_free_pages_after;

#endif

/*
 * The arch's half of the wx suite (tests/kernel/<arch>/wx_arch.c): one page
 * of the kernel image's data made executable on top of writable, and back,
 * through its page-table entry. Only a test does that: the kernel has no
 * call that maps a page writable and executable.
 */
#ifndef _TESTS_KERNEL_WX_ARCH_H
#define _TESTS_KERNEL_WX_ARCH_H

#include <kernel/types.h>

/* Whether the page's 4 KiB entry was found and changed (false: no such entry maps it). */
bool wx_arch_set_exec(void *page, bool exec);

#endif

/*
 * free_initmem(): the end of boot. Every page between __init_begin and
 * __init_end (.init.text, .init.data, the initcall and setup tables, the
 * boot-time test suites, the per-CPU template) is filled with
 * a poison byte and handed to the page allocator. The poison (0xcc, int3 on
 * x86) makes a stale call or read stand out rather than run recycled bytes.
 * Then the image's mapping of the range goes away, so a stale pointer
 * faults; the pages themselves live on in the direct map, where the
 * allocator hands them out.
 */
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/pgtable.h>
#include <kernel/printk.h>
#include <kernel/sections.h>

#define POISON_FREE_INITMEM	0xcc

unsigned long initmem_freed_pages;
unsigned long initmem_free_pages_before, initmem_free_pages_after;

void free_initmem(void)
{
	/* LAB free_initmem: begin */
	initmem_free_pages_before = nr_free_pages();
	initmem_freed_pages = free_reserved_area(__init_begin, __init_end, POISON_FREE_INITMEM,
						 "unused kernel image (initmem)");
	initmem_free_pages_after = nr_free_pages();
	unmap_kernel_range((unsigned long)__init_begin, (unsigned long)__init_end);
	/* LAB free_initmem: end */
}

/* The W^X promise, checked by walking the page tables (Linux: CONFIG_DEBUG_WX). */
void check_wx_pages(void)
{
	unsigned long wx = count_wx_pages();

	if (wx)
		pr_warn("Checked W+X mappings: FAILED, %lu W+X pages found\n", wx);
	else
		pr_info("Checked W+X mappings: passed, no W+X pages found.\n");
}

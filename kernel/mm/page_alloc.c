/*
 * The physical page allocator: a buddy allocator.
 *
 * Free memory is kept as blocks of 2^order pages, each aligned to its own
 * size, on one list per order. Freeing a block looks at its "buddy" (the
 * block it was split from: pfn ^ (1 << order)); when the buddy is free and
 * of the same order the two merge, and so on upwards. So memory never
 * fragments into pieces smaller than what is in use, and both operations
 * take at most MAX_ORDER steps.
 *
 * Bookkeeping is one byte per page (free_order[]): the order of the free
 * block that starts there, or NOT_FREE; and one struct page per page
 * (mem_map[], as in Linux), whose list node links the block that starts
 * there on its free list. The nodes live there, not in the free pages
 * themselves, so that nothing reads a free page: with debug_pagealloc=on
 * free pages are unmapped. Only free_order[] needs setting at boot, one
 * byte a page; both arrays are carved out of RAM at boot, before the
 * allocator exists, and reserved. struct page also counts an allocated
 * page's users, for fork()'s sharing (kernel/mm/internal.h).
 *
 * One lock, taken with interrupts off, guards the lists and the counts, so
 * any CPU (and an interrupt handler) may allocate and free (Linux has one
 * per zone: zone->lock).
 */
#include <kernel/bootinfo.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/kstrtox.h>
#include <kernel/list.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/pgtable.h>
#include <kernel/printk.h>
#include <kernel/sprintf.h>
#include <kernel/sections.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>

#include "internal.h"

#define NOT_FREE	0xff

bool debug_pagealloc_enabled_early;
bool _debug_pagealloc_enabled;

/* debug_pagealloc=on|off (off by default: every allocation and free then edits the page tables). */
static int __init early_debug_pagealloc(char *val)
{
	return kstrtobool(val, &debug_pagealloc_enabled_early) ? -1 : 0;
}
early_param("debug_pagealloc=", early_debug_pagealloc);

static struct list_head free_lists[MAX_ORDER + 1];
static u8 *free_order;
struct page *mem_map;
unsigned long min_pfn;
static unsigned long max_pfn;
static unsigned long total_pages, free_pages_count;
static DEFINE_SPINLOCK(zone_lock);

static struct page *pfn_to_page(unsigned long pfn)
{
	return &mem_map[pfn - min_pfn];
}

static unsigned long page_to_pfn(const struct page *page)
{
	return (unsigned long)(page - mem_map) + min_pfn;
}

static void *pfn_address(unsigned long pfn)
{
	return __va((phys_addr_t)pfn << PAGE_SHIFT);
}

static unsigned long block_pfn(const void *addr)
{
	return __pa(addr) >> PAGE_SHIFT;
}

/* Put a block on its list, merging with free buddies first. */
static void free_block(unsigned long pfn, unsigned int order)
{
	while (order < MAX_ORDER) {
		unsigned long buddy = pfn ^ (1ul << order);

		if (buddy < min_pfn || buddy >= max_pfn || free_order[buddy - min_pfn] != order)
			break;
		list_del(&pfn_to_page(buddy)->buddy_list);
		free_order[buddy - min_pfn] = NOT_FREE;
		pfn &= ~(1ul << order);
		order++;
	}
	free_order[pfn - min_pfn] = order;
	list_add(&pfn_to_page(pfn)->buddy_list, &free_lists[order]);
}

void *alloc_pages(unsigned int order)
{
	unsigned int o = order;
	struct page *page;
	unsigned long pfn, flags;

	spin_lock_irqsave(&zone_lock, flags);
	while (o <= MAX_ORDER && list_empty(&free_lists[o]))
		o++;
	if (o > MAX_ORDER) {
		spin_unlock_irqrestore(&zone_lock, flags);
		return NULL;
	}
	page = list_first_entry(&free_lists[o], struct page, buddy_list);
	list_del(&page->buddy_list);
	pfn = page_to_pfn(page);
	free_order[pfn - min_pfn] = NOT_FREE;
	/* Split: the upper halves go back on the lower lists. */
	while (o > order) {
		o--;
		free_order[pfn + (1ul << o) - min_pfn] = o;
		list_add(&pfn_to_page(pfn + (1ul << o))->buddy_list, &free_lists[o]);
	}
	free_pages_count -= 1ul << order;
	atomic_set(&page->_refcount, 1);
	spin_unlock_irqrestore(&zone_lock, flags);
	if (debug_pagealloc_enabled())
		__kernel_map_pages(pfn_address(pfn), 1 << order, 1);
	return pfn_address(pfn);
}
EXPORT_SYMBOL(alloc_pages);

void free_pages(void *addr, unsigned int order)
{
	unsigned long flags;

	if (!addr)
		return;
	/* Unmapped before it is on a list: from there another CPU may take and map it. */
	if (debug_pagealloc_enabled())
		__kernel_map_pages(addr, 1 << order, 0);
	spin_lock_irqsave(&zone_lock, flags);
	free_block(block_pfn(addr), order);
	free_pages_count += 1ul << order;
	spin_unlock_irqrestore(&zone_lock, flags);
}
EXPORT_SYMBOL(free_pages);

/*
 * For an oops: with debug_pagealloc on, say so when a faulting address is
 * in the direct map on a free page, the likely reason it was not mapped.
 */
void debug_pagealloc_report_fault(unsigned long addr)
{
	if (!debug_pagealloc_enabled() || addr < PAGE_OFFSET || addr >= KERNEL_VMA_BASE ||
	    !page_is_free(__pa((void *)addr)))
		return;
	printk(KERN_EMERG "BUG: debug_pagealloc: %#lx is in a free page (pfn %#lx): "
	       "use after free_pages()\n", addr, (unsigned long)(__pa((void *)addr) >> PAGE_SHIFT));
}

/* Whether the page at physical address pa lies in a free block (Linux: PageBuddy). */
bool page_is_free(phys_addr_t pa)
{
	unsigned long pfn = pa >> PAGE_SHIFT;

	if (pfn < min_pfn || pfn >= max_pfn)
		return false;
	for (unsigned int order = 0; order <= MAX_ORDER; order++) {
		unsigned long start = pfn & ~((1ul << order) - 1);

		if (start >= min_pfn && free_order[start - min_pfn] == order)
			return true;
	}
	return false;
}

unsigned long nr_free_pages(void)
{
	return free_pages_count;
}

unsigned long totalram_pages(void)
{
	return total_pages;
}

/*
 * Of the reserved ranges (the image among them) that meet [start, end), the
 * one that starts lowest: false when none does.
 */
static bool __init first_reserved(phys_addr_t start, phys_addr_t end,
				  phys_addr_t *res_start, phys_addr_t *res_end)
{
	bool found = false;

	*res_start = __pa(_text);
	*res_end = __pa(_end);
	if (start < *res_end && end > *res_start)
		found = true;
	for (int i = 0; i < boot_info.nr_reserved; i++) {
		const struct mem_region *r = &boot_info.reserved[i];

		if (start >= r->base + r->size || end <= r->base)
			continue;
		if (!found || r->base < *res_start) {
			*res_start = r->base;
			*res_end = r->base + r->size;
			found = true;
		}
	}
	return found;
}

/* If [start, end) meets a reserved range or the image, return where that range ends. */
static phys_addr_t __init reserved_end(phys_addr_t start, phys_addr_t end)
{
	phys_addr_t res_start, res_end;

	return first_reserved(start, end, &res_start, &res_end) ? res_end : 0;
}

/* Give the pages [pfn, end) to the free lists, in the biggest aligned blocks that fit. */
static void __init free_pfn_range(unsigned long pfn, unsigned long end)
{
	/* Page 0 stays out: a NULL-looking page would hide bugs. */
	if (!pfn)
		pfn = 1;
	while (pfn < end) {
		unsigned int order = 0;

		while (order < MAX_ORDER && !(pfn & (1ul << order)) && pfn + (2ul << order) <= end)
			order++;
		free_block(pfn, order);
		free_pages_count += 1ul << order;
		pfn += 1ul << order;
	}
}

static phys_addr_t __init region_end(const struct mem_region *r)
{
	phys_addr_t end = r->base + r->size;

	return end > DIRECT_MAP_PHYS_END ? DIRECT_MAP_PHYS_END : end;
}

/* First page-aligned free range of `size` bytes in usable RAM: for free_order[] and mem_map[]. */
static phys_addr_t __init find_free_range(phys_addr_t size)
{
	for (int i = 0; i < boot_info.nr_mem; i++) {
		phys_addr_t start = ALIGN(boot_info.mem[i].base, PAGE_SIZE), skip;

		while (start + size <= region_end(&boot_info.mem[i])) {
			skip = reserved_end(start, start + size);
			if (!skip)
				return start;
			start = ALIGN(skip, PAGE_SIZE);
		}
	}
	return 0;
}

void __init mem_init(void)
{
	phys_addr_t map, map_size, ram = 0;

	for (int i = 0; i <= MAX_ORDER; i++)
		INIT_LIST_HEAD(&free_lists[i]);
	min_pfn = ~0ul;
	for (int i = 0; i < boot_info.nr_mem; i++) {
		const struct mem_region *r = &boot_info.mem[i];

		ram += r->size;
		if (r->base + r->size > DIRECT_MAP_PHYS_END)
			pr_warn("mm: RAM above %#llx is outside the direct map, not used\n",
				(unsigned long long)DIRECT_MAP_PHYS_END);
		if (r->base >= DIRECT_MAP_PHYS_END)
			continue;
		if ((r->base >> PAGE_SHIFT) < min_pfn)
			min_pfn = r->base >> PAGE_SHIFT;
		if ((region_end(r) >> PAGE_SHIFT) > max_pfn)
			max_pfn = region_end(r) >> PAGE_SHIFT;
	}
	if (min_pfn >= max_pfn)
		panic("mm: no usable memory in the boot memory map");

	map_size = ALIGN((phys_addr_t)(max_pfn - min_pfn), sizeof(struct page));
	map_size = ALIGN(map_size + (max_pfn - min_pfn) * sizeof(struct page), PAGE_SIZE);
	map = find_free_range(map_size);
	if (!map)
		panic("mm: no room for the page map (%llu bytes)", (unsigned long long)map_size);
	free_order = __va(map);
	memset(free_order, NOT_FREE, max_pfn - min_pfn);
	mem_map = (struct page *)(free_order + ALIGN(max_pfn - min_pfn, sizeof(struct page)));
	boot_info_add_reserved(&boot_info, map, map_size);

	/* Each region minus the reserved ranges in it, range by range. */
	for (int i = 0; i < boot_info.nr_mem; i++) {
		phys_addr_t start = ALIGN(boot_info.mem[i].base, PAGE_SIZE);
		phys_addr_t end = region_end(&boot_info.mem[i]) & ~(phys_addr_t)(PAGE_SIZE - 1);
		phys_addr_t res_start, res_end;

		while (start < end && first_reserved(start, end, &res_start, &res_end)) {
			if (res_start > start)
				free_pfn_range(start >> PAGE_SHIFT, res_start >> PAGE_SHIFT);
			start = ALIGN(res_end, PAGE_SIZE);
		}
		if (start < end)
			free_pfn_range(start >> PAGE_SHIFT, end >> PAGE_SHIFT);
	}
	total_pages = free_pages_count;

	pr_info("Memory: %luK/%lluK available (%luK kernel code, %luK rwdata, %luK rodata, "
		"%luK init, %luK bss, %lluK reserved)\n",
		free_pages_count << (PAGE_SHIFT - 10), (unsigned long long)(ram >> 10),
		(unsigned long)(_etext - _stext) >> 10, (unsigned long)(_edata - _sdata) >> 10,
		(unsigned long)(__end_rodata - __start_rodata) >> 10,
		(unsigned long)(__init_end - __init_begin) >> 10,
		(unsigned long)(__bss_stop - __bss_start) >> 10,
		(unsigned long long)((ram >> 10) - (free_pages_count << (PAGE_SHIFT - 10))));
}

unsigned long free_reserved_area(void *begin, void *end, int poison, const char *what)
{
	unsigned long pages = 0, flags;

	/* Through the direct map: the image may map these pages read-only. */
	spin_lock_irqsave(&zone_lock, flags);
	for (char *p = begin; p < (char *)end; p += PAGE_SIZE) {
		memset(__va(__pa(p)), poison, PAGE_SIZE);
		if (debug_pagealloc_enabled())
			__kernel_map_pages(__va(__pa(p)), 1, 0);
		free_block(__pa(p) >> PAGE_SHIFT, 0);
		pages++;
	}
	free_pages_count += pages;
	total_pages += pages;
	spin_unlock_irqrestore(&zone_lock, flags);
	pr_info("Freeing %s memory: %luK\n", what, pages << (PAGE_SHIFT - 10));
	return pages;
}

/* The free blocks of each order once the initcalls are done, like /proc/buddyinfo. */
static int __init buddyinfo(void)
{
	char line[128];
	int len = 0;

	for (unsigned int order = 0; order <= MAX_ORDER; order++) {
		struct list_head *b;
		unsigned long n = 0;

		list_for_each(b, &free_lists[order])
			n++;
		len += scnprintf(line + len, sizeof(line) - len, " %lu", n);
	}
	pr_info("buddyinfo: free blocks of order 0..%d:%s\n", MAX_ORDER, line);
	return 0;
}
late_initcall(buddyinfo);

/*
 * debug_pagealloc=on: from here every free page is unmapped from the
 * direct map, and alloc_pages() maps a block again as it hands it out.
 * paging_init() has mapped RAM in 4 KiB pages (debug_pagealloc_enabled_early)
 * so that one page can go; this unmaps what is free now, once the
 * kernel's own tables are live.
 */
void __init init_debug_pagealloc(void)
{
	unsigned long pages = 0;

	if (!debug_pagealloc_enabled_early)
		return;
	for (unsigned int order = 0; order <= MAX_ORDER; order++) {
		struct list_head *b;

		list_for_each(b, &free_lists[order]) {
			struct page *page = list_entry(b, struct page, buddy_list);

			__kernel_map_pages(pfn_address(page_to_pfn(page)), 1 << order, 0);
			pages += 1ul << order;
		}
	}
	_debug_pagealloc_enabled = true;
	pr_info("debug_pagealloc: on: %lu free pages unmapped from the direct map\n", pages);
}

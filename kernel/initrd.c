/*
 * The initial RAM disk's life: unpacked into the root file system at the
 * rootfs initcall level, then its pages go back to the allocator (Linux's
 * populate_rootfs() and free_initrd_mem()).
 *
 * The loader put the archives somewhere in RAM (x86_64: PVH's module list,
 * multiboot2 module tags; ARM: /chosen/linux,initrd-*), and boot step 2
 * recorded them in boot_info.initrd[] and reserved them, so mem_init() left
 * their pages alone. Each may hold several archives back to back (a user's
 * appended to ours); unpack_to_rootfs() takes them all, and on a corrupt one
 * keeps what came before it and says why, with Linux's "Initramfs unpacking
 * failed" line: the boot goes on. Once unpacked nothing reads them again: the
 * pages are poisoned like the init region and freed, and the kernel says so
 * with Linux's line "Freeing initrd memory: NK".
 */
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/initramfs.h>
#include <kernel/initrd.h>
#include <kernel/mm.h>
#include <kernel/printk.h>
#include <kernel/sections.h>

#define POISON_FREE_INITRD	0xcc

const char *initrd_unpack_error;
unsigned long initrd_freed_pages;
unsigned long initrd_free_pages_before, initrd_free_pages_after;

/* Whether [page, page + PAGE_SIZE) holds anything reserved but the initrd r itself. */
static bool __init page_shared(phys_addr_t page, const struct mem_region *r)
{
	phys_addr_t end = page + PAGE_SIZE;

	if (page < __pa(_end) && end > __pa(_text))
		return true;
	for (int i = 0; i < boot_info.nr_reserved; i++) {
		const struct mem_region *o = &boot_info.reserved[i];

		if (o->base == r->base && o->size == r->size)
			continue;
		if (page < o->base + o->size && end > o->base)
			return true;
	}
	return false;
}

/*
 * The pages r covers, [*start, *end): whole pages, as mem_init() reserved
 * them, less an edge page it shares with another reserved range (loaders
 * page-align an initrd, but nothing obliges them to).
 */
static void __init initrd_pages(const struct mem_region *r, phys_addr_t *start,
				phys_addr_t *end)
{
	*start = r->base & ~(phys_addr_t)(PAGE_SIZE - 1);
	*end = ALIGN(r->base + r->size, PAGE_SIZE);
	if (page_shared(*start, r))
		*start += PAGE_SIZE;
	if (*end > *start && page_shared(*end - PAGE_SIZE, r))
		*end -= PAGE_SIZE;
}

static void __init free_initrd_mem(void)
{
	initrd_free_pages_before = nr_free_pages();
	for (int i = 0; i < boot_info.nr_initrd; i++) {
		phys_addr_t start, end;

		initrd_pages(&boot_info.initrd[i], &start, &end);
		if (end > start)
			initrd_freed_pages += free_reserved_area(__va(start), __va(end),
								 POISON_FREE_INITRD, "initrd");
	}
	initrd_free_pages_after = nr_free_pages();
}

static int __init populate_rootfs(void)
{
	if (!boot_info.nr_initrd)
		return 0;
	for (int i = 0; i < boot_info.nr_initrd; i++) {
		const struct mem_region *r = &boot_info.initrd[i];
		const char *err = unpack_to_rootfs(__va(r->base), r->size);

		if (err) {
			pr_err("Initramfs unpacking failed: %s\n", err);
			initrd_unpack_error = initrd_unpack_error ?: err;
		}
	}
	free_initrd_mem();
	return 0;
}
rootfs_initcall(populate_rootfs);

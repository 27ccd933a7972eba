/*
 * The "ramdisk" suite: the initial RAM disk reaches the kernel intact and
 * its memory is handled as Linux does.
 *
 * A probe at the fs initcall level, just before populate_rootfs() (rootfs
 * level), records what the suite, run after the initcalls, cannot see any
 * more: each archive's first bytes (a newc archive starts with "070701";
 * any other bytes mean a wrong address or pages handed out and reused) and
 * whether any page of a reserved range (the initrds, the device tree, the
 * loader's information) sat in the allocator's free lists. Afterwards the
 * free-page count must have risen by exactly the initrds' pages.
 *
 * A boot without -initrd (tests/matrix) skips the initrd cases.
 */
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/initrd.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/string.h>

#define MAGIC_LEN	6

static char initrd_magic[MAX_INITRDS][MAGIC_LEN + 1] __initdata;
static unsigned long reserved_pages_seen __initdata, reserved_pages_free __initdata;

static void __init probe_pages(const struct mem_region *r)
{
	for (phys_addr_t p = r->base & ~(phys_addr_t)(PAGE_SIZE - 1);
	     p < r->base + r->size && p < DIRECT_MAP_PHYS_END; p += PAGE_SIZE) {
		reserved_pages_seen++;
		if (page_is_free(p))
			reserved_pages_free++;
	}
}

static int __init ktest_initrd_probe(void)
{
	for (int i = 0; i < boot_info.nr_initrd; i++) {
		const struct mem_region *r = &boot_info.initrd[i];

		memcpy(initrd_magic[i], __va(r->base), r->size < MAGIC_LEN ? r->size : MAGIC_LEN);
		probe_pages(r);
	}
	for (int i = 0; i < boot_info.nr_reserved; i++)
		probe_pages(&boot_info.reserved[i]);
	return 0;
}
fs_initcall(ktest_initrd_probe);

static void __init reserved_pages_not_free(struct ktest *t)
{
	KTEST_EXPECT_GT(t, reserved_pages_seen, 0);
	KTEST_EXPECT_EQ(t, reserved_pages_free, 0);
}

static void __init initrd_starts_with_newc_magic(struct ktest *t)
{
	if (!boot_info.nr_initrd) {
		ktest_skip(t, "no initrd");
		return;
	}
	for (int i = 0; i < boot_info.nr_initrd; i++)
		KTEST_EXPECT_STREQ(t, initrd_magic[i], "070701");
}

/* Whether the page at p holds part of a reserved range other than the initrd r, or the image. */
static bool __init page_meets_other(phys_addr_t p, const struct mem_region *r)
{
	if (p < __pa(_end) && p + PAGE_SIZE > __pa(_text))
		return true;
	for (int i = 0; i < boot_info.nr_reserved; i++) {
		const struct mem_region *o = &boot_info.reserved[i];

		if ((o->base != r->base || o->size != r->size) &&
		    p < o->base + o->size && p + PAGE_SIZE > o->base)
			return true;
	}
	return false;
}

/*
 * Every page of every initrd went back to the allocator, and only those: a
 * page it shares with something else reserved stays (GRUB puts its
 * multiboot2 information right after the module, in its last page).
 */
static void __init initrd_pages_freed(struct ktest *t)
{
	unsigned long pages = 0;

	if (!boot_info.nr_initrd) {
		ktest_skip(t, "no initrd");
		return;
	}
	for (int i = 0; i < boot_info.nr_initrd; i++) {
		const struct mem_region *r = &boot_info.initrd[i];
		phys_addr_t start = r->base & ~(phys_addr_t)(PAGE_SIZE - 1), end = r->base + r->size;
		unsigned long spanned = 0, own = 0;

		for (phys_addr_t p = start; p < end; p += PAGE_SIZE, spanned++)
			if (!page_meets_other(p, r))
				own++;
		/* Only an edge page can be shared. */
		KTEST_EXPECT_GE(t, own + 2, spanned);
		pages += own;
	}
	KTEST_EXPECT_GT(t, pages, 0);
	KTEST_EXPECT_EQ(t, initrd_freed_pages, pages);
	KTEST_EXPECT_EQ(t, initrd_free_pages_after - initrd_free_pages_before, pages);
}

static const struct ktest_case initrd_cases[] __initconst = {
	KTEST_CASE(reserved_pages_not_free),
	KTEST_CASE(initrd_starts_with_newc_magic),
	KTEST_CASE(initrd_pages_freed),
	{}
};

static const struct ktest_suite initrd_suite __initconst = { "ramdisk", initrd_cases };
ktest_init_suite(initrd_suite);

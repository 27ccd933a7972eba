/*
 * The arch-neutral boot information and its printout (boot step 2).
 *
 * The arch parsers add regions through these helpers, which refuse
 * overflow with a warning instead of writing past the tables.
 *
 * Too little RAM is refused here, the first moment the kernel knows how
 * much there is and can say so: later it would end in a panic about
 * whatever ran out first (page tables, a thread's stack), or worse.
 */
#include <asm/page.h>
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/string.h>

/*
 * RAM the boot needs above the image: page tables, per-CPU areas, the
 * threads' stacks, the self-tests' blocks. Measured: x86_64 with 548 KiB
 * there runs out of page tables, ARM with 252 KiB out of stacks. With
 * QEMU's -m 2M there are 764 KiB on ARM, but x86_64's image (loaded at
 * 1 MiB) has outgrown 2M since it has user space: -m 3M leaves it about
 * 1.5 MiB. Every self-test passes there or says it skips for want of
 * free memory.
 */
#define BOOT_RAM_NEEDED		(576 * 1024)

struct boot_info boot_info;

static void __init add_region(struct mem_region *tab, int *nr, phys_addr_t base,
		       phys_addr_t size, const char *what)
{
	if (*nr == MAX_MEM_REGIONS) {
		pr_warn("boot: too many %s regions, ignoring %#llx+%#llx\n", what,
			(unsigned long long)base, (unsigned long long)size);
		return;
	}
	tab[*nr].base = base;
	tab[*nr].size = size;
	(*nr)++;
}

void __init boot_info_add_mem(struct boot_info *bi, phys_addr_t base, phys_addr_t size)
{
	add_region(bi->mem, &bi->nr_mem, base, size, "memory");
}

void __init boot_info_add_reserved(struct boot_info *bi, phys_addr_t base, phys_addr_t size)
{
	add_region(bi->reserved, &bi->nr_reserved, base, size, "reserved");
}

/*
 * An initial RAM disk the loader placed at [base, base + size). Its pages are
 * reserved, so that mem_init() keeps them out of the allocator until
 * populate_rootfs() has unpacked them. One the kernel cannot read in place
 * is refused, with Linux's "disabling" wording: the boot goes on without it.
 */
void __init boot_info_add_initrd(struct boot_info *bi, phys_addr_t base, phys_addr_t size)
{
	phys_addr_t end = base + size;

	if (!size)
		return;
	if (end < base || end > DIRECT_MAP_PHYS_END) {
		pr_err("RAMDISK: [mem %#llx-%#llx] lies outside the direct map (up to %#llx), "
		       "disabling initrd\n", (unsigned long long)base, (unsigned long long)end - 1,
		       (unsigned long long)DIRECT_MAP_PHYS_END);
		return;
	}
	if (base < __pa(_end) && end > __pa(_text)) {
		pr_err("RAMDISK: [mem %#llx-%#llx] overlaps the kernel image, disabling initrd\n",
		       (unsigned long long)base, (unsigned long long)end - 1);
		return;
	}
	if (bi->nr_initrd == MAX_INITRDS) {
		pr_warn("RAMDISK: more than %d, ignoring [mem %#llx-%#llx]\n", MAX_INITRDS,
			(unsigned long long)base, (unsigned long long)end - 1);
		return;
	}
	bi->initrd[bi->nr_initrd].base = base;
	bi->initrd[bi->nr_initrd].size = size;
	bi->nr_initrd++;
	boot_info_add_reserved(bi, base, size);
}

/* Copy a command line of len bytes (not necessarily terminated), truncating safely. */
void __init boot_info_set_cmdline(struct boot_info *bi, const char *s, size_t len)
{
	size_t n = strnlen(s, len);

	if (n >= COMMAND_LINE_SIZE) {
		n = COMMAND_LINE_SIZE - 1;
		bi->cmdline_truncated = true;
	}
	memcpy(bi->cmdline, s, n);
	bi->cmdline[n] = '\0';
}

static void __init check_ram_above_image(void)
{
	phys_addr_t image_end = __pa(_end);
	unsigned long long above = 0;

	for (int i = 0; i < boot_info.nr_mem; i++) {
		const struct mem_region *r = &boot_info.mem[i];

		if (r->base + r->size > image_end)
			above += r->base + r->size - (r->base > image_end ? r->base : image_end);
	}
	if (above < BOOT_RAM_NEEDED)
		panic("boot: %llu KiB of RAM above the kernel image; Special K needs %d KiB there "
		      "(QEMU: -m 3M or more)", above >> 10, BOOT_RAM_NEEDED >> 10);
}

void __init print_boot_info(void)
{
	unsigned long long total = 0;

	pr_info("boot: protocol %s\n", boot_info.protocol);
	for (int i = 0; i < boot_info.nr_mem; i++) {
		const struct mem_region *r = &boot_info.mem[i];

		pr_info("boot: memory [0x%016llx-0x%016llx] usable\n",
			(unsigned long long)r->base,
			(unsigned long long)(r->base + r->size - 1));
		total += r->size;
	}
	for (int i = 0; i < boot_info.nr_reserved; i++) {
		const struct mem_region *r = &boot_info.reserved[i];

		pr_info("boot: memory [0x%016llx-0x%016llx] reserved\n",
			(unsigned long long)r->base,
			(unsigned long long)(r->base + r->size - 1));
	}
	pr_info("boot: %llu MiB usable memory\n", total >> 20);
	check_ram_above_image();
	/* Linux's x86 line; no initrd is a normal boot, said as plainly. */
	for (int i = 0; i < boot_info.nr_initrd; i++) {
		const struct mem_region *r = &boot_info.initrd[i];

		pr_info("RAMDISK: [mem 0x%08llx-0x%08llx]\n", (unsigned long long)r->base,
			(unsigned long long)(r->base + r->size - 1));
	}
	if (!boot_info.nr_initrd)
		pr_info("RAMDISK: none\n");
	pr_info("Kernel command line: %s\n", boot_info.cmdline);
	if (boot_info.cmdline_truncated)
		pr_warn("boot: command line longer than %d bytes, truncated\n",
			COMMAND_LINE_SIZE - 1);
}

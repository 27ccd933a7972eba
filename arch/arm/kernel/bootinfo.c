/*
 * Reading the device tree into struct boot_info (boot step 2 on ARM).
 *
 * QEMU's virt board enters kernel.elf with r2 = 0 and leaves the device tree
 * at the base of RAM; for the raw Image it follows Linux's ARM convention and
 * passes the tree's address in r2. head.S chose between the two
 * (boot_dtb_phys).
 * From the tree we take:
 *   /memory*            "reg": the RAM (the root's #address-cells/#size-cells)
 *   /chosen/bootargs    the command line (QEMU's -append)
 *   /chosen/linux,initrd-start, linux,initrd-end
 *                       the initramfs (QEMU's -initrd, given to a raw Image
 *                       only), end exclusive
 *   /psci "method"      how to call the firmware: "hvc" or "smc"
 *   /cpus/cpu@N "reg"   each CPU's MPIDR affinity, for bringing it up later
 *   the reservation block and the blob itself, as reserved memory.
 * The tree lies in the direct map (__va) and stays reserved: it is read
 * in place, nothing is copied but what boot_info keeps.
 */
#include <asm/page.h>
#include <kernel/bootinfo.h>
#include <kernel/errno.h>
#include <kernel/fdt.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/string.h>

/* Linux's limit too; QEMU's trees take 1 MiB, the room below the kernel. */
#define DTB_MAX_SIZE	(2 << 20)

/* Set by head.S. */
extern unsigned long boot_dtb_phys, boot_dtb_lost;

static void __init parse_memory(const struct fdt *fdt, int root)
{
	fdt_for_each_child(fdt, root, node) {
		u64 base, size;

		/* A "disabled" memory node is not ours (QEMU's secure=on: the secure RAM). */
		if (!fdt_prop_has_string(fdt, node, "device_type", "memory") ||
		    !fdt_node_available(fdt, node))
			continue;
		for (u32 i = 0; fdt_read_reg(fdt, root, node, i, &base, &size) == 0; i++)
			if (size)
				boot_info_add_mem(&boot_info, base, size);
	}
	if (!boot_info.nr_mem)
		panic("boot: the device tree describes no memory");
}

/*
 * An initrd address: one cell or two, as wide as the property is (QEMU 7.2
 * writes one, later versions #address-cells, two on virt). False if absent
 * or of another length.
 */
static bool __init read_initrd_addr(const struct fdt *fdt, int chosen, const char *name,
				    u64 *addr)
{
	u32 len;
	const void *p = fdt_getprop(fdt, chosen, name, &len);

	if (p && len == 4)
		*addr = fdt_read_be32(p);
	else if (p && len == 8)
		*addr = fdt_read_be64(p);
	else
		return false;
	return true;
}

static void __init parse_initrd(const struct fdt *fdt, int chosen)
{
	u64 start, end;

	if (!read_initrd_addr(fdt, chosen, "linux,initrd-start", &start) ||
	    !read_initrd_addr(fdt, chosen, "linux,initrd-end", &end))
		return;
	if (end < start) {
		pr_err("RAMDISK: /chosen says it ends (%#llx) before it starts (%#llx), "
		       "disabling initrd\n", (unsigned long long)end, (unsigned long long)start);
		return;
	}
	boot_info_add_initrd(&boot_info, start, end - start);
}

static void __init parse_chosen(const struct fdt *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *bootargs;
	u32 len;

	if (chosen < 0)
		return;
	bootargs = fdt_getprop(fdt, chosen, "bootargs", &len);
	if (bootargs)
		boot_info_set_cmdline(&boot_info, bootargs, len);
	parse_initrd(fdt, chosen);
}

static void __init parse_psci(const struct fdt *fdt)
{
	int psci = fdt_path_offset(fdt, "/psci");

	if (psci < 0)
		return;
	/* Copy only a method we know how to use: it becomes an instruction. */
	if (fdt_prop_has_string(fdt, psci, "method", "hvc"))
		strscpy(boot_info.arch.psci_method, "hvc", sizeof(boot_info.arch.psci_method));
	else if (fdt_prop_has_string(fdt, psci, "method", "smc"))
		strscpy(boot_info.arch.psci_method, "smc", sizeof(boot_info.arch.psci_method));
	else
		pr_warn("boot: /psci has no method we know (hvc, smc)\n");
}

static void __init parse_cpus(const struct fdt *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), ignored = 0;

	if (cpus < 0)
		return;
	fdt_for_each_child(fdt, cpus, node) {
		u64 hwid, unused;

		if (!fdt_prop_has_string(fdt, node, "device_type", "cpu") ||
		    !fdt_node_available(fdt, node) ||
		    fdt_read_reg(fdt, cpus, node, 0, &hwid, &unused))
			continue;
		if (boot_info.nr_cpus == NR_CPUS) {
			ignored++;
			continue;
		}
		boot_info.cpu_hwid[boot_info.nr_cpus++] = hwid;
	}
	if (ignored)
		pr_warn("boot: %d CPU%s past NR_CPUS (%d) ignored\n", ignored,
			ignored == 1 ? "" : "s", NR_CPUS);
}

static void __init reserve_device_tree(const struct fdt *fdt)
{
	u64 base, size;

	boot_info_add_reserved(&boot_info, boot_dtb_phys, fdt->totalsize);
	for (u32 i = 0; fdt_reserved_entry(fdt, i, &base, &size) == 0; i++)
		boot_info_add_reserved(&boot_info, base, size);
}

void __init arch_parse_boot_info(void)
{
	struct fdt fdt;
	const char *why;
	unsigned long room;
	int root;

	if (boot_dtb_lost)
		panic("boot: the device tree at %#lx lay where the Image copies itself "
		      "(%#lx-%#lx), with no room to move it below: give more RAM, or boot kernel.elf",
		      boot_dtb_lost, (unsigned long)__pa(_text), (unsigned long)__pa(_end));
	/* Only mapped RAM may be read, and no more than a device tree can need. */
	if (boot_dtb_phys < PHYS_OFFSET || boot_dtb_phys >= DIRECT_MAP_PHYS_END)
		panic("boot: device tree at %#lx lies outside the mapped RAM", boot_dtb_phys);
	room = DIRECT_MAP_PHYS_END - boot_dtb_phys;
	why = fdt_init(&fdt, __va(boot_dtb_phys), room < DTB_MAX_SIZE ? room : DTB_MAX_SIZE);
	if (why)
		panic("boot: no valid device tree at %#lx: %s%s", boot_dtb_phys, why,
		      strcmp(why, "bad magic") ? "" :
		      " (QEMU passes one only to a kernel linked at or above 0x40100000)");
	root = fdt_root(&fdt);
	if (root < 0)
		panic("boot: device tree at %#lx has no root node", boot_dtb_phys);

	boot_info.protocol = "devicetree";
	reserve_device_tree(&fdt);
	parse_memory(&fdt, root);
	parse_chosen(&fdt);
	parse_psci(&fdt);
	parse_cpus(&fdt);
	pr_info("boot: device tree at %#lx, %lu bytes, %d CPU(s), PSCI %s\n", boot_dtb_phys,
		(unsigned long)fdt.totalsize, boot_info.nr_cpus,
		boot_info.arch.psci_method[0] ? boot_info.arch.psci_method : "absent");
}

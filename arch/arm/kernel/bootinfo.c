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

/* The nodes the boot reads: the root, its children, and theirs (the CPUs). */
#define MAX_DEPTH	3

/* What the walk kept of one node: the properties the boot reads, as found. */
struct node {
	const char *name;
	u32 address_cells, size_cells;		/* for its children: 2 and 1 unless it says */
	struct fdt_token device_type, status, reg, bootargs, initrd_start, initrd_end, method;
};

/*
 * Keep the property if the boot reads it. Most are not (QEMU's tree has
 * 217, of 30 names): the first letter turns them away before any strcmp().
 */
static void __init keep_prop(struct node *n, const struct fdt_token *tok)
{
	const char *name = tok->name;

	switch (name[0]) {
	case '#':
		if (!strcmp(name, "#address-cells") && tok->len == 4)
			n->address_cells = fdt_read_be32(tok->value);
		else if (!strcmp(name, "#size-cells") && tok->len == 4)
			n->size_cells = fdt_read_be32(tok->value);
		break;
	case 'b':
		if (!strcmp(name, "bootargs"))
			n->bootargs = *tok;
		break;
	case 'd':
		if (!strcmp(name, "device_type"))
			n->device_type = *tok;
		break;
	case 'l':
		if (!strcmp(name, "linux,initrd-start"))
			n->initrd_start = *tok;
		else if (!strcmp(name, "linux,initrd-end"))
			n->initrd_end = *tok;
		break;
	case 'm':
		if (!strcmp(name, "method"))
			n->method = *tok;
		break;
	case 'r':
		if (!strcmp(name, "reg"))
			n->reg = *tok;
		break;
	case 's':
		if (!strcmp(name, "status"))
			n->status = *tok;
		break;
	}
}

static bool __init is_a(const struct node *n, const char *device_type)
{
	/* A "disabled" node is not ours (QEMU's secure=on: the secure RAM). */
	return n->device_type.value &&
	       fdt_has_string(n->device_type.value, n->device_type.len, device_type) &&
	       (!n->status.value || fdt_has_string(n->status.value, n->status.len, "okay") ||
		fdt_has_string(n->status.value, n->status.len, "ok"));
}

/* Entry i of n's "reg", in its parent's cells: 0, or -ENOENT / -EINVAL. */
static int __init read_reg(const struct node *parent, const struct node *n, u32 i,
			   u64 *base, u64 *size)
{
	u32 ac = parent->address_cells, sc = parent->size_cells, entry = 4 * (ac + sc);
	const u8 *p;

	if (ac < 1 || ac > 2 || sc > 2 || n->reg.len % entry)
		return -EINVAL;
	if (!n->reg.value || i >= n->reg.len / entry)
		return -ENOENT;
	p = n->reg.value + i * entry;
	*base = ac == 2 ? fdt_read_be64(p) : fdt_read_be32(p);
	*size = sc == 2 ? fdt_read_be64(p + 4 * ac) : sc ? fdt_read_be32(p + 4 * ac) : 0;
	return 0;
}

/*
 * An initrd address: one cell or two, as wide as the property is (QEMU 7.2
 * writes one, later versions #address-cells, two on virt). False if absent
 * or of another length.
 */
static bool __init read_initrd_addr(const struct fdt_token *prop, u64 *addr)
{
	if (prop->value && prop->len == 4)
		*addr = fdt_read_be32(prop->value);
	else if (prop->value && prop->len == 8)
		*addr = fdt_read_be64(prop->value);
	else
		return false;
	return true;
}

static void __init parse_chosen(const struct node *chosen)
{
	u64 start, end;

	if (chosen->bootargs.value)
		boot_info_set_cmdline(&boot_info, (const char *)chosen->bootargs.value,
				      chosen->bootargs.len);
	if (!read_initrd_addr(&chosen->initrd_start, &start) ||
	    !read_initrd_addr(&chosen->initrd_end, &end))
		return;
	if (end < start) {
		pr_err("RAMDISK: /chosen says it ends (%#llx) before it starts (%#llx), "
		       "disabling initrd\n", (unsigned long long)end, (unsigned long long)start);
		return;
	}
	boot_info_add_initrd(&boot_info, start, end - start);
}

static void __init parse_psci(const struct node *psci)
{
	const struct fdt_token *m = &psci->method;

	/* Copy only a method we know how to use: it becomes an instruction. */
	if (m->value && fdt_has_string(m->value, m->len, "hvc"))
		strscpy(boot_info.arch.psci_method, "hvc", sizeof(boot_info.arch.psci_method));
	else if (m->value && fdt_has_string(m->value, m->len, "smc"))
		strscpy(boot_info.arch.psci_method, "smc", sizeof(boot_info.arch.psci_method));
	else
		pr_warn("boot: /psci has no method we know (hvc, smc)\n");
}

/* Which of /chosen, /psci and /cpus were used: only the first of each counts. */
#define SEEN_CHOSEN	1
#define SEEN_PSCI	2
#define SEEN_CPUS	4

/* A node has ended: path[depth] is it, path[0..depth) its ancestors. */
static void __init node_done(struct node *path, int depth, unsigned int *seen, int *ignored)
{
	struct node *n = &path[depth], *parent = &path[depth - 1];
	u64 base, size;

	if (depth == 1 && is_a(n, "memory")) {
		for (u32 i = 0; read_reg(parent, n, i, &base, &size) == 0; i++)
			if (size)
				boot_info_add_mem(&boot_info, base, size);
	} else if (depth == 1 && fdt_name_is(n->name, "chosen") && !(*seen & SEEN_CHOSEN)) {
		*seen |= SEEN_CHOSEN;
		parse_chosen(n);
	} else if (depth == 1 && fdt_name_is(n->name, "psci") && !(*seen & SEEN_PSCI)) {
		*seen |= SEEN_PSCI;
		parse_psci(n);
	} else if (depth == 1 && fdt_name_is(n->name, "cpus")) {
		*seen |= SEEN_CPUS;
	} else if (depth == 2 && fdt_name_is(parent->name, "cpus") && !(*seen & SEEN_CPUS) &&
		   is_a(n, "cpu") && read_reg(parent, n, 0, &base, &size) == 0) {
		if (boot_info.nr_cpus == NR_CPUS)
			++*ignored;
		else
			boot_info.cpu_hwid[boot_info.nr_cpus++] = base;
	}
}

/*
 * The tree in one pass (fdt_next()): each node's properties are kept as
 * they pass, and the node is used at its END_NODE, by where it is: the
 * root's children /memory*, /chosen, /psci, and /cpus's children.
 */
static void __init walk_tree(const struct fdt *fdt)
{
	struct node path[MAX_DEPTH];
	struct fdt_token tok;
	unsigned int seen = 0;
	int offset = 0, depth = 0, ignored = 0;

	do {
		if (fdt_next(fdt, &offset, &tok))
			panic("boot: device tree broken at structure offset %d", offset);
		if (tok.tag == FDT_BEGIN_NODE) {
			if (depth < MAX_DEPTH)
				path[depth] = (struct node){ .name = tok.name, .address_cells = 2,
							     .size_cells = 1 };
			depth++;
		} else if (tok.tag == FDT_PROP && depth > 0 && depth <= MAX_DEPTH) {
			keep_prop(&path[depth - 1], &tok);
		} else if (tok.tag == FDT_END_NODE) {
			if (depth == 0)
				panic("boot: device tree broken: END_NODE at offset %d closes no node",
				      offset - 4);
			if (--depth > 0 && depth < MAX_DEPTH)
				node_done(path, depth, &seen, &ignored);
		}
	} while (tok.tag != FDT_END && depth > 0);
	if (!boot_info.nr_mem)
		panic("boot: the device tree describes no memory");
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
	boot_info.protocol = "devicetree";
	reserve_device_tree(&fdt);
	walk_tree(&fdt);
	pr_info("boot: device tree at %#lx, %lu bytes, %d CPU(s), PSCI %s\n", boot_dtb_phys,
		(unsigned long)fdt.totalsize, boot_info.nr_cpus,
		boot_info.arch.psci_method[0] ? boot_info.arch.psci_method : "absent");
}

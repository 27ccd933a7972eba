/*
 * Reading what the x86_64 boot loader handed over into struct boot_info.
 *
 * head.S saved EAX and EBX. GRUB's multiboot2 puts its magic in EAX and a
 * list of tags at EBX (command line, memory map, ACPI RSDP, one tag per
 * module2 line: the initramfs). QEMU's PVH boot leaves a struct
 * hvm_start_info at EBX, recognised by its own magic; -initrd is its first
 * module.
 * Both live below 2 GiB, inside the boot mapping, so __va() reaches them.
 */
#include <asm/acpi.h>
#include <asm/page.h>
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/string.h>

#define MULTIBOOT2_BOOTLOADER_MAGIC	0x36d76289
#define MB2_TAG_END			0
#define MB2_TAG_CMDLINE			1
#define MB2_TAG_MODULE			3
#define MB2_TAG_MMAP			6
#define MB2_TAG_ACPI_OLD		14
#define MB2_TAG_ACPI_NEW		15
#define HVM_START_MAGIC			0x336ec578
#define E820_RAM			1

extern u32 boot_magic, boot_info_phys;

struct mb2_tag {
	u32 type;
	u32 size;
};

struct mb2_mmap_entry {
	u64 base;
	u64 len;
	u32 type;
	u32 reserved;
};

struct hvm_start_info {
	u32 magic;
	u32 version;
	u32 flags;
	u32 nr_modules;
	u64 modlist_paddr;
	u64 cmdline_paddr;
	u64 rsdp_paddr;
	u64 memmap_paddr;	/* version 1 and later */
	u32 memmap_entries;
	u32 reserved;
};

/* A module GRUB loaded: [mod_start, mod_end), then its command line. */
struct mb2_module {
	u32 mod_start;
	u32 mod_end;
};

struct hvm_modlist_entry {
	u64 paddr;
	u64 size;
	u64 cmdline_paddr;
	u64 reserved;
};

struct hvm_memmap_entry {
	u64 addr;
	u64 size;
	u32 type;
	u32 reserved;
};

/*
 * The smallest size of each tag we read: its header and the fields used.
 * A tag smaller than that, or one that runs past the end of the block, is
 * corrupt (a tag of size 0 would otherwise be read again forever).
 */
static u32 __init mb2_min_size(u32 type)
{
	switch (type) {
	case MB2_TAG_MODULE:
		return sizeof(struct mb2_tag) + sizeof(struct mb2_module);
	case MB2_TAG_MMAP:
		return sizeof(struct mb2_tag) + 8;	/* entry_size, entry_version */
	case MB2_TAG_ACPI_OLD:
	case MB2_TAG_ACPI_NEW:
		return sizeof(struct mb2_tag) + 20;	/* the ACPI 1.0 RSDP */
	default:
		return sizeof(struct mb2_tag);
	}
}

static void __init parse_mb2_mmap(const struct mb2_tag *tag)
{
	u32 entry_size = ((const u32 *)(tag + 1))[0];
	const u8 *e = (const u8 *)(tag + 1) + 8, *end = (const u8 *)tag + tag->size;

	/* The spec: a multiple of 8, so that each entry's 64-bit fields are aligned. */
	if (entry_size < sizeof(struct mb2_mmap_entry) || entry_size % 8)
		panic("boot: multiboot2 memory map entries of %u bytes", entry_size);
	for (; entry_size <= (size_t)(end - e); e += entry_size) {
		const struct mb2_mmap_entry *m = (const void *)e;

		if (m->type == E820_RAM)
			boot_info_add_mem(&boot_info, m->base, m->len);
	}
}

/*
 * GRUB's block is a few KiB (an EFI memory map, the ELF section headers at
 * most); one that claims more is corrupt, and would have the memory map
 * walked through up to 2 GiB of whatever lies there.
 */
#define MB2_MAX_SIZE	(1 << 20)

static void __init parse_multiboot2(const u8 *info)
{
	u32 total = *(const u32 *)info;
	u32 off = 8;

	boot_info.protocol = "multiboot2";
	if (total < 8 + sizeof(struct mb2_tag) || total > MB2_MAX_SIZE ||
	    !phys_in_direct_map(boot_info_phys, total))
		panic("boot: multiboot2 information at %#x claims %u bytes", boot_info_phys, total);
	boot_info_add_reserved(&boot_info, boot_info_phys, total);
	while (off <= total - sizeof(struct mb2_tag)) {
		const struct mb2_tag *tag = (const void *)(info + off);

		if (tag->type == MB2_TAG_END)
			return;
		if (tag->size < mb2_min_size(tag->type) || tag->size > total - off)
			panic("boot: multiboot2 tag %u at offset %u: bad size %u",
			      tag->type, off, tag->size);
		if (tag->type == MB2_TAG_CMDLINE) {
			boot_info_set_cmdline(&boot_info, (const char *)(tag + 1),
					      tag->size - sizeof(*tag));
		} else if (tag->type == MB2_TAG_MODULE) {
			const struct mb2_module *m = (const void *)(tag + 1);

			if (m->mod_end > m->mod_start)
				boot_info_add_initrd(&boot_info, m->mod_start,
						     m->mod_end - m->mod_start);
		} else if (tag->type == MB2_TAG_MMAP) {
			parse_mb2_mmap(tag);
		} else if (tag->type == MB2_TAG_ACPI_OLD || tag->type == MB2_TAG_ACPI_NEW) {
			/* The tag holds a copy of the RSDP; the copy serves as well. */
			boot_info.arch.acpi_rsdp = __pa(tag + 1);
		}
		off += ALIGN(tag->size, 8);
	}
	panic("boot: multiboot2 information has no end tag");
}

/*
 * Linux's limit for the BIOS memory map it is handed (E820_MAX_ENTRIES_ZEROPAGE);
 * QEMU's PVH map has a handful.
 */
#define PVH_MAX_MEMMAP	128

static void __init parse_pvh(const struct hvm_start_info *si)
{
	boot_info.protocol = "pvh";
	boot_info_add_reserved(&boot_info, boot_info_phys, sizeof(*si));
	if (si->cmdline_paddr) {
		if (si->cmdline_paddr >= DIRECT_MAP_PHYS_END)
			panic("boot: PVH command line at %#llx, outside the direct map",
			      (unsigned long long)si->cmdline_paddr);
		boot_info_set_cmdline(&boot_info, __va(si->cmdline_paddr),
				      DIRECT_MAP_PHYS_END - si->cmdline_paddr < COMMAND_LINE_SIZE ?
				      DIRECT_MAP_PHYS_END - si->cmdline_paddr : COMMAND_LINE_SIZE);
	}
	boot_info.arch.acpi_rsdp = si->rsdp_paddr;
	/* QEMU's -initrd: "the first module is always ramdisk". */
	if (si->nr_modules && si->modlist_paddr) {
		const struct hvm_modlist_entry *mod;

		if (si->modlist_paddr % 8 || !phys_in_direct_map(si->modlist_paddr, sizeof(*mod)))
			panic("boot: PVH module list at %#llx is corrupt",
			      (unsigned long long)si->modlist_paddr);
		mod = __va(si->modlist_paddr);
		boot_info_add_initrd(&boot_info, mod->paddr, mod->size);
	}
	if (si->version < 1 || !si->memmap_paddr)
		panic("boot: PVH start info version %u has no memory map", si->version);
	if (si->memmap_entries > PVH_MAX_MEMMAP || si->memmap_paddr % 8 ||
	    !phys_in_direct_map(si->memmap_paddr,
				(u64)si->memmap_entries * sizeof(struct hvm_memmap_entry)))
		panic("boot: PVH memory map of %u entries at %#llx is corrupt",
		      si->memmap_entries, (unsigned long long)si->memmap_paddr);

	const struct hvm_memmap_entry *m = __va(si->memmap_paddr);

	for (u32 i = 0; i < si->memmap_entries; i++)
		if (m[i].type == E820_RAM)
			boot_info_add_mem(&boot_info, m[i].addr, m[i].size);
}

void __init arch_parse_boot_info(void)
{
	const void *info = __va(boot_info_phys);

	/* The first MiB: real-mode IVT, BIOS data, the EBDA and ROMs. */
	boot_info_add_reserved(&boot_info, 0, 0x100000);

	/* Both protocols' blocks are 8-byte aligned. */
	if (boot_info_phys % 8 || !phys_in_direct_map(boot_info_phys, sizeof(struct hvm_start_info)))
		panic("boot: boot information at %#x is corrupt", boot_info_phys);
	if (boot_magic == MULTIBOOT2_BOOTLOADER_MAGIC)
		parse_multiboot2(info);
	else if (boot_info_phys && *(const u32 *)info == HVM_START_MAGIC)
		parse_pvh(info);
	else
		panic("boot: unknown boot protocol (eax=%#x, ebx=%#x): "
		      "boot with multiboot2 or PVH", boot_magic, boot_info_phys);
	/* The CPU list comes from ACPI's MADT, found through the RSDP. */
	acpi_find_cpus();
}

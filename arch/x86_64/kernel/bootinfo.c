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

static void __init parse_multiboot2(const u8 *info)
{
	u32 total = *(const u32 *)info;
	const u8 *p = info + 8;

	boot_info.protocol = "multiboot2";
	boot_info_add_reserved(&boot_info, boot_info_phys, total);
	while (p < info + total) {
		const struct mb2_tag *tag = (const void *)p;

		if (tag->type == MB2_TAG_END)
			break;
		if (tag->type == MB2_TAG_CMDLINE) {
			boot_info_set_cmdline(&boot_info, (const char *)(tag + 1),
					      tag->size - sizeof(*tag));
		} else if (tag->type == MB2_TAG_MODULE) {
			const struct mb2_module *m = (const void *)(tag + 1);

			if (m->mod_end > m->mod_start)
				boot_info_add_initrd(&boot_info, m->mod_start,
						     m->mod_end - m->mod_start);
		} else if (tag->type == MB2_TAG_MMAP) {
			u32 entry_size = ((const u32 *)(tag + 1))[0];
			const u8 *e = (const u8 *)(tag + 1) + 8;

			for (; e + entry_size <= p + tag->size; e += entry_size) {
				const struct mb2_mmap_entry *m = (const void *)e;

				if (m->type == E820_RAM)
					boot_info_add_mem(&boot_info, m->base, m->len);
			}
		} else if (tag->type == MB2_TAG_ACPI_OLD || tag->type == MB2_TAG_ACPI_NEW) {
			/* The tag holds a copy of the RSDP; the copy serves as well. */
			boot_info.arch.acpi_rsdp = __pa(tag + 1);
		}
		p += ALIGN(tag->size, 8);
	}
}

static void __init parse_pvh(const struct hvm_start_info *si)
{
	boot_info.protocol = "pvh";
	boot_info_add_reserved(&boot_info, boot_info_phys, sizeof(*si));
	if (si->cmdline_paddr)
		boot_info_set_cmdline(&boot_info, __va(si->cmdline_paddr), COMMAND_LINE_SIZE);
	boot_info.arch.acpi_rsdp = si->rsdp_paddr;
	/* QEMU's -initrd: "the first module is always ramdisk". */
	if (si->nr_modules && si->modlist_paddr) {
		const struct hvm_modlist_entry *mod = __va(si->modlist_paddr);

		boot_info_add_initrd(&boot_info, mod->paddr, mod->size);
	}
	if (si->version < 1 || !si->memmap_paddr)
		panic("boot: PVH start info version %u has no memory map", si->version);

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

/*
 * How many CPUs does this machine have? On x86_64 the firmware says so in
 * ACPI's MADT ("APIC" table): one entry per local APIC, i.e. per CPU.
 *
 * The RSDP (from the boot loader, or found by its signature in the BIOS
 * area) points at the RSDT (32-bit table addresses) or, from ACPI 2.0,
 * the XSDT (64-bit ones); one of the tables listed there is the MADT.
 * Every table starts with the same 36-byte header and sums to 0 mod 256.
 * QEMU puts them in low RAM, inside the boot mapping that __va() reaches.
 * Other tables (the HPET's) are found by signature with acpi_get_table().
 */
#include <asm/acpi.h>
#include <asm/page.h>
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/string.h>

struct acpi_rsdp {
	char signature[8];		/* "RSD PTR " */
	u8 checksum;			/* over the first 20 bytes */
	char oem_id[6];
	u8 revision;			/* 0: ACPI 1.0; 2: has the fields below */
	u32 rsdt_address;
	u32 length;
	u64 xsdt_address;
	u8 extended_checksum;
	u8 reserved[3];
} __packed;

struct acpi_table_header {
	char signature[4];
	u32 length;			/* header included */
	u8 revision;
	u8 checksum;
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	u32 creator_id;
	u32 creator_revision;
} __packed;

/* MADT: the header, the local APIC address and flags, then variable-length entries. */
struct acpi_madt {
	struct acpi_table_header header;
	u32 lapic_address;
	u32 flags;
} __packed;

#define MADT_LOCAL_APIC		0	/* u8 processor id, u8 APIC id, u32 flags */
#define MADT_LOCAL_X2APIC	9	/* u16 reserved, u32 x2APIC id, u32 flags, u32 uid */
#define MADT_ENABLED		(1 << 0)
#define MADT_ONLINE_CAPABLE	(1 << 1)

static bool __init checksum_ok(const void *p, size_t len)
{
	const u8 *b = p;
	u8 sum = 0;

	while (len--)
		sum += *b++;
	return sum == 0;
}

/* The tables this kernel reads are small (QEMU's MADT: under 200 bytes); more is corrupt. */
#define ACPI_MAX_TABLE		(1 << 20)

static const struct acpi_rsdp *__init find_rsdp(void)
{
	if (boot_info.arch.acpi_rsdp) {
		if (!phys_in_direct_map(boot_info.arch.acpi_rsdp, sizeof(struct acpi_rsdp)))
			return NULL;
		return __va(boot_info.arch.acpi_rsdp);
	}
	/* ACPI's rule for legacy BIOSes: on a 16-byte boundary in 0xe0000-0xfffff. */
	for (phys_addr_t p = 0xe0000; p < 0x100000; p += 16) {
		const struct acpi_rsdp *r = __va(p);

		if (!memcmp(r->signature, "RSD PTR ", 8) && checksum_ok(r, 20))
			return r;
	}
	return NULL;
}

static const struct acpi_table_header *__init table_at(phys_addr_t phys, const char *signature)
{
	const struct acpi_table_header *t;

	if (!phys || !phys_in_direct_map(phys, sizeof(*t)))
		return NULL;
	t = __va(phys);
	if (memcmp(t->signature, signature, 4) || t->length < sizeof(*t) ||
	    t->length > ACPI_MAX_TABLE || !phys_in_direct_map(phys, t->length) ||
	    !checksum_ok(t, t->length))
		return NULL;
	return t;
}

static const struct acpi_table_header *__init find_table(const struct acpi_rsdp *rsdp,
							  const char *signature)
{
	bool xsdt = rsdp->revision >= 2 && rsdp->xsdt_address;
	const struct acpi_table_header *root =
		xsdt ? table_at(rsdp->xsdt_address, "XSDT") : table_at(rsdp->rsdt_address, "RSDT");
	size_t entry_size = xsdt ? 8 : 4;

	if (!root)
		return NULL;
	for (size_t off = sizeof(*root); off + entry_size <= root->length; off += entry_size) {
		u64 phys = 0;

		memcpy(&phys, (const u8 *)root + off, entry_size);
		if (table_at(phys, signature))
			return table_at(phys, signature);
	}
	return NULL;
}

const void *__init acpi_get_table(const char *signature)
{
	const struct acpi_rsdp *rsdp = find_rsdp();

	if (!rsdp || !checksum_ok(rsdp, 20))
		return NULL;
	return find_table(rsdp, signature);
}

/* CPUs past NR_CPUS: counted, and reported in one line at the end. */
static int cpus_ignored __initdata;

static void __init add_cpu(unsigned long apic_id, u32 flags)
{
	if (!(flags & (MADT_ENABLED | MADT_ONLINE_CAPABLE)))
		return;
	if (boot_info.nr_cpus == NR_CPUS) {
		cpus_ignored++;
		return;
	}
	boot_info.cpu_hwid[boot_info.nr_cpus++] = apic_id;
}

void __init acpi_find_cpus(void)
{
	const struct acpi_rsdp *rsdp = find_rsdp();
	const struct acpi_madt *madt;
	const u8 *p, *end;

	if (!rsdp || !checksum_ok(rsdp, 20)) {
		pr_warn("ACPI: no RSDP, CPUs not counted\n");
		return;
	}
	madt = (const struct acpi_madt *)find_table(rsdp, "APIC");
	if (!madt) {
		pr_warn("ACPI: no MADT, CPUs not counted\n");
		return;
	}
	end = (const u8 *)madt + madt->header.length;
	for (p = (const u8 *)(madt + 1); p + 2 <= end && p[1] >= 2; p += p[1]) {
		u32 id, flags;

		if (p[0] == MADT_LOCAL_APIC && p[1] >= 8) {
			memcpy(&flags, p + 4, 4);
			add_cpu(p[3], flags);
		} else if (p[0] == MADT_LOCAL_X2APIC && p[1] >= 16) {
			memcpy(&id, p + 4, 4);
			memcpy(&flags, p + 8, 4);
			add_cpu(id, flags);
		}
	}
	pr_info("ACPI: MADT lists %d CPU%s\n", boot_info.nr_cpus + cpus_ignored,
		boot_info.nr_cpus + cpus_ignored == 1 ? "" : "s");
	if (cpus_ignored)
		pr_warn("ACPI: %d CPU%s past NR_CPUS (%d) ignored\n", cpus_ignored,
			cpus_ignored == 1 ? "" : "s", NR_CPUS);
}

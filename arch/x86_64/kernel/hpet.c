/*
 * The HPET: ACPI's "HPET" table gives the register block's address; the
 * General Capabilities register states the counter period in femtoseconds
 * (QEMU: 10 ns, a 100 MHz counter), so nothing needs measuring. The main
 * counter runs once the enable bit of the General Configuration register
 * is set. HPET specification 1.0a, sections 2.3 and 3.2.4.
 */
#include <asm/acpi.h>
#include <asm/hpet.h>
#include <asm/io.h>
#include <asm/pgtable.h>
#include <kernel/init.h>
#include <kernel/string.h>

#define HPET_CAP_PERIOD		0x04	/* high half of the capabilities: period in fs */
#define HPET_CFG		0x10
#define HPET_CFG_ENABLE		(1 << 0)
#define HPET_COUNTER		0xf0
#define HPET_MMIO_SIZE		1024
#define FS_PER_S		1000000000000000ull
#define HPET_MAX_PERIOD_FS	100000000	/* the specification's upper bound, 100 ns */

/* The ACPI table: its header, then the block id, then the address as a Generic Address. */
#define HPET_TABLE_ADDRESS	44

u64 hpet_freq_hz;
static void *hpet_base;

bool __init hpet_enable(void)
{
	const u8 *table = acpi_get_table("HPET");
	u64 phys;
	u32 period, len;

	if (!table)
		return false;
	/* The header's length: a table too short to hold the address is corrupt. */
	memcpy(&len, table + 4, sizeof(len));
	if (len < HPET_TABLE_ADDRESS + sizeof(phys))
		return false;
	memcpy(&phys, table + HPET_TABLE_ADDRESS, sizeof(phys));
	hpet_base = ioremap(phys, HPET_MMIO_SIZE);
	period = readl((char *)hpet_base + HPET_CAP_PERIOD);
	if (!period || period > HPET_MAX_PERIOD_FS)
		return false;
	hpet_freq_hz = FS_PER_S / period;
	writel(readl((char *)hpet_base + HPET_CFG) | HPET_CFG_ENABLE, (char *)hpet_base + HPET_CFG);
	return true;
}

u32 hpet_read(void)
{
	return readl((char *)hpet_base + HPET_COUNTER);
}

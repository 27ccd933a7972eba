/*
 * The virt board's battery clock, an ARM PrimeCell PL031 at 0x09010000
 * (QEMU's device tree: arm,pl031, 4 KiB, inside the device window of
 * asm/page.h), read once at boot so that the wall clock starts at the date
 * instead of 1970 (kernel/time.c). Its data register, RTCDR, counts
 * seconds since 1970; QEMU starts it at the host's UTC (-rtc base=utc).
 */
#include <asm/io.h>
#include <asm/page.h>
#include <kernel/time.h>

#define PL031_PHYS	0x09010000
#define RTCDR		0x000

s64 read_persistent_clock64(void)
{
	return readl(IO_ADDRESS(PL031_PHYS) + RTCDR);
}

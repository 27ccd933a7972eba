/*
 * The PC's battery clock (the MC146818 CMOS RTC, I/O ports 0x70/0x71),
 * read once at boot so that the wall clock starts at the date instead of
 * 1970 (kernel/time.c). QEMU's starts at the host's UTC (-rtc base=utc).
 *
 * The registers hold seconds, minutes, hours, day, month and the year in
 * its century, in BCD unless register B's bit 2 says binary; register 0x32
 * holds the century (the ACPI FADT names it; 0x32 is where PCs and QEMU
 * keep it). An update in progress (register A's bit 7) makes the values
 * unsafe: the read waits for it to end, then reads until two reads agree.
 */
#include <asm/io.h>
#include <kernel/time.h>

#define CMOS_INDEX	0x70
#define CMOS_DATA	0x71
#define RTC_REG_A	0x0a
#define RTC_UIP		0x80
#define RTC_REG_B	0x0b
#define RTC_DM_BINARY	0x04
#define RTC_24H		0x02
#define RTC_CENTURY	0x32

static u8 cmos_read(u8 reg)
{
	outb(reg, CMOS_INDEX);
	return inb(CMOS_DATA);
}

static unsigned int bcd2bin(u8 v)
{
	return (v & 0x0f) + (v >> 4) * 10;
}

/* The six fields and the century, once no update is in progress. */
static void cmos_fields(u8 f[7])
{
	static const u8 regs[7] = { 0x00, 0x02, 0x04, 0x07, 0x08, 0x09, RTC_CENTURY };

	for (int spins = 0; spins < 1000000 && (cmos_read(RTC_REG_A) & RTC_UIP); spins++)
		;
	for (int i = 0; i < 7; i++)
		f[i] = cmos_read(regs[i]);
}

static bool leap(unsigned int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Seconds since 1970-01-01 00:00 UTC: a loop over years and months, read once per boot. */
static s64 mktime64(unsigned int year, unsigned int mon, unsigned int day, unsigned int hour,
		    unsigned int min, unsigned int sec)
{
	static const u8 mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	s64 days = day - 1;

	for (unsigned int y = 1970; y < year; y++)
		days += leap(y) ? 366 : 365;
	for (unsigned int m = 1; m < mon && m <= 12; m++)
		days += mdays[m - 1] + (m == 2 && leap(year));
	return ((days * 24 + hour) * 60 + min) * 60 + sec;
}

s64 read_persistent_clock64(void)
{
	u8 f[7], again[7], b = cmos_read(RTC_REG_B);
	unsigned int v[7];
	bool pm;

	cmos_fields(f);
	for (int tries = 0; tries < 5; tries++) {
		bool same = true;

		cmos_fields(again);
		for (int i = 0; i < 7; i++)
			same &= f[i] == again[i];
		if (same)
			break;
		for (int i = 0; i < 7; i++)
			f[i] = again[i];
	}
	pm = !(b & RTC_24H) && (f[2] & 0x80);
	f[2] &= 0x7f;
	for (int i = 0; i < 7; i++)
		v[i] = b & RTC_DM_BINARY ? f[i] : bcd2bin(f[i]);
	if (!(b & RTC_24H))
		v[2] = v[2] % 12 + (pm ? 12 : 0);
	return mktime64(v[6] ? v[6] * 100 + v[5] : 2000 + v[5], v[4], v[3], v[2], v[1], v[0]);
}

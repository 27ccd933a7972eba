/*
 * The TSC's frequency, measured against the PIT (8254), whose input clock
 * is a fixed 1.193182 MHz on every PC: channel 2 counts down 10 ms with
 * its gate on and its output visible in port 0x61, and we count TSC
 * cycles meanwhile. Under QEMU's -icount the TSC counts instructions and
 * the figure is a rate of instructions, still good for microseconds.
 * Boot step 11 (time_init()).
 */
#include <asm/io.h>
#include <asm/processor.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/time.h>

#define PIT_HZ		1193182
#define PIT_CH2		0x42
#define PIT_MODE	0x43
#define PORT_B		0x61	/* bit 0: channel 2 gate, bit 5: channel 2 output */
#define CALIBRATE_MS	10

u64 cycle_freq_hz;

void __init time_init(void)
{
	u16 count = PIT_HZ / (1000 / CALIBRATE_MS);
	u64 start, end;

	outb((inb(PORT_B) & ~0x02) | 0x01, PORT_B);	/* gate on, speaker off */
	outb(0xb0, PIT_MODE);				/* channel 2, lo/hi byte, mode 0 */
	outb(count & 0xff, PIT_CH2);
	outb(count >> 8, PIT_CH2);
	start = get_cycles();
	while (!(inb(PORT_B) & 0x20))
		cpu_relax();
	end = get_cycles();
	cycle_freq_hz = (end - start) * (1000 / CALIBRATE_MS);
	pr_info("tsc: %llu.%03llu MHz TSC (measured against the PIT)\n",
		(unsigned long long)(cycle_freq_hz / 1000000),
		(unsigned long long)(cycle_freq_hz / 1000 % 1000));
}

/*
 * The PL011 UART at physical 0x09000000 on QEMU's virt board: the ARM
 * console (QEMU's -nographic / -serial stdio shows it).
 *
 * Both directions poll the flag register: transmit waits while the FIFO is
 * full, receive reports -1 while it is empty. No interrupts. The baud rate
 * is left as it is: QEMU ignores it, and setting it needs the UART's input
 * clock, which only the device tree knows, and the console comes first.
 * The registers are reached through the device window of asm/page.h.
 *
 * The FIFO enable bit is kept as found: changing it empties the receive
 * FIFO, and with piped input QEMU has handed over the first byte before the
 * kernel runs ("help" arrived as "elp"). With the FIFO off, QEMU holds
 * further input back until each byte is read, so none is lost.
 */
#include <asm/io.h>
#include <asm/page.h>
#include <kernel/console.h>
#include <kernel/init.h>

#define PL011_PHYS	0x09000000

#define UART_DR		0x00	/* data */
#define UART_FR		0x18	/* flags */
#define UART_LCR_H	0x2c	/* line control */
#define UART_CR		0x30	/* control */
#define UART_IMSC	0x38	/* interrupt mask */
#define UART_ICR	0x44	/* interrupt clear */

#define FR_BUSY		(1 << 3)
#define FR_RXFE		(1 << 4)	/* receive FIFO empty */
#define FR_TXFF		(1 << 5)	/* transmit FIFO full */
#define LCR_H_FEN	(1 << 4)	/* FIFOs on */
#define LCR_H_WLEN_8	(3 << 5)	/* 8 data bits; no parity, one stop bit */
#define CR_UARTEN	(1 << 0)
#define CR_TXE		(1 << 8)
#define CR_RXE		(1 << 9)
#define ICR_ALL		0x7ff

static volatile u8 *const pl011 = IO_ADDRESS(PL011_PHYS);

static void pl011_putc(char c)
{
	while (readl_relaxed(pl011 + UART_FR) & FR_TXFF)
		;
	writel_relaxed((u8)c, pl011 + UART_DR);
}

static void pl011_write(const char *s, size_t len, bool crlf)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n' && crlf)
			pl011_putc('\r');
		pl011_putc(s[i]);
	}
}

static int pl011_read(void)
{
	if (readl_relaxed(pl011 + UART_FR) & FR_RXFE)
		return -1;
	return readl_relaxed(pl011 + UART_DR) & 0xff;
}

static struct console pl011_console = {
	.name = "ttyAMA0",
	.write = pl011_write,
	.read = pl011_read,
	.major = 204,
	.minor = 64,
};

void __init arch_console_init(void)
{
	/* Finish what is in flight, then reprogram with the UART disabled, as the manual asks. */
	while (readl_relaxed(pl011 + UART_FR) & FR_BUSY)
		;
	writel_relaxed(0, pl011 + UART_CR);
	writel_relaxed(0, pl011 + UART_IMSC);
	writel_relaxed(ICR_ALL, pl011 + UART_ICR);
	writel_relaxed(LCR_H_WLEN_8 | (readl_relaxed(pl011 + UART_LCR_H) & LCR_H_FEN),
		       pl011 + UART_LCR_H);
	writel_relaxed(CR_UARTEN | CR_TXE | CR_RXE, pl011 + UART_CR);
	register_console(&pl011_console);
}

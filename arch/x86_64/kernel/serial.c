/*
 * The 16550 UART on COM1 (I/O port 0x3f8): the x86_64 console.
 *
 * 115200 baud, 8 data bits, no parity, one stop bit. Output polls the
 * transmit-holding-register-empty bit; QEMU's -serial stdio shows it.
 *
 * The FIFOs are left as the firmware left them (off after SeaBIOS, on after
 * GRUB): turning them on or clearing them throws away what the UART has
 * already received, and with piped input QEMU hands the first byte over
 * before the kernel runs ("help" arrived as "elp"). With the FIFOs off,
 * QEMU holds further input back until each byte is read, so none is lost.
 */
#include <asm/io.h>
#include <kernel/console.h>
#include <kernel/init.h>

#define COM1		0x3f8
#define UART_RX		0	/* receive buffer (DLAB = 0) */
#define UART_TX		0	/* transmit holding (DLAB = 0) */
#define UART_DLL	0	/* divisor low (DLAB = 1) */
#define UART_IER	1	/* interrupt enable (DLAB = 0) */
#define UART_DLM	1	/* divisor high (DLAB = 1) */
#define UART_LCR	3
#define UART_MCR	4
#define UART_LSR	5
#define LCR_8N1		0x03
#define LCR_DLAB	0x80
#define LSR_DATA_READY	0x01
#define LSR_THR_EMPTY	0x20

static void serial8250_putc(char c)
{
	while (!(inb(COM1 + UART_LSR) & LSR_THR_EMPTY))
		;
	outb(c, COM1 + UART_TX);
}

static void serial8250_write(const char *s, size_t len, bool crlf)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n' && crlf)
			serial8250_putc('\r');
		serial8250_putc(s[i]);
	}
}

static int serial8250_read(void)
{
	if (!(inb(COM1 + UART_LSR) & LSR_DATA_READY))
		return -1;
	return inb(COM1 + UART_RX);
}

static struct console serial8250_console = {
	.name = "ttyS0",
	.write = serial8250_write,
	.read = serial8250_read,
	.major = 4,
	.minor = 64,
};

void __init arch_console_init(void)
{
	outb(0, COM1 + UART_IER);
	outb(LCR_DLAB, COM1 + UART_LCR);
	outb(1, COM1 + UART_DLL);	/* 115200 / 1 */
	outb(0, COM1 + UART_DLM);
	outb(LCR_8N1, COM1 + UART_LCR);
	outb(0x03, COM1 + UART_MCR);	/* DTR, RTS */
	register_console(&serial8250_console);
}

/*
 * printk(): format into a buffer, drop the message if its level is above
 * console_loglevel, write the rest to the console.
 *
 * There is no log buffer: output goes straight to the serial line, which is
 * all a kernel under QEMU needs and keeps early boot messages simple. A
 * spinlock keeps each message whole when several CPUs print.
 */
#include <kernel/console.h>
#include <kernel/export.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

int console_loglevel = CONSOLE_LOGLEVEL_DEFAULT;
struct console *console;

void register_console(struct console *con)
{
	console = con;
}

/*
 * One writer at a time, so that lines from two CPUs do not interleave. A
 * CPU that faults while it holds the lock (an oops inside the UART code)
 * must still get its report out: the owner may write again without
 * waiting for itself.
 */
static DEFINE_SPINLOCK(console_lock);
static int console_owner = -1;

static void console_out(const char *s, size_t len, bool crlf)
{
	int cpu = smp_processor_id();
	bool nested = READ_ONCE(console_owner) == cpu;

	if (!nested) {
		spin_lock(&console_lock);
		WRITE_ONCE(console_owner, cpu);
	}
	if (console)
		console->write(s, len, crlf);
	if (!nested) {
		WRITE_ONCE(console_owner, -1);
		spin_unlock(&console_lock);
	}
}

void console_write(const char *s, size_t len)
{
	console_out(s, len, true);
}

void console_write_raw(const char *s, size_t len)
{
	console_out(s, len, false);
}

int console_read(void)
{
	if (!console || !console->read)
		return -1;
	return console->read();
}

int vprintk(const char *fmt, va_list ap)
{
	char buf[512];
	int level = LOGLEVEL_DEFAULT;
	int len;

	if (fmt[0] == KERN_SOH[0] && fmt[1] >= '0' && fmt[1] <= '7') {
		level = fmt[1] - '0';
		fmt += 2;
	}
	len = vscnprintf(buf, sizeof(buf), fmt, ap);
	/* A message cut off by the buffer still ends its line. */
	if (len == sizeof(buf) - 1)
		buf[len - 1] = '\n';
	if (level < console_loglevel)
		console_write(buf, len);
	return len;
}
EXPORT_SYMBOL(vprintk);

int printk(const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vprintk(fmt, ap);
	va_end(ap);
	return len;
}
EXPORT_SYMBOL(printk);

/*
 * printk(): format into a buffer, hand it to log_store() (empty in the core;
 * kernel/syslog.c, in the user-space layer, keeps the log dmesg reads), drop
 * it if its level is above console_loglevel, write the rest to the console.
 * A spinlock keeps each message whole when several CPUs print.
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

void console_out(const char *s, size_t len, bool crlf)
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

int console_read(void)
{
	if (!console || !console->read)
		return -1;
	return console->read();
}

__weak void log_store(int level __unused, const char *text __unused, size_t len __unused)
{
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
	log_store(level, buf, len);
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

/*
 * panic(): say why, show how we got here, leave QEMU with a failure status
 * so that a test runner sees a crash rather than a hang.
 */
#include <kernel/export.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sprintf.h>
#include <kernel/stacktrace.h>

void panic(const char *fmt, ...)
{
	static bool in_panic;
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vscnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);

	/* A panic while panicking (a fault in the backtrace, say) must still end. */
	if (in_panic)
		machine_exit(QEMU_EXIT_PANIC);
	in_panic = true;
	console_loglevel = CONSOLE_LOGLEVEL_DEFAULT;

	printk(KERN_EMERG "Kernel panic - not syncing: %s\n", buf);
	dump_stack();
	printk(KERN_EMERG "---[ end Kernel panic - not syncing: %s ]---\n", buf);
	machine_exit(QEMU_EXIT_PANIC);
}
EXPORT_SYMBOL(panic);

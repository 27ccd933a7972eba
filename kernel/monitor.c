/*
 * The serial monitor: after the self-tests, a prompt on the serial console
 * from which a learner can look at the special sections of the running
 * kernel (`sections`, `initcalls`, `extable` ...), read memory that may not
 * be there (`peek`, a nofault read recovered through __ex_table) and watch
 * BUG() and WARN() trap through __bug_table.
 *
 * Each command registers itself with monitor_command() in the section
 * .monitor_commands, as the self-tests do with ktest_suite(): no list of
 * commands is kept by hand, and `help` walks the section.
 *
 * Reading and editing a line, and splitting it into words, are
 * kernel/monitor_line.c's.
 *
 * Output bypasses printk's levels (console_write), so `quiet` does not
 * silence the answers.
 */
#include <asm/io.h>
#include <asm/processor.h>
#include <kernel/bug.h>
#include <kernel/console.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/kallsyms.h>
#include <kernel/kstrtox.h>
#include <kernel/mm.h>
#include <kernel/monitor.h>
#include <kernel/panic.h>
#include <kernel/sections.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>


static bool monitor_requested;
static int monitor_exit_status;

/* `monitor`, `monitor=on` or `monitor=off` (any kstrtobool() word). */
static int __init set_monitor(char *val)
{
	if (!*val) {
		monitor_requested = true;
		return 0;
	}
	return kstrtobool(val, &monitor_requested);
}
__setup("monitor", set_monitor);

bool monitor_wanted(void)
{
	return monitor_requested;
}

int monitor_printf(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vscnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	console_write(buf, len);
	return len;
}

/* An address: hex (with or without 0x) or a symbol name, the kernel's or a loaded module's. */
static int parse_address(const char *cmd, const char *arg, unsigned long *addr)
{
	int err = kstrtoul(arg, 16, addr);

	if (!err)
		return 0;
	if (err == -ERANGE) {
		monitor_printf("%s: '%s' is too large for an address\n", cmd, arg);
		return err;
	}
	*addr = kallsyms_lookup_name(arg);
	if (!*addr)
		*addr = module_kallsyms_lookup_name(arg);
	if (*addr)
		return 0;
	monitor_printf("%s: '%s' is neither a hex number nor a symbol\n", cmd, arg);
	return -EINVAL;
}

static int cmd_peek(int argc, char **argv)
{
	unsigned long addr, value;

	if (argc != 2)
		return -EINVAL;
	if (parse_address(argv[0], argv[1], &addr))
		return 0;
	/* A register read is not a look: it can take a byte or acknowledge an interrupt. */
	if (is_ioremap_addr((const void *)addr)) {
		monitor_printf("peek: 0x%lx is device memory: reading a register can change the "
			       "device, so peek refuses\n", addr);
		return 0;
	}
	if (get_kernel_nofault(value, (const unsigned long *)addr)) {
		monitor_printf("0x%lx: the read faulted; fixup_exception() found the load in "
			       "__ex_table and copy_from_kernel_nofault() returned -EFAULT\n",
			       addr);
		return 0;
	}
	monitor_printf("0x%lx: 0x%0*lx  (%pS)\n", addr, (int)(2 * sizeof(long)), value,
		       (void *)addr);
	return 0;
}

static unsigned long kib(const char *start, const char *end)
{
	return ((unsigned long)(end - start) + 1023) / 1024;
}

static int cmd_meminfo(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	monitor_printf("RAM:    %lu KiB managed by the page allocator, %lu KiB free\n",
		       totalram_pages() * (PAGE_SIZE / 1024), nr_free_pages() * (PAGE_SIZE / 1024));
	monitor_printf("kernel: text %lu KiB, rodata %lu KiB, data %lu KiB, bss %lu KiB\n",
		       kib(_stext, _etext), kib(__start_rodata, __end_rodata), kib(_sdata, _edata),
		       kib(__bss_start, __bss_stop));
	monitor_printf("init:   %lu KiB at 0x%lx; free_initmem() gave back %lu pages\n",
		       kib(__init_begin, __init_end), (unsigned long)__init_begin,
		       initmem_freed_pages);
	return 0;
}

static int cmd_bug(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	monitor_printf("bug: calling BUG(); its oops ends the kernel (QEMU exits with %d)\n",
		       QEMU_EXIT_PANIC);
	BUG();
	return 0;
}

static int cmd_warn(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	monitor_printf("warn: calling WARN_ON(1)\n");
	WARN_ON(1);
	monitor_printf("warn: back after the WARN, %d warning(s) so far\n", atomic_read(&nr_warnings));
	return 0;
}

static int cmd_poweroff(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	monitor_printf("poweroff: leaving QEMU with status %d\n", monitor_exit_status);
	machine_exit(monitor_exit_status);
}

/* In name order: the section holds them in link order, which differs between compilers. */
static int cmd_help(int argc, char **argv)
{
	const char *last = "";

	(void)argv;
	if (argc != 1)
		return -EINVAL;
	for (;;) {
		const struct monitor_command *next = NULL;

		for_each_section_entry(const struct monitor_command, __monitor_commands_start,
				       __monitor_commands_end, c)
			if (strcmp(c->name, last) > 0 && (!next || strcmp(c->name, next->name) < 0))
				next = c;
		if (!next)
			return 0;
		monitor_printf("  %-13s %-5s %s\n", next->name, next->args, next->help);
		last = next->name;
	}
}

monitor_command("help", "", "this list", cmd_help);
monitor_command("meminfo", "", "RAM, free pages, the kernel image, init memory", cmd_meminfo);
monitor_command("peek", "ADDR", "read a word of RAM that may not be mapped (hex or a symbol)",
		cmd_peek);
monitor_command("bug", "", "BUG(): an oops through __bug_table (ends the kernel)", cmd_bug);
monitor_command("warn", "", "WARN_ON(1): a warning through __bug_table, then go on", cmd_warn);
monitor_command("poweroff", "", "leave QEMU (so does Ctrl-D, the end of input)", cmd_poweroff);

static void run_line(char *line)
{
	static char *argv[MONITOR_ARGS_MAX];	/* one monitor, one line at a time */
	int argc = monitor_split_words(line, argv);

	if (argc == 0)
		return;
	for_each_section_entry(const struct monitor_command, __monitor_commands_start,
			       __monitor_commands_end, c) {
		if (strcmp(argv[0], c->name) != 0)
			continue;
		if (c->run(argc, argv) == -EINVAL)
			monitor_printf("usage: %s %s\n", c->name, c->args);
		return;
	}
	monitor_printf("unknown command '%s': type 'help' for the list\n", argv[0]);
}

void monitor_run(int exit_status)
{
	char line[MONITOR_LINE_MAX];

	monitor_exit_status = exit_status;
	monitor_printf("Special K monitor: type 'help' for the commands, "
		       "'poweroff' to leave QEMU\n");
	for (;;) {
		bool more, cut;

		monitor_printf("sk> ");
		more = monitor_read_line(line, sizeof(line), &cut);
		if (cut)
			monitor_printf("line too long: the monitor takes %d characters; not run\n",
				       MONITOR_LINE_MAX - 1);
		else
			run_line(line);
		if (!more)
			break;
	}
	monitor_printf("end of input: leaving QEMU with status %d\n", monitor_exit_status);
	machine_exit(monitor_exit_status);
}

/* Last of boot step 19: with `monitor`, the prompt instead of leaving QEMU. */
static int monitor_hook_run(int status)
{
	if (monitor_wanted())
		monitor_run(status);
	return status;
}

static struct late_hook monitor_hook = { .phase = LATE_HOOK_MONITOR, .fn = monitor_hook_run };

static int __init monitor_init(void)
{
	register_late_hook(&monitor_hook);
	return 0;
}
late_initcall(monitor_init);

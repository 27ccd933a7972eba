/*
 * The serial monitor: after the self-tests, a prompt on the serial console
 * from which a learner can look at the special sections of the running
 * kernel (`sections`, `initcalls`, `extable` ...), read memory that may not
 * be there (`peek`, a nofault read recovered through __ex_table) and watch
 * BUG() and WARN() trap through __bug_table.
 *
 * Input is polled: the UART's receive interrupt is not used, so the prompt
 * asks the console's read() for a byte in a loop (cpu_relax() between tries). A
 * line is edited as it is typed: backspace or DEL rubs out a character,
 * Ctrl-U the line, Ctrl-C abandons it; escape sequences (arrow keys) are
 * swallowed. Enter is CR, LF or CR LF.
 *
 * Output bypasses printk's levels (console_write), so `quiet` does not
 * silence the answers.
 */
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

#define MONITOR_LINE_MAX	96
#define ARGS_MAX	4

#define CTRL(c)		((c) & 0x1f)
#define DEL		0x7f
#define ESC		0x1b

static bool monitor_requested;
static int monitor_exit_status;
/* The last byte was CR: an LF right after it is the same Enter (CR LF). */
static bool after_cr;

static int __init set_monitor(char *val)
{
	(void)val;
	monitor_requested = true;
	return 0;
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

static int getc_polled(void)
{
	int c;

	while ((c = console_read()) < 0)
		cpu_relax();
	return c;
}

/*
 * Read one line into buf, echoing and editing it. An escape sequence is
 * ESC, then '[' or 'O' and parameter bytes up to a final byte in 0x40-0x7e.
 */
static void read_line(char *buf, size_t size)
{
	size_t len = 0;
	bool in_escape = false;

	for (;;) {
		int c = getc_polled();
		bool was_cr = after_cr;

		after_cr = c == '\r';
		if (in_escape) {
			in_escape = c == '[' || c == 'O' || (c >= 0x20 && c < 0x40);
			continue;
		}
		if (c == '\n' && was_cr)
			continue;
		if (c == '\r' || c == '\n') {
			console_write("\n", 1);
			buf[len] = '\0';
			return;
		}
		if (c == ESC) {
			in_escape = true;
		} else if (c == '\b' || c == DEL) {
			if (len) {
				len--;
				console_write("\b \b", 3);
			}
		} else if (c == CTRL('U')) {
			for (; len; len--)
				console_write("\b \b", 3);
		} else if (c == CTRL('C')) {
			console_write("^C\n", 3);
			buf[0] = '\0';
			return;
		} else if (c >= ' ' && c < DEL) {
			if (len + 1 < size) {
				buf[len++] = c;
				console_write(&buf[len - 1], 1);
			} else {
				console_write("\a", 1);
			}
		}
	}
}

static int split_words(char *line, char **argv)
{
	int argc = 0;
	char *word;

	while ((word = strsep(&line, " \t"))) {
		if (!*word)
			continue;
		if (argc == ARGS_MAX)
			return -E2BIG;
		argv[argc++] = word;
	}
	return argc;
}

/* An address: hex (with or without 0x) or a symbol name. */
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
	monitor_printf("warn: back after the WARN, %lu warning(s) so far\n", nr_warnings);
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

static int cmd_help(int argc, char **argv);

static const struct monitor_command {
	const char *name;
	const char *args;
	const char *help;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "help", "", "this list", cmd_help },
	{ "sections", "", "the special sections: start, end, size, entries", monitor_sections },
	{ "initcalls", "", "the initcalls, level by level", monitor_initcalls },
	{ "extable", "", "the exception table, symbolized", monitor_extable },
	{ "percpu", "VAR", "a per-CPU variable on every CPU", monitor_percpu },
	{ "alternatives", "", "the alternative() sites and what was patched",
	  monitor_alternatives },
	{ "ps", "", "the threads, with their wait channels", monitor_ps },
	{ "meminfo", "", "RAM, free pages, the kernel image, init memory", cmd_meminfo },
	{ "peek", "ADDR", "read a word that may not be mapped (hex or a symbol)", cmd_peek },
	{ "bug", "", "BUG(): an oops through __bug_table (ends the kernel)", cmd_bug },
	{ "warn", "", "WARN_ON(1): a warning through __bug_table, then go on", cmd_warn },
	{ "poweroff", "", "leave QEMU", cmd_poweroff },
};

static int cmd_help(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		monitor_printf("  %-13s %-5s %s\n", commands[i].name, commands[i].args,
			       commands[i].help);
	return 0;
}

static void run_line(char *line)
{
	char *argv[ARGS_MAX];
	int argc = split_words(line, argv);

	if (argc == -E2BIG) {
		monitor_printf("too many words: a command takes at most %d\n", ARGS_MAX - 1);
		return;
	}
	if (argc == 0)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++) {
		const struct monitor_command *c = &commands[i];

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
		monitor_printf("sk> ");
		read_line(line, sizeof(line));
		run_line(line);
	}
}

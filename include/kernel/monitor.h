/*
 * The serial monitor: a small command prompt at the end of boot, to look at
 * the special sections of the finished kernel from its own console (`help`
 * lists the commands). The kernel parameter `monitor` asks for it; without
 * it the kernel leaves QEMU after the self-tests, as test runs want. The
 * prompt starts from a late hook (include/kernel/init.h), the last of boot
 * step 19, which monitor.c's initcall registers.
 *
 * kernel/monitor.c has the prompt and the commands about memory (lines:
 * monitor_line.c); kernel/monitor_tables.c the commands that walk the tables. Each
 * command is a struct monitor_command in the section .monitor_commands
 * (monitor_command(), gathered by MONITOR_COMMANDS in
 * linker/sections.lds.h): the prompt finds them between its start/stop
 * symbols, as the ktest runner finds its suites.
 */
#ifndef _KERNEL_MONITOR_H
#define _KERNEL_MONITOR_H

#include <kernel/compiler.h>
#include <kernel/types.h>

/* True when the command line says `monitor`. */
bool monitor_wanted(void);
/* The prompt, forever; `poweroff` leaves QEMU with exit_status. */
void __noreturn monitor_run(int exit_status);

struct monitor_command {
	const char *name;
	const char *args;	/* for `help` and the usage line, e.g. "ADDR" */
	const char *help;
	/* argv[0] is the command's name; -EINVAL prints the usage line. */
	int (*run)(int argc, char **argv);
};

/* Register fn as the command `name`: one entry in .monitor_commands. */
#define monitor_command(name, args, help, fn)					\
	DEFINE_SECTION_ENTRY(const struct monitor_command, __monitor_command_##fn,	\
			     ".monitor_commands") = { name, args, help, fn }

/* Shared by the files of the monitor. */
__printf(1, 2) int monitor_printf(const char *fmt, ...);

/*
 * kernel/monitor_line.c: a line of at most MONITOR_LINE_MAX - 1 characters
 * (false at the end of input; *cut when characters were dropped), and its
 * words, in place, at most MONITOR_ARGS_MAX of them.
 */
#define MONITOR_LINE_MAX	256
#define MONITOR_ARGS_MAX	(MONITOR_LINE_MAX / 2)
bool monitor_read_line(char *buf, size_t size, bool *cut);
int monitor_split_words(char *line, char **argv);

#endif

/*
 * The serial monitor: a small command prompt at the end of boot, to look at
 * the special sections of the finished kernel from its own console (`help`
 * lists the commands). The kernel parameter `monitor` asks for it; without
 * it the kernel leaves QEMU after the self-tests, as test runs want.
 *
 * kernel/monitor.c has the prompt, line editing and the commands about
 * memory; kernel/monitor_tables.c the commands that walk the tables.
 */
#ifndef _KERNEL_MONITOR_H
#define _KERNEL_MONITOR_H

#include <kernel/compiler.h>
#include <kernel/types.h>

/* True when the command line says `monitor`. */
bool monitor_wanted(void);
/* The prompt, forever; `poweroff` leaves QEMU with exit_status. */
void __noreturn monitor_run(int exit_status);

/* Shared by the two files of the monitor. */
__printf(1, 2) int monitor_printf(const char *fmt, ...);
int monitor_sections(int argc, char **argv);
int monitor_initcalls(int argc, char **argv);
int monitor_extable(int argc, char **argv);
int monitor_percpu(int argc, char **argv);
int monitor_alternatives(int argc, char **argv);
int monitor_ps(int argc, char **argv);

#endif

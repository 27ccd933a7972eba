/*
 * The initcall levels, in the order they run: X(id, name) each.
 *
 * id is the level as the section name (.initcall<id>.init) and its start
 * symbol (__initcall<id>_start) spell it; name is the one of
 * name_initcall() and of the messages. This list is the only place the
 * levels are written: the linker script lays the sections out from it
 * (INIT_CALLS, linker/sections.lds.h), and kernel/initcall.c makes from it
 * initcall_levels[], the table that do_initcalls(), initcall_debug, the
 * bench figures, the serial monitor and the gdb helper sk-initcalls read.
 *
 * Plain macros only: the linker script includes this file.
 */
#ifndef _KERNEL_INITCALL_LEVELS_H
#define _KERNEL_INITCALL_LEVELS_H

#define INITCALL_LEVELS(X)	\
	X(early, early)		\
	X(0, pure)		\
	X(1, core)		\
	X(2, postcore)		\
	X(3, arch)		\
	X(4, subsys)		\
	X(5, fs)		\
	X(rootfs, rootfs)	\
	X(6, device)		\
	X(7, late)

#endif

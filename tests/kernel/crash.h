/*
 * crash=MODE (tests/kernel/crash_test.c): the modes every arch has are
 * there; each arch adds the exception classes only its CPU raises in
 * tests/kernel/<arch>/crash_arch.c, in arch_crash_modes[].
 */
#ifndef _TESTS_KERNEL_CRASH_H
#define _TESTS_KERNEL_CRASH_H

#include <kernel/types.h>

struct crash_mode {
	const char *name;
	int (*crash)(void);
};

extern const struct crash_mode arch_crash_modes[];
extern const size_t nr_arch_crash_modes;

#endif

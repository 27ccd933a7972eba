/*
 * The __setup table on the host (cmdline_fuzz.c): included before
 * kernel/params.c and the harness, it puts their entries in the section
 * fuzz_setup instead of .init.setup. The linker delimits a section whose
 * name is an identifier (__start_fuzz_setup, __stop_fuzz_setup, which
 * harnesses.mk makes params.c use), and AddressSanitizer leaves its globals
 * packed as in the kernel, without red zones between the entries.
 */
#ifndef _FUZZ_SETUP_H
#define _FUZZ_SETUP_H

#include <kernel/init.h>

#undef __setup_param
#define __setup_param(str, unique_id, fn, early, flag)			\
	static const char __setup_str_##unique_id[] = str;		\
	static const struct obs_kernel_param __setup_##unique_id __used	\
	__section("fuzz_setup") __aligned(sizeof(void *)) =		\
		{ __setup_str_##unique_id, fn, early, flag }

#endif

/*
 * What every harness shares: the kernel's printk() and panic() on the host.
 * printk() formats with the kernel's own vsnprintf (so that a bad format
 * argument is caught too) and keeps quiet; panic() is the kernel's clean
 * refusal, so it returns to the harness's setjmp(panic_jmp) instead of
 * ending the run. Included once, by the harness.
 */
#ifndef _FUZZ_HOST_H
#define _FUZZ_HOST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "klib.h"

#include <string.h>

int k_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

int console_loglevel = 7;
static jmp_buf panic_jmp;
static char fuzz_msg[1024];

int vprintk(const char *fmt, va_list ap)
{
	return k_vsnprintf(fuzz_msg, sizeof(fuzz_msg), fmt, ap);
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

/*
 * %pS finds no symbols: the kernel's image and its modules are not here
 * (weak: module_fuzz links kernel/module/kallsyms.c's module_address_lookup()).
 */
const char *kallsyms_lookup(unsigned long addr, unsigned long *symbolsize, unsigned long *offset,
			    char *namebuf)
{
	return NULL;
}

__attribute__((weak))
const char *module_address_lookup(unsigned long addr, unsigned long *symbolsize,
				  unsigned long *offset, char *modname, char *namebuf)
{
	return NULL;
}

void __attribute__((noreturn)) panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	longjmp(panic_jmp, 1);
}

#endif

/*
 * Formatted output into a buffer: the engine behind printk() and every
 * message the kernel prints (kernel/lib/vsprintf.c).
 *
 * Conversions: %d %i %u %x %X %o %c %s %p %%, length modifiers hh h l ll z t,
 * flags - 0 + space #, field width and precision (either may be *), as in
 * C99. Kernel extensions, as in Linux: %pS prints a code address as
 * "name+0xoff/0xsize" and %ps as "name" (through kallsyms). No floating
 * point: the kernel never touches the FPU.
 *
 * vsnprintf() and snprintf() return the length the whole output would have
 * (C99), so a caller can detect truncation; vscnprintf() and scnprintf()
 * return what was really stored, so calls can be chained along a buffer.
 * Every one stores a terminating NUL when size > 0, and nothing when
 * size == 0.
 */
#ifndef _KERNEL_SPRINTF_H
#define _KERNEL_SPRINTF_H

#include <stdarg.h>

#include <kernel/compiler.h>
#include <kernel/types.h>

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap) __printf(3, 0);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list ap) __printf(3, 0);
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);

#endif

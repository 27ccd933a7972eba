/*
 * x86 port I/O (the 16550 UART, isa-debug-exit) and memory-mapped I/O.
 */
#ifndef _ASM_IO_H
#define _ASM_IO_H

#include <kernel/types.h>

static inline void outb(u8 v, u16 port)
{
	__asm__ __volatile__("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline u8 inb(u16 port)
{
	u8 v;

	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void outl(u32 v, u16 port)
{
	__asm__ __volatile__("outl %0, %1" : : "a"(v), "Nd"(port));
}

static inline u32 readl(const volatile void *addr)
{
	return *(const volatile u32 *)addr;
}

static inline void writel(u32 v, volatile void *addr)
{
	*(volatile u32 *)addr = v;
}

#endif

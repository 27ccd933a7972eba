/*
 * x86 port I/O (the 16550 UART, isa-debug-exit) and memory-mapped I/O.
 */
#ifndef _ASM_IO_H
#define _ASM_IO_H

#include <asm/page.h>
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

/*
 * Whether addr is where ioremap() maps device registers: __va() of physical
 * addresses above the RAM the direct map covers (arch/x86_64/mm/pgtable.c).
 * Linux's name; the monitor's `peek` refuses to read there.
 */
static inline bool is_ioremap_addr(const volatile void *addr)
{
	unsigned long a = (unsigned long)addr;

	return a >= (unsigned long)__va(DIRECT_MAP_PHYS_END) && a < KERNEL_VMA_BASE;
}

#endif

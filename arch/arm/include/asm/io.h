/*
 * 32-bit ARM memory-mapped I/O. Device registers are mapped as Device memory
 * (see asm/page.h), where accesses are never merged, repeated or reordered
 * among themselves; the barriers order them against ordinary memory, which
 * matters once a device reads or writes RAM (DMA): writel() makes earlier
 * memory writes visible before the device is told to look, readl() keeps
 * later memory reads after the register read. The _relaxed forms have no
 * barrier, for registers that only talk to the CPU (a UART's data register).
 */
#ifndef _ASM_IO_H
#define _ASM_IO_H

#include <asm/page.h>
#include <kernel/types.h>

#define rmb()	__asm__ __volatile__("dsb sy" ::: "memory")
#define wmb()	__asm__ __volatile__("dsb st" ::: "memory")

/* Single ldr/str instructions: a volatile access the compiler may not split. */
static inline u32 readl_relaxed(const volatile void *addr)
{
	u32 v;

	__asm__ __volatile__("ldr %0, %1" : "=r"(v) : "Qo"(*(const volatile u32 *)addr));
	return v;
}

static inline void writel_relaxed(u32 v, volatile void *addr)
{
	__asm__ __volatile__("str %1, %0" : "=Qo"(*(volatile u32 *)addr) : "r"(v));
}

static inline u32 readl(const volatile void *addr)
{
	u32 v = readl_relaxed(addr);

	rmb();
	return v;
}

static inline void writel(u32 v, volatile void *addr)
{
	wmb();
	writel_relaxed(v, addr);
}

/*
 * Whether addr lies in the device window (asm/page.h), where the board's
 * registers are mapped. Linux's name; the monitor's `peek` refuses to read
 * there.
 */
static inline bool is_ioremap_addr(const volatile void *addr)
{
	unsigned long a = (unsigned long)addr;

	return a >= IO_VIRT_BASE && a - IO_VIRT_BASE < IO_SIZE;
}

#endif

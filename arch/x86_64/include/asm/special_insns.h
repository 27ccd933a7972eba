/*
 * The control registers: CR0 (protection, paging, write protect), CR2 (the
 * address of the last page fault), CR3 (the page-table root) and CR4
 * (feature switches). Only these accessors move to or from them, so the
 * inline assembly is in one place; head.S and the trampoline set them up
 * before C runs. Writes are compiler barriers: memory accesses must not
 * move across a change of page tables or of CR4.
 */
#ifndef _ASM_SPECIAL_INSNS_H
#define _ASM_SPECIAL_INSNS_H

static inline unsigned long read_cr0(void)
{
	unsigned long v;

	__asm__ __volatile__("mov %%cr0, %0" : "=r"(v));
	return v;
}

static inline void write_cr0(unsigned long v)
{
	__asm__ __volatile__("mov %0, %%cr0" : : "r"(v) : "memory");
}

static inline unsigned long read_cr2(void)
{
	unsigned long v;

	__asm__ __volatile__("mov %%cr2, %0" : "=r"(v));
	return v;
}

static inline unsigned long read_cr3(void)
{
	unsigned long v;

	__asm__ __volatile__("mov %%cr3, %0" : "=r"(v) : : "memory");
	return v;
}

/* A new page-table root; also drops every non-global TLB entry. */
static inline void write_cr3(unsigned long v)
{
	__asm__ __volatile__("mov %0, %%cr3" : : "r"(v) : "memory");
}

static inline unsigned long read_cr4(void)
{
	unsigned long v;

	__asm__ __volatile__("mov %%cr4, %0" : "=r"(v));
	return v;
}

static inline void write_cr4(unsigned long v)
{
	__asm__ __volatile__("mov %0, %%cr4" : : "r"(v) : "memory");
}

#endif

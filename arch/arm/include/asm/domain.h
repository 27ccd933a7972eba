/*
 * ARM domains and the DACR: how the kernel keeps its hands off user memory
 * (Linux's CONFIG_CPU_SW_DOMAIN_PAN, a software "privileged access never").
 *
 * Every short-descriptor first-level entry names one of 16 domains, and the
 * Domain Access Control Register gives each domain two bits: no access
 * (every access faults with a "domain fault", whatever the AP bits say),
 * client (the AP and XN bits are checked) or manager (they are not). The
 * kernel's own mappings are in domain 0, user pages in domain 1 (the first-
 * level entries of a process's table, arch/arm/mm/mmu_context.c).
 *
 * While the kernel runs, DACR says "no access" for domain 1: a kernel
 * pointer bug that reaches user memory takes a domain fault, reported as an
 * oops that says why (traps.c). user_access_begin() opens domain 1 for the
 * few instructions that copy to or from user space and user_access_end()
 * closes it again; the exception entry code (entry.S, irq_entry.S) closes
 * it on every entry and puts back the interrupted value on return, and the
 * return to user mode opens it, because user mode's own accesses are
 * checked against the same DACR.
 */
#ifndef _ASM_DOMAIN_H
#define _ASM_DOMAIN_H

#define DOMAIN_KERNEL		0
#define DOMAIN_USER		1

#define DOMAIN_NOACCESS		0
#define DOMAIN_CLIENT		1

#define domain_val(dom, type)	((type) << (2 * (dom)))

#define DACR_UACCESS_DISABLE	(domain_val(DOMAIN_KERNEL, DOMAIN_CLIENT) | \
				 domain_val(DOMAIN_USER, DOMAIN_NOACCESS))
#define DACR_UACCESS_ENABLE	(domain_val(DOMAIN_KERNEL, DOMAIN_CLIENT) | \
				 domain_val(DOMAIN_USER, DOMAIN_CLIENT))

#ifndef __ASSEMBLER__
static inline unsigned long get_domain(void)
{
	unsigned long dacr;

	__asm__ __volatile__("mrc p15, 0, %0, c3, c0, 0" : "=r"(dacr));
	return dacr;
}

/* The isb makes the next instruction see the new value. */
static inline void set_domain(unsigned long dacr)
{
	__asm__ __volatile__("mcr p15, 0, %0, c3, c0, 0\n\tisb" : : "r"(dacr) : "memory");
}

/* Open user memory to the kernel; returns the old DACR for uaccess_restore(). */
static inline unsigned long uaccess_save_and_enable(void)
{
	unsigned long old = get_domain();

	set_domain(DACR_UACCESS_ENABLE);
	return old;
}

static inline void uaccess_restore(unsigned long flags)
{
	set_domain(flags);
}
#endif

#endif

/*
 * x86_64's own crash= modes (tests/kernel/crash.h): the exception classes
 * the generic ones do not reach.
 *   crash=gp     read a non-canonical address: #GP, not a page fault
 *   crash=ud     an invalid opcode outside __bug_table: #UD without "kernel BUG"
 *   crash=nmi    an NMI sent to this CPU through its local APIC
 *   crash=align  an unaligned read: #AC is raised only in user mode (CPL 3),
 *                so the kernel goes on, and says so
 */
#include <asm/apic.h>
#include <kernel/compiler.h>
#include <kernel/init.h>
#include <kernel/printk.h>

#include "../crash.h"

#define APIC_ID			0x20
#define APIC_ICR_LOW		0x300
#define APIC_ICR_HIGH		0x310
#define APIC_DM_NMI		0x400

static int __noinline crash_gp(void)
{
	return *(volatile int *)0x8000000000000000ul;
}

static int __noinline crash_ud(void)
{
	__asm__ __volatile__("ud2");
	return 0;
}

/* The NMI lands inside the wait: the oops names this function. */
static int __noinline crash_nmi(void)
{
	lapic_write(APIC_ICR_HIGH, lapic_read(APIC_ID) & 0xff000000);
	lapic_write(APIC_ICR_LOW, APIC_DM_NMI);
	for (volatile unsigned long i = 0; i < 1000000000ul; i++)
		;
	pr_err("crash: the NMI never came\n");
	return -1;
}

static u8 align_buffer[16] __aligned(16) = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };

static int __noinline crash_align(void)
{
	u64 v;

	__asm__ __volatile__("movq 1(%1), %0" : "=r"(v) : "r"(align_buffer) : "memory");

	pr_warn("crash: an unaligned read gave %#llx: x86_64 raises #AC only in user mode\n",
		(unsigned long long)v);
	return 0;
}

const struct crash_mode arch_crash_modes[] __initconst = {
	{ "gp", crash_gp },
	{ "ud", crash_ud },
	{ "nmi", crash_nmi },
	{ "align", crash_align },
};
const size_t nr_arch_crash_modes __initconst = ARRAY_SIZE(arch_crash_modes);

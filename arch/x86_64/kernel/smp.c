/*
 * x86_64's part of SMP (include/kernel/smp.h): start a CPU with the local
 * APIC's INIT-SIPI-SIPI, give it a stack and its per-CPU base, and let it
 * sleep in hlt until an IPI wakes it.
 *
 * The CPU list comes from the ACPI MADT (arch/x86_64/kernel/acpi.c, boot
 * step 2): local APIC ids. Starting CPU n (arch_boot_secondary):
 *   1. a stack block: 16 KiB of kernel stack, then 8 KiB each for the
 *      double-fault and NMI IST stacks, mapped in the stack area with an
 *      unmapped guard page below (alloc_stack_with_guard());
 *   2. struct secondary_boot says which CPU, which stack, which CR3;
 *   3. INIT, then STARTUP twice (the MP spec's rule: the second is ignored
 *      by a CPU the first one started) with the trampoline's page number;
 *      the spec's waits (10 ms after INIT, 200 us between the STARTUPs)
 *      only where the CPU needs them (needs_init_delay()).
 * While CPUs start, the boot CPU's tick comes every BRINGUP_TICK_US: under
 * QEMU's -icount a CPU that takes INIT is charged all of its time slice,
 * which lasts until the next timer event, one jiffy away otherwise.
 *
 * The CPU climbs from real mode to long mode in trampoline.S, switches to
 * the kernel's page tables and stack, and calls x86_secondary_start(): GS
 * base (per-CPU data), CR4, its own TSS and the IDT, its APIC, report in.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/smp.h>
#include <asm/special_insns.h>
#include <kernel/cpufeature.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/time.h>

#define STACK_BLOCK_ORDER	3		/* 32 KiB: */
#define KERNEL_STACK_SIZE	16384		/* the kernel stack, then the IST stacks */
#define INIT_DELAY_US		10000
#define SIPI_GAP_US		200
#define BRINGUP_TICK_US		20

struct secondary_boot secondary_boot;
static unsigned long boot_cr4;
static bool init_delay;
/* The IST stack tops of each CPU, set by the boot CPU before the start. */
static DEFINE_PER_CPU(unsigned long, ist_df_top);
static DEFINE_PER_CPU(unsigned long, ist_nmi_top);

static void __init delay_us(u64 us)
{
	u64 start = get_cycles();

	while (cycles_to_us(get_cycles() - start) < us)
		cpu_relax();
}

/*
 * The MP specification's waits are for the external APICs of old CPUs.
 * Linux's rule: none on Intel family 6 and later, AMD family 0xf and later,
 * Hygon; and none under a hypervisor (CPUID.1:ECX bit 31), whose virtual
 * CPUs take INIT and STARTUP at once.
 */
static bool __init needs_init_delay(void)
{
	struct cpuid_regs r = cpuid_count(0, 0);
	u32 eax = cpuid_count(1, 0).eax, family = (eax >> 8) & 0xf;

	if (cpu_has(X86_FEATURE_HYPERVISOR))
		return false;
	if (family == 0xf)
		family += (eax >> 20) & 0xff;
	if (!memcmp(&r.ebx, "Genu", 4))		/* GenuineIntel */
		return family < 6;
	if (!memcmp(&r.ebx, "Auth", 4))		/* AuthenticAMD */
		return family < 0xf;
	return memcmp(&r.ebx, "Hygo", 4) != 0;	/* HygonGenuine */
}

/* CPUID leaf 1: EBX bits 31..24 hold this CPU's initial APIC id. */
unsigned long arch_boot_cpu_hwid(void)
{
	u32 eax = 1, ebx, ecx = 0, edx;

	__asm__ __volatile__("cpuid" : "+a"(eax), "=b"(ebx), "+c"(ecx), "=d"(edx));
	return ebx >> 24;
}

void __init arch_smp_prepare(void)
{
	u8 *tramp = __va(TRAMPOLINE_PHYS);
	size_t size = trampoline_end - trampoline_start;

	if (size > PAGE_SIZE)
		panic("smp: the trampoline (%zu bytes) is larger than a page", size);
	memcpy(tramp, trampoline_start, size);
	*(u32 *)(tramp + (trampoline_cr0 - trampoline_start)) = read_cr0();
	*(u32 *)(tramp + (trampoline_cr3 - trampoline_start)) = trampoline_pgd_create();
	/* EFER as it is now, minus LMA (read-only: the CPU sets it once paging is on). */
	*(u32 *)(tramp + (trampoline_efer - trampoline_start)) =
		native_read_msr(MSR_EFER) & ~EFER_LMA;
	secondary_boot.cr3 = kernel_pgd_phys();
	boot_cr4 = read_cr4();
	init_delay = needs_init_delay();
	apic_timer_limit_us(BRINGUP_TICK_US);
	pr_info("smp: %s\n", init_delay ?
		"10 ms after INIT, 200 us between STARTUPs (an old CPU)" :
		"no INIT delay (a modern CPU, or a hypervisor's)");
}

int __init arch_boot_secondary(unsigned int cpu, unsigned long hwid)
{
	char *stack = alloc_stack_with_guard(STACK_BLOCK_ORDER);

	if (!stack)
		return -1;
	per_cpu(ist_df_top, cpu) = (unsigned long)stack + KERNEL_STACK_SIZE + IST_STACK_SIZE;
	per_cpu(ist_nmi_top, cpu) = (unsigned long)stack + KERNEL_STACK_SIZE + 2 * IST_STACK_SIZE;
	secondary_boot.stack_top = (unsigned long)stack + KERNEL_STACK_SIZE;
	secondary_boot.cpu = cpu;

	/* Plain stores to RAM, then the uncached ICR writes: x86 keeps them in this order. */
	lapic_send_init(hwid);
	if (init_delay)
		delay_us(INIT_DELAY_US);
	lapic_send_startup(hwid, TRAMPOLINE_PHYS >> PAGE_SHIFT);
	if (init_delay)
		delay_us(SIPI_GAP_US);
	lapic_send_startup(hwid, TRAMPOLINE_PHYS >> PAGE_SHIFT);
	return 0;
}

void __init arch_smp_done(void)
{
	apic_timer_limit_us(0);
	trampoline_pgd_free();
}

void __init x86_secondary_start(void)
{
	unsigned int cpu = READ_ONCE(secondary_boot.cpu);
	u8 *tramp = __va(TRAMPOLINE_PHYS);

	/* First of all: per-CPU data, smp_processor_id() included, is reached through GS. */
	set_my_cpu_offset(per_cpu_offset(cpu));
	write_cr4(boot_cr4);
	trap_init_cpu(cpu, this_cpu_read(ist_df_top), this_cpu_read(ist_nmi_top));
	lapic_enable();
	smp_secondary_online(*(u64 *)(tramp + (trampoline_tsc - trampoline_start)));
}

void arch_send_wakeup(unsigned int cpu)
{
	lapic_send_ipi(cpu_logical_map(cpu), WAKEUP_VECTOR);
}

/*
 * Interrupts open only for the hlt: sti takes effect after the next
 * instruction, so a wake-up that arrived since the caller looked at its
 * mailbox is taken inside the hlt and ends it, never lost before it.
 */
void arch_idle_wait(void)
{
	__asm__ __volatile__("sti\n\thlt\n\tcli" ::: "memory");
	if (debug_pagealloc_enabled())
		debug_pagealloc_flush_tlb();
}

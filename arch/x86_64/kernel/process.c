/*
 * What an x86_64 thread that runs user code needs at each context switch
 * (arch_switch_to(), asm/switch_to.h).
 *
 * Entering the kernel from ring 3 needs a kernel stack, and each thread has
 * its own: an interrupt or exception takes it from TSS.sp0, a SYSCALL
 * (which switches no stack itself) from this CPU's
 * cpu_current_top_of_stack. Both are the top of the running thread's
 * stack, where its user registers go (task_pt_regs()). The FS base is the
 * thread's TLS pointer (arch_prctl(ARCH_SET_FS)): user code cannot change
 * it by itself (no FSGSBASE), so it is only written here, never read back.
 */
#include <asm/desc.h>
#include <asm/mmu_context.h>
#include <asm/msr-index.h>
#include <asm/msr.h>
#include <asm/switch_to.h>
#include <kernel/mm_types.h>
#include <kernel/percpu.h>

DEFINE_PER_CPU(unsigned long, cpu_current_top_of_stack);

void arch_switch_to(struct thread *prev, struct thread *next)
{
	unsigned long top = (unsigned long)(task_pt_regs(next) + 1);

	if (prev->mm != next->mm)
		switch_mm(next->mm ? next->mm->pgd : NULL);
	if (!next->mm)
		return;
	load_sp0(top);
	this_cpu_write(cpu_current_top_of_stack, top);
	native_write_msr(MSR_FS_BASE, next->arch.fsbase);
}

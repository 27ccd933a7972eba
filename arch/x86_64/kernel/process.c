/*
 * An x86_64 thread that runs user code: entering ring 3, what each context
 * switch loads for it, fork's copy, and its TLS (set by arch_prctl.c).
 *
 * Entering the kernel from ring 3 needs a kernel stack, and each thread has
 * its own: an interrupt or exception takes it from TSS.sp0, a SYSCALL
 * (which switches no stack itself) from this CPU's
 * cpu_current_top_of_stack. Both are the top of the running thread's
 * stack, where its user registers go (task_pt_regs()). The FS base is the
 * thread's TLS pointer: user code cannot change it by itself (no
 * FSGSBASE), so only the kernel writes it (here and in arch_prctl.c) and
 * never reads it back.
 */
#include <asm/desc.h>
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/msr-index.h>
#include <asm/msr.h>
#include <asm/segment.h>
#include <asm/switch_to.h>
#include <kernel/errno.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/percpu.h>
#include <kernel/syscalls.h>

#define X86_EFLAGS_IF	0x200
#define X86_EFLAGS_FIXED 0x2	/* bit 1 always reads 1 */

/* Where the SYSCALL entry (entry_syscall.S) finds this CPU's kernel stack: traps.c. */
DECLARE_PER_CPU(unsigned long, cpu_current_top_of_stack);

/* ret_from_exception (entry.S) with rsp at regs: back to where regs say, ring 3 here. */
void __noreturn asm_ret_to_user(struct pt_regs *regs);

/* What a thread about to run user code must have loaded on its CPU. */
static void load_user_context(struct thread *t)
{
	unsigned long top = (unsigned long)(task_pt_regs(t) + 1);

	load_sp0(top);
	this_cpu_write(cpu_current_top_of_stack, top);
	native_write_msr(MSR_FS_BASE, t->arch.fsbase);
}

void arch_switch_to(struct thread *prev, struct thread *next)
{
	if (prev->mm)
		fpu_save(&prev->arch.fpu);
	if (prev->mm != next->mm)
		switch_mm(next->mm ? next->mm->pgd : NULL);
	if (next->mm)
		fpu_restore(&next->arch.fpu);
	if (next->mm)
		load_user_context(next);
}

void start_thread(struct pt_regs *regs, unsigned long pc, unsigned long sp)
{
	*regs = (struct pt_regs){ .rip = pc, .cs = __USER_CS, .rsp = sp, .ss = __USER_DS,
				  .rflags = X86_EFLAGS_IF | X86_EFLAGS_FIXED };
	/* A new program's x87/SSE registers, live from now on (it returns to user without a switch). */
	fpu_init_state(&current->arch.fpu);
	fpu_restore(&current->arch.fpu);
}

void ret_to_user(void)
{
	arch_local_irq_save();
	switch_mm(current->mm->pgd);
	load_user_context(current);
	asm_ret_to_user(task_pt_regs(current));
}

static int fork_child_start(void *arg)
{
	(void)arg;
	ret_to_user();
}

int copy_thread(struct thread *child, const struct pt_regs *regs, unsigned long newsp,
		unsigned long tls)
{
	struct pt_regs *child_regs = task_pt_regs(child);

	*child_regs = *regs;
	child_regs->rax = 0;		/* fork() returns 0 in the child */
	fpu_save(&child->arch.fpu);	/* the parent's registers, live now */
	if (newsp)
		child_regs->rsp = newsp;
	child->arch.fsbase = tls ? tls : current->arch.fsbase;
	child->fn = fork_child_start;
	child->arg = NULL;
	child->sp = arch_thread_init_stack(child, (unsigned long)child->stack + THREAD_STACK_SIZE);
	return 0;
}

/*
 * A 32-bit ARM thread's user-mode side: the first entry into user mode,
 * fork's copy of a thread, and what a context switch loads.
 *
 * A thread's user registers live at the top of its kernel stack
 * (task_pt_regs(), asm/switch_to.h), where entry.S saves them on every
 * entry from user mode, since SP_svc is that stack's top while user code
 * runs. Nothing needs loading for that at a switch: each thread returns to
 * user mode from its own stack. What a switch loads is the address space
 * (TTBR0, switch_mm()) and the TLS register TPIDRURO, which user code
 * reads (mrc p15, 0, rX, c13, c0, 3) but cannot write (asm/tls.h); ARM's
 * set_tls call (traps.c) sets it for the calling thread.
 * There is no kuser helper page at 0xffff0000 (Linux's __kuser_get_tls
 * for CPUs without TPIDRURO): every ARMv7 core has the register, and
 * AT_HWCAP says so (HWCAP_TLS); get_tls, ARM's private system call, is
 * the other way to read it.
 */
#include <asm/ptrace.h>
#include <asm/switch_to.h>
#include <asm/tls.h>
#include <kernel/errno.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/sched.h>
#include <kernel/string.h>

/* VFP: the registers still hold prev's program's values (the kernel never uses them). */
void arch_switch_to(struct thread *prev, struct thread *next)
{
	if (prev->mm)
		vfp_save(&prev->arch.vfp);
	switch_mm(next->mm ? next->mm->pgd : NULL);
	if (next->mm) {
		set_tls(next->arch.tp_value);
		vfp_load(&next->arch.vfp);
	}
}

/* USR mode, IRQs and FIQs on; Thumb when the entry address is odd (an ELF's Thumb entry). */
void start_thread(struct pt_regs *regs, unsigned long pc, unsigned long sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->psr = MODE_USR | (pc & 1 ? PSR_T_BIT : 0);
	regs->pc = pc & ~1ul;
	regs->sp = sp;
	regs->orig_r0 = -1ul;
	current->arch.tp_value = 0;
	set_tls(0);
	memset(&current->arch.vfp, 0, sizeof(current->arch.vfp));
	vfp_load(&current->arch.vfp);
}

/* A thread just given its address space (current->mm) may not have it loaded yet. */
void __noreturn ret_to_user(void)
{
	switch_mm(current->mm ? current->mm->pgd : NULL);
	ret_to_user_regs(task_pt_regs(current));
}

/* The child's first code, through ret_from_kthread and kthread_start(): straight to user mode. */
static int fork_child_start(void *unused)
{
	(void)unused;
	ret_to_user();
}

int copy_thread(struct thread *child, const struct pt_regs *regs, unsigned long newsp,
		unsigned long tls)
{
	struct pt_regs *childregs = task_pt_regs(child);

	memcpy(childregs, regs, sizeof(*childregs));	/* ARM clang turns "=" into __aeabi_memcpy4 */
	childregs->r[0] = 0;
	if (newsp)
		childregs->sp = newsp;
	child->arch.tp_value = tls ? tls : current->arch.tp_value;
	vfp_save(&child->arch.vfp);		/* the parent's live registers */
	child->fn = fork_child_start;
	child->arg = NULL;
	child->sp = arch_thread_init_stack(child, (unsigned long)child->stack + THREAD_STACK_SIZE);
	return 0;
}

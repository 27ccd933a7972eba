/*
 * What happens when the CPU takes an exception.
 *
 * entry.S saved the interrupted registers and calls do_trap() for every
 * vector but the system call and IRQs. From user mode, an abort or an
 * undefined instruction is the program's fault: it gets the signal Linux
 * would send (force_sig_fault(), kernel/signal.c), delivered to its
 * handler or ending it on the way back to user mode. From the kernel, a data abort at an instruction listed in the exception table is
 * expected (copy_from_kernel_nofault() probing an address): the fixup
 * changes the saved registers and entry.S resumes; an undefined instruction
 * at a WARN() site is reported and skipped (report_bug(), __bug_table).
 * IRQs have their own entry (irq_entry.S). Everything else is a bug, and a
 * bug must be loud: the kind of exception, the fault address and status
 * for aborts, the registers, where it happened (with symbol names) and a
 * backtrace, then panic(), which leaves QEMU with QEMU_EXIT_PANIC.
 *
 * One more expected visitor: the semihosting trap when QEMU runs without
 * -semihosting (asm/semihosting.h).
 *
 * The system call's own trap, svc #0, is entry.S's vector_swi: the generic
 * calls go to do_syscall() (kernel/syscall.c), ARM's private ones to
 * arm_syscall() at the end of this file, with bad_user_psr(), the check
 * of every return to user mode.
 */
#include <asm-generic/boot_stack.h>
#include <asm/domain.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/semihosting.h>
#include <asm/syscall.h>
#include <asm/sysreg.h>
#include <asm/tls.h>
#include <asm/vfp.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <kernel/bug.h>
#include <kernel/extable.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/sections.h>
#include <kernel/signal.h>
#include <kernel/stacktrace.h>
#include <kernel/traps.h>
#include <kernel/maccess.h>
#include <generated/unistd.h>

#define FSR_WNR		(1 << 11)	/* data abort on a write */
#define FS_ALIGNMENT		0x01
#define FS_DOMAIN_SECTION	0x09
#define FS_DOMAIN_PAGE		0x0b
#define FS_PERMISSION_PAGE	0x0f

extern const char vectors[];

static const char *const vector_names[] = {
	"branch to the reset vector", "undefined instruction", "supervisor call",
	"prefetch abort", "data abort", "hypervisor trap", "IRQ", "FIQ",
};

/* The fault status, FS = FSR[10] : FSR[3:0], in the short-descriptor format's encoding. */
static unsigned int fault_status(unsigned long fsr)
{
	return (fsr >> 6 & 0x10) | (fsr & 0xf);
}

static const char *fault_status_name(unsigned long fsr)
{
	switch (fault_status(fsr)) {
	case 0x01: return "alignment fault";
	case 0x02: return "debug event";
	case 0x03: return "access flag fault, section";
	case 0x04: return "instruction cache maintenance fault";
	case 0x05: return "translation fault, section";
	case 0x06: return "access flag fault, page";
	case 0x07: return "translation fault, page";
	case 0x08: return "synchronous external abort";
	case 0x09: return "domain fault, section";
	case 0x0b: return "domain fault, page";
	case 0x0c: return "external abort on a first-level table walk";
	case 0x0d: return "permission fault, section";
	case 0x0e: return "external abort on a second-level table walk";
	case 0x0f: return "permission fault, page";
	case 0x10: return "TLB conflict abort";
	case 0x16: return "asynchronous external abort";
	default: return "unknown fault";
	}
}

/* The last data abort's and prefetch abort's fault status and address registers. */
#define read_dfsr()	read_cp15(0, c5, c0, 0)
#define read_dfar()	read_cp15(0, c6, c0, 0)
#define read_ifsr()	read_cp15(0, c5, c0, 1)
#define read_ifar()	read_cp15(0, c6, c0, 2)

static void show_regs(const struct pt_regs *regs)
{
	const unsigned long *r = regs->r;

	printk(KERN_EMERG "PC is at %pS\n", (void *)regs->pc);
	printk(KERN_EMERG "LR is at %pS\n", (void *)regs->lr);
	unsigned long code;

	if (get_kernel_nofault(code, (const unsigned long *)regs->pc) == 0)
		printk(KERN_EMERG "Code: %08lx\n", code);
	printk(KERN_EMERG "pc : [<%08lx>]    lr : [<%08lx>]    psr: %08lx\n",
	       regs->pc, regs->lr, regs->psr);
	printk(KERN_EMERG "sp : %08lx  ip : %08lx  fp : %08lx\n", regs->sp, r[12], r[11]);
	printk(KERN_EMERG "r10: %08lx  r9 : %08lx  r8 : %08lx\n", r[10], r[9], r[8]);
	printk(KERN_EMERG "r7 : %08lx  r6 : %08lx  r5 : %08lx  r4 : %08lx\n", r[7], r[6], r[5], r[4]);
	printk(KERN_EMERG "r3 : %08lx  r2 : %08lx  r1 : %08lx  r0 : %08lx\n", r[3], r[2], r[1], r[0]);
}

/*
 * head.S already pointed VBAR at the vectors and gave each exception mode a
 * stack, so that even a fault before this step is reported. What is left
 * is to check that the CPU took the address: VBAR exists only with the
 * Security Extensions, which every core we boot has.
 */
void __init trap_init(void)
{
	unsigned long vbar;

	__asm__ __volatile__("mrc p15, 0, %0, c12, c0, 0" : "=r"(vbar));
	if (vbar != (unsigned long)vectors)
		panic("traps: VBAR is %#lx, not the vectors at %#lx", vbar, (unsigned long)vectors);
	pr_info("traps: exception vectors at %#lx (VBAR), a stack for each exception mode\n", vbar);
	/* VFP instructions are undefined until switched on: user programs need them. */
	vfp_init();
}

/*
 * A program's fault: SIGBUS for a misaligned access (ldm, ldrd... even
 * with SCTLR.A clear), SIGSEGV for any other abort, SIGILL for an
 * undefined instruction; the fault status register is the "error". From
 * Thumb code the undefined-instruction exception's lr is 2 bytes past the
 * instruction, not the 4 entry.S took off.
 */
static void do_user_trap(struct pt_regs *regs, unsigned long vector)
{
	unsigned long addr = regs->pc, fsr = 0;
	int sig = SIGSEGV, code;

	switch (vector) {
	case VECTOR_DABT:
		fsr = read_dfsr();
		addr = read_dfar();
		break;
	case VECTOR_PABT:
		fsr = read_ifsr();
		addr = read_ifar();
		break;
	default:
		if (regs->psr & PSR_T_BIT)
			regs->pc += 2;
		addr = regs->pc;
		sig = SIGILL;
	}
	/* Permission faults (status 0b01101, 0b01111) are ACCERR, the rest MAPERR. */
	code = (fault_status(fsr) & 0x1d) == 0x0d ? SEGV_ACCERR : SEGV_MAPERR;
	if (sig == SIGILL)
		code = ILL_ILLOPC;
	if (vector == VECTOR_DABT && fault_status(fsr) == FS_ALIGNMENT) {
		sig = SIGBUS;
		code = BUS_ADRALN;
	}
	force_sig_fault(sig, code, addr, regs, fsr);
}

/*
 * Called by entry.S for every vector: IRQs and FIQs masked, on the
 * exception mode's stack. Returns only when the interrupted code may go on
 * (at regs->pc, with the registers in regs).
 */
void do_trap(struct pt_regs *regs, unsigned long vector)
{
	static bool in_oops;
	const char *name = vector < ARRAY_SIZE(vector_names) ? vector_names[vector] : "?";

	/*
	 * A write to a read-only user page (AP 111: read-only to the kernel
	 * too), by the program or by the kernel's user access: if fork()
	 * shares the page copy-on-write, the writer now has it writable
	 * (kernel/mm/memory.c) and retries.
	 */
	if (vector == VECTOR_DABT && fault_status(read_dfsr()) == FS_PERMISSION_PAGE &&
	    (read_dfsr() & FSR_WNR) && !do_wp_page(current->mm, read_dfar()))
		return;
	if (user_mode(regs)) {
		do_user_trap(regs, vector);
		return;
	}
	if (vector == VECTOR_SVC && regs->pc == (unsigned long)semihosting_trap)
		semihosting_unavailable();
	/*
	 * A load or store (data abort), or an instruction the CPU may lack
	 * (undefined instruction), listed in __ex_table: resume at its fixup.
	 */
	if ((vector == VECTOR_DABT || vector == VECTOR_UNDEF) && fixup_exception(regs))
		return;
	/* udf at a WARN() site: reported, go on after it. */
	if (vector == VECTOR_UNDEF && report_bug(regs->pc, regs) == BUG_TRAP_TYPE_WARN) {
		regs->pc += BUG_INSN_SIZE;
		return;
	}
	/* A fault while reporting a fault: the report itself is broken, just stop. */
	if (in_oops) {
		printk(KERN_EMERG "Oops inside the oops report (%s), stopping\n", name);
		machine_exit(QEMU_EXIT_PANIC);
	}
	in_oops = true;

	if (vector == VECTOR_DABT) {
		unsigned long dfsr = read_dfsr();

		printk(KERN_EMERG "Unable to handle kernel paging request at virtual address %08lx\n",
		       read_dfar());
		printk(KERN_EMERG "DFSR %08lx: %s on %s\n", dfsr, fault_status_name(dfsr),
		       dfsr & FSR_WNR ? "write" : "read");
		debug_pagealloc_report_fault(read_dfar());
		if (in_section(read_dfar(), boot_stack_guard, boot_stack_guard + PAGE_SIZE) ||
		    in_stack_guard_page(read_dfar()))
			printk(KERN_EMERG "BUG: stack guard page was hit at %08lx\n", read_dfar());
		if (fault_status(dfsr) == FS_DOMAIN_SECTION || fault_status(dfsr) == FS_DOMAIN_PAGE)
			printk(KERN_EMERG "BUG: kernel access to user memory at %08lx outside a "
			       "user_access_begin() window (DACR closes domain %d to the kernel)\n",
			       read_dfar(), DOMAIN_USER);
	} else if (vector == VECTOR_PABT) {
		unsigned long ifsr = read_ifsr();

		printk(KERN_EMERG "Unable to fetch an instruction at virtual address %08lx\n",
		       read_ifar());
		printk(KERN_EMERG "IFSR %08lx: %s\n", ifsr, fault_status_name(ifsr));
		if (read_ifar() < TASK_SIZE)
			printk(KERN_EMERG "BUG: kernel tried to execute user memory at %08lx\n",
			       read_ifar());
	}
	printk(KERN_EMERG "Oops: %s [#1]\n", name);
	show_regs(regs);
	show_trap_backtrace(regs->pc, regs->r[11]);
	panic("Fatal exception: %s", name);
}

/*
 * ARM's private calls, __ARM_NR_BASE up (entry.S sends them here): the
 * TLS pair; any other goes to the generic dispatcher, which answers
 * -ENOSYS and logs the number once.
 */
void arm_syscall(struct pt_regs *regs)
{
	switch (syscall_get_nr(regs)) {
	case __ARM_NR_set_tls:
		current->arch.tp_value = regs->r[0];
		set_tls(regs->r[0]);
		syscall_set_return_value(regs, 0);
		return;
	case __ARM_NR_get_tls:
		syscall_set_return_value(regs, current->arch.tp_value);
		return;
	default:
		do_syscall(regs);
	}
}

/* entry.S found a frame that would not return to USR mode with IRQs on. */
void __noreturn bad_user_psr(struct pt_regs *regs)
{
	panic("ret_to_user: psr %08lx is not user mode with interrupts on (pc %08lx)",
	      regs->psr, regs->pc);
}

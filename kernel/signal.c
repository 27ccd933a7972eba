/*
 * What a fault in user mode does to the program: the kernel says so in
 * Linux's words and ends the program as killed by the signal. With no
 * signal handlers yet, every such signal is fatal, as SIGKILL is.
 */
#include <asm/processor.h>
#include <kernel/exit.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/signal.h>

#include <asm/ptrace.h>

static const char *fault_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "segfault";
	case SIGBUS: return "bus error";
	case SIGILL: return "illegal instruction";
	case SIGFPE: return "floating point exception";
	case SIGTRAP: return "trap";
	default: return "fatal signal";
	}
}

void force_sig_fault(int sig, unsigned long addr, struct pt_regs *regs, unsigned long error)
{
	int width = 2 * sizeof(long);

	pr_info("%s[%d]: %s at %lx ip %0*lx sp %0*lx error %lx\n", current->name, current->id,
		fault_name(sig), addr, width, instruction_pointer(regs), width,
		user_stack_pointer(regs), error);
	do_exit(sig);
}

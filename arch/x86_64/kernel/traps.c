/*
 * x86_64 trap handling: the IDT, a TSS per CPU whose interrupt stacks (IST)
 * catch double faults and NMIs on a known-good stack, and do_trap(), which first
 * asks the exception table for a fixup and turns an exception nobody
 * handles into an oops: what happened, the registers,
 * the faulting bytes and a symbolized backtrace, then panic().
 */
#include <asm-generic/boot_stack.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/fpu.h>
#include <asm/msr-index.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/special_insns.h>
#include <kernel/bootinfo.h>
#include <kernel/alternative.h>
#include <kernel/bug.h>
#include <kernel/cpufeature.h>
#include <kernel/extable.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/sections.h>
#include <kernel/signal.h>
#include <kernel/smp.h>
#include <kernel/sprintf.h>
#include <kernel/stacktrace.h>
#include <kernel/traps.h>

#define NR_EXCEPTIONS	32
#define NR_VECTORS	256	/* exceptions, then interrupts (the SMP wake-up, asm/desc.h) */
#define TSS_SELECTOR(cpu) ((GDT_ENTRY_TSS + 2 * (cpu)) * 8)	/* two GDT slots each */
#define GATE_INTERRUPT	0x8e	/* present, ring 0, 64-bit interrupt gate */
#define IST_DOUBLE_FAULT 1
#define IST_NMI		2
#define X86_TRAP_DE	0
#define X86_TRAP_DB	1
#define X86_TRAP_NMI	2
#define X86_TRAP_BP	3
#define X86_TRAP_UD	6
#define X86_TRAP_DF	8
#define X86_TRAP_NP	11
#define X86_TRAP_SS	12
#define X86_TRAP_GP	13
#define X86_TRAP_PF	14
#define X86_TRAP_MF	16
#define X86_TRAP_AC	17
#define X86_TRAP_MC	18
#define X86_TRAP_XF	19
#define PF_PROT		0x1	/* #PF error code: a protection fault, not a missing page */
#define PF_WRITE	0x2	/* ...on a write */
#define PF_INSTR	0x10	/* ...on an instruction fetch */
#define X86_EFLAGS_AC	(1ul << 18)
#define X86_CR4_SMEP	(1ul << 20)
#define X86_CR4_SMAP	(1ul << 21)
/*
 * The flags SYSCALL clears (MSR_SYSCALL_MASK), Linux's set: the arithmetic
 * ones, TF, IF (the entry runs with interrupts off until it is on the
 * kernel stack), DF, IOPL, NT, RF, AC (no SMAP window left open by user
 * code) and ID.
 */
#define SYSCALL_MASK	0x257fd5

struct idt_gate {
	u16 offset_low;
	u16 selector;
	u8 ist;
	u8 type;
	u16 offset_mid;
	u32 offset_high;
	u32 reserved;
} __packed;

struct tss {
	u32 reserved0;
	u64 rsp[3];
	u64 reserved1;
	u64 ist[7];
	u64 reserved2;
	u16 reserved3;
	u16 iomap_base;
} __packed;

struct desc_ptr {
	u16 limit;
	u64 base;
} __packed;

extern const char exception_stubs[], entry_SYSCALL_64[];

/*
 * What the SYSCALL entry (entry_syscall.S) needs per CPU: the kernel stack
 * to switch to (the running thread's top, which arch_switch_to() sets for a
 * thread that runs user code), and a slot for the user's rsp until then.
 */
DEFINE_PER_CPU(unsigned long, cpu_current_top_of_stack);
DEFINE_PER_CPU(unsigned long, cpu_user_rsp);

static struct idt_gate idt[NR_VECTORS] __aligned(16);
/*
 * One TSS per CPU: the IST pointers are per CPU (two CPUs taking a double
 * fault must not share a stack), and ltr marks a TSS descriptor busy, so
 * each CPU needs its own descriptor as well. All CPUs share the GDT.
 */
static struct tss tss[NR_CPUS] __aligned(16);
/* The boot CPU's IST stacks; secondary CPUs bring their own (trap_init_cpu()). */
static u8 ist_stacks[2][IST_STACK_SIZE] __aligned(16);
/* The segments in the order SYSCALL and SYSRET need (asm/segment.h), then a TSS per CPU. */
static u64 gdt[GDT_ENTRY_TSS + 2 * NR_CPUS] __aligned(16) = {
	[__KERNEL_CS / 8] = 0x00af9a000000ffff,	/* 64-bit code, ring 0 */
	[__KERNEL_DS / 8] = 0x00cf92000000ffff,	/* data, ring 0 */
	[__USER32_CS / 8] = 0x00cffa000000ffff,	/* 32-bit code, ring 3 (never loaded) */
	[__USER_DS / 8] = 0x00cff2000000ffff,	/* data, ring 3 */
	[__USER_CS / 8] = 0x00affa000000ffff,	/* 64-bit code, ring 3 */
};

static const char *const exception_names[NR_EXCEPTIONS] = {
	"divide error", "debug", "NMI", "int3", "overflow", "bounds", "invalid opcode",
	"device not available", "double fault", "coprocessor segment overrun", "invalid TSS",
	"segment not present", "stack segment", "general protection fault", "page fault",
	"reserved", "x87 floating point", "alignment check", "machine check",
	"SIMD floating point", "virtualization", "control protection",
};

static void __init set_gate(unsigned int vector, unsigned long addr, int ist)
{
	idt[vector] = (struct idt_gate){
		.offset_low = addr & 0xffff,
		.selector = __KERNEL_CS,
		.ist = ist,
		.type = GATE_INTERRUPT,
		.offset_mid = (addr >> 16) & 0xffff,
		.offset_high = addr >> 32,
	};
}

void load_sp0(unsigned long sp0)
{
	tss[smp_processor_id()].rsp[0] = sp0;
}

void __init set_intr_gate(unsigned int vector, const void *handler)
{
	set_gate(vector, (unsigned long)handler, 0);
}

/* This CPU's TSS with its IST stacks, then the shared GDT, its TSS and the IDT loaded. */
void __init trap_init_cpu(unsigned int cpu, unsigned long df_stack_top, unsigned long nmi_stack_top)
{
	struct tss *t = &tss[cpu];
	unsigned long base = (unsigned long)t, limit = sizeof(*t) - 1;
	struct desc_ptr gdtr = { sizeof(gdt) - 1, (unsigned long)gdt };
	struct desc_ptr idtr = { sizeof(idt) - 1, (unsigned long)idt };
	unsigned int slot = TSS_SELECTOR(cpu) / 8;

	t->ist[IST_DOUBLE_FAULT - 1] = df_stack_top;
	t->ist[IST_NMI - 1] = nmi_stack_top;
	t->iomap_base = sizeof(*t);	/* no I/O permission bitmap */
	/* An available 64-bit TSS descriptor: base and limit scattered as the format wants. */
	gdt[slot] = (limit & 0xffff) | ((base & 0xffffff) << 16) | (0x89ul << 40) |
		    ((limit >> 16 & 0xf) << 48) | ((base >> 24 & 0xff) << 56);
	gdt[slot + 1] = base >> 32;

	/* Load the GDT, reload CS with a far return and the data segments, then TR and the IDT. */
	__asm__ __volatile__("lgdt %0\n\t"
			     "pushq %1\n\t"
			     "leaq 1f(%%rip), %%rax\n\t"
			     "pushq %%rax\n\t"
			     "lretq\n"
			     "1:\tmovl %2, %%eax\n\t"
			     "movl %%eax, %%ds\n\t"
			     "movl %%eax, %%es\n\t"
			     "movl %%eax, %%ss\n\t"
			     "ltr %w3\n\t"
			     "lidt %4"
			     : : "m"(gdtr), "i"(__KERNEL_CS), "i"(__KERNEL_DS), "r"(TSS_SELECTOR(cpu)),
			       "m"(idtr)
			     : "rax", "memory");

	/* SYSCALL: on, entering at entry_SYSCALL_64 with the kernel's CS, SYSRET to __USER_CS. */
	native_write_msr(MSR_EFER, native_read_msr(MSR_EFER) | EFER_SCE);
	native_write_msr(MSR_STAR, (u64)__USER32_CS << 48 | (u64)__KERNEL_CS << 32);
	native_write_msr(MSR_LSTAR, (unsigned long)entry_SYSCALL_64);
	native_write_msr(MSR_SYSCALL_MASK, SYSCALL_MASK);
	native_write_msr(MSR_KERNEL_GS_BASE, 0);	/* user code's GS base, after swapgs */
}

/*
 * SMEP: the kernel never runs code from a user page; SMAP: it never touches
 * one outside a stac/clac window (asm/smap.h). The alternatives made those
 * real instructions already, unless the command line said noalternatives:
 * then they are NOPs, no window ever opens, and SMAP must stay off.
 * Secondary CPUs copy this CR4 (smp.c).
 */
static void __init setup_smep_smap(void)
{
	unsigned long cr4 = read_cr4();
	const char *smap = "off (not on this CPU)";

	if (cpu_has(X86_FEATURE_SMEP))
		cr4 |= X86_CR4_SMEP;
	if (cpu_has(X86_FEATURE_SMAP) && !alternatives_patched)
		smap = "off (noalternatives: stac and clac are NOPs)";
	else if (cpu_has(X86_FEATURE_SMAP))
		cr4 |= X86_CR4_SMAP;
	write_cr4(cr4);
	pr_info("traps: SMEP %s, SMAP %s\n", cr4 & X86_CR4_SMEP ? "on" : "off (not on this CPU)",
		cr4 & X86_CR4_SMAP ? "on" : smap);
}

void __init trap_init(void)
{
	fpu_init();
	for (unsigned int v = 0; v < NR_EXCEPTIONS; v++)
		set_gate(v, (unsigned long)exception_stubs + 16 * v,
			 v == X86_TRAP_DF ? IST_DOUBLE_FAULT : v == X86_TRAP_NMI ? IST_NMI : 0);
	trap_init_cpu(0, (unsigned long)ist_stacks[0] + IST_STACK_SIZE,
		      (unsigned long)ist_stacks[1] + IST_STACK_SIZE);
	pr_info("traps: IDT with %d exception vectors, IST stacks for #DF and NMI\n", NR_EXCEPTIONS);
	setup_smep_smap();
}

static void show_fault(const struct pt_regs *regs, unsigned long cr2)
{
	unsigned long err = regs->error_code;

	printk(KERN_EMERG "BUG: unable to handle page fault for address: %016lx\n", cr2);
	printk(KERN_EMERG "#PF: supervisor %s access in kernel mode\n",
	       err & 0x10 ? "instruction fetch" : err & 0x2 ? "write" : "read");
	printk(KERN_EMERG "#PF: error_code(0x%04lx) - %s\n", err,
	       err & 0x1 ? "permissions violation" : "not-present page");
	if (!(err & PF_PROT))
		debug_pagealloc_report_fault(cr2);
	/* Why a present user page refused the kernel: SMEP or SMAP. */
	if (cr2 >= TASK_SIZE || !(err & PF_PROT))
		return;
	if (err & PF_INSTR)
		printk(KERN_EMERG "BUG: unable to execute userspace code (SMEP?)\n");
	else if ((read_cr4() & X86_CR4_SMAP) && !(regs->rflags & X86_EFLAGS_AC))
		printk(KERN_EMERG "BUG: SMAP violation: supervisor access of user address "
		       "%016lx outside a uaccess window\n", cr2);
}

/*
 * An exception in user mode: the program gets the signal it means, as in
 * Linux, delivered (to its handler, or ending it) on the way back.
 */
static void user_fault(struct pt_regs *regs)
{
	unsigned long addr = regs->rip;
	int sig, code = SI_KERNEL;

	switch (regs->vector) {
	case X86_TRAP_PF:
		addr = read_cr2();
		sig = SIGSEGV;
		code = regs->error_code & PF_PROT ? SEGV_ACCERR : SEGV_MAPERR;
		break;
	case X86_TRAP_DE:
		sig = SIGFPE;
		code = FPE_INTDIV;
		break;
	case X86_TRAP_MF:
	case X86_TRAP_XF:
		sig = SIGFPE;
		code = FPE_FLTINV;
		break;
	case X86_TRAP_UD:
		sig = SIGILL;
		code = ILL_ILLOPC;
		break;
	case X86_TRAP_DB:
	case X86_TRAP_BP:
		sig = SIGTRAP;
		break;
	case X86_TRAP_NP:
	case X86_TRAP_SS:
	case X86_TRAP_AC:
		sig = SIGBUS;
		code = BUS_ADRERR;
		break;
	default:	/* #GP and the rest */
		addr = 0;
		sig = SIGSEGV;
		break;
	}
	force_sig_fault(sig, code, addr, regs, regs->error_code);
}

static void show_regs(const struct pt_regs *regs)
{
	printk(KERN_EMERG "RIP: %04lx:%pS\n", regs->cs, (void *)regs->rip);
	if (is_kernel_text(regs->rip)) {
		const u8 *code = (const u8 *)regs->rip;
		char line[3 * 16 + 1];
		int n = 0;

		for (int i = 0; i < 16 && is_kernel_text(regs->rip + i); i++)
			n += snprintf(line + n, sizeof(line) - n, "%02x ", code[i]);
		printk(KERN_EMERG "Code: %s\n", line);
	}
	printk(KERN_EMERG "RSP: %04lx:%016lx EFLAGS: %08lx\n", regs->ss, regs->rsp, regs->rflags);
	printk(KERN_EMERG "RAX: %016lx RBX: %016lx RCX: %016lx\n", regs->rax, regs->rbx, regs->rcx);
	printk(KERN_EMERG "RDX: %016lx RSI: %016lx RDI: %016lx\n", regs->rdx, regs->rsi, regs->rdi);
	printk(KERN_EMERG "RBP: %016lx R08: %016lx R09: %016lx\n", regs->rbp, regs->r8, regs->r9);
	printk(KERN_EMERG "R10: %016lx R11: %016lx R12: %016lx\n", regs->r10, regs->r11, regs->r12);
	printk(KERN_EMERG "R13: %016lx R14: %016lx R15: %016lx\n", regs->r13, regs->r14, regs->r15);
}

/* Called from entry.S for every exception, with interrupts off. */
void do_trap(struct pt_regs *regs)
{
	static bool in_oops;
	unsigned long vector = regs->vector;
	const char *name = vector < NR_EXCEPTIONS && exception_names[vector] ?
			   exception_names[vector] : "reserved";

	/*
	 * A write to a read-only user page, by the program or by the kernel's
	 * user access (CR0.WP): if fork() shares the page copy-on-write, the
	 * writer now has it writable (kernel/mm/memory.c) and retries.
	 */
	if (vector == X86_TRAP_PF && (regs->error_code & (PF_PROT | PF_WRITE)) ==
	    (PF_PROT | PF_WRITE) && !do_wp_page(current->mm, read_cr2()))
		return;
	/* A program's fault is the program's signal; NMI, #DF and #MC are the machine's. */
	if (user_mode(regs) && vector != X86_TRAP_NMI && vector != X86_TRAP_DF &&
	    vector != X86_TRAP_MC) {
		user_fault(regs);
		return;
	}
	/* An instruction listed in __ex_table: resume at its fixup. */
	if (fixup_exception(regs))
		return;
	/* ud2 at a WARN() site: reported, go on after it. */
	if (vector == X86_TRAP_UD && report_bug(regs->rip, regs) == BUG_TRAP_TYPE_WARN) {
		regs->rip += BUG_INSN_SIZE;
		return;
	}
	/* A fault while reporting a fault: the report itself is broken, just stop. */
	if (in_oops) {
		printk(KERN_EMERG "Oops inside the oops report (%s), stopping\n", name);
		machine_exit(QEMU_EXIT_PANIC);
	}
	in_oops = true;

	if (vector == X86_TRAP_PF)
		show_fault(regs, read_cr2());
	/* A double fault with CR2 in the guard page: the stack overflowed. */
	if (vector == X86_TRAP_DF && in_section(read_cr2(), boot_stack_guard, boot_stack_bottom))
		printk(KERN_EMERG "BUG: stack guard page was hit at %016lx (stack is %p..%p)\n",
		       read_cr2(), boot_stack_bottom, boot_stack_top);
	/* The same below a secondary CPU's stack (arch/x86_64/kernel/smp.c). */
	if (vector == X86_TRAP_DF && in_stack_guard_page(read_cr2()))
		printk(KERN_EMERG "BUG: stack guard page was hit at %016lx (CPU%d's stack)\n",
		       read_cr2(), smp_processor_id());
	printk(KERN_EMERG "Oops: %s: %04lx [#1]\n", name, regs->error_code);
	show_regs(regs);
	show_trap_backtrace(regs->rip, regs->rbp);
	panic("Fatal exception: %s", name);
}

/*
 * x86_64 trap handling: the IDT, a TSS per CPU whose interrupt stacks (IST)
 * catch double faults and NMIs on a known-good stack, and do_trap(), which first
 * asks the exception table for a fixup and turns an exception nobody
 * handles into an oops: what happened, the registers,
 * the faulting bytes and a symbolized backtrace, then panic().
 */
#include <asm/desc.h>
#include <asm/pgtable.h>
#include <asm/ptrace.h>
#include <asm/special_insns.h>
#include <kernel/bootinfo.h>
#include <kernel/bug.h>
#include <kernel/extable.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/smp.h>
#include <kernel/sprintf.h>
#include <kernel/stacktrace.h>
#include <kernel/traps.h>

#define NR_EXCEPTIONS	32
#define NR_VECTORS	256	/* exceptions, then interrupts (the SMP wake-up, asm/desc.h) */
#define KERNEL_CS	0x08
#define KERNEL_DS	0x10
#define TSS_SELECTOR(cpu) (0x18 + 16 * (cpu))	/* each TSS descriptor takes two GDT slots */
#define GATE_INTERRUPT	0x8e	/* present, ring 0, 64-bit interrupt gate */
#define IST_DOUBLE_FAULT 1
#define IST_NMI		2
#define X86_TRAP_NMI	2
#define X86_TRAP_UD	6
#define X86_TRAP_DF	8
#define X86_TRAP_PF	14

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

extern const char exception_stubs[];
extern char boot_stack_guard[], boot_stack_bottom[], boot_stack_top[];

static struct idt_gate idt[NR_VECTORS] __aligned(16);
/*
 * One TSS per CPU: the IST pointers are per CPU (two CPUs taking a double
 * fault must not share a stack), and ltr marks a TSS descriptor busy, so
 * each CPU needs its own descriptor as well. All CPUs share the GDT.
 */
static struct tss tss[NR_CPUS] __aligned(16);
/* The boot CPU's IST stacks; secondary CPUs bring their own (trap_init_cpu()). */
static u8 ist_stacks[2][IST_STACK_SIZE] __aligned(16);
/* null, kernel code, kernel data, then a TSS (a 16-byte system descriptor) per CPU */
static u64 gdt[3 + 2 * NR_CPUS] __aligned(16) = { 0, 0x00af9a000000ffff, 0x00cf92000000ffff };

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
		.selector = KERNEL_CS,
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
			     : : "m"(gdtr), "i"(KERNEL_CS), "i"(KERNEL_DS), "r"(TSS_SELECTOR(cpu)),
			       "m"(idtr)
			     : "rax", "memory");
}

void __init trap_init(void)
{
	for (unsigned int v = 0; v < NR_EXCEPTIONS; v++)
		set_gate(v, (unsigned long)exception_stubs + 16 * v,
			 v == X86_TRAP_DF ? IST_DOUBLE_FAULT : v == X86_TRAP_NMI ? IST_NMI : 0);
	trap_init_cpu(0, (unsigned long)ist_stacks[0] + IST_STACK_SIZE,
		      (unsigned long)ist_stacks[1] + IST_STACK_SIZE);
	pr_info("traps: IDT with %d exception vectors, IST stacks for #DF and NMI\n", NR_EXCEPTIONS);
}

static void show_fault(const struct pt_regs *regs, unsigned long cr2)
{
	unsigned long err = regs->error_code;

	printk(KERN_EMERG "BUG: unable to handle page fault for address: %016lx\n", cr2);
	printk(KERN_EMERG "#PF: supervisor %s access in kernel mode\n",
	       err & 0x10 ? "instruction fetch" : err & 0x2 ? "write" : "read");
	printk(KERN_EMERG "#PF: error_code(0x%04lx) - %s\n", err,
	       err & 0x1 ? "permissions violation" : "not-present page");
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

/*
 * The arch's own part of user_signal (tests/user/ktest/user_signal.c):
 * a loop that holds a known value in every register it can while it waits
 * for a handler to set signal_flag, then says which registers changed;
 * and the instructions that fault (SIGSEGV at FAULT_ADDR, SIGILL, and
 * SIGBUS on ARM and SIGFPE on x86_64: ARM's integer division does not
 * trap, and x86_64's SIGBUS faults do not happen under QEMU).
 */
#ifndef _USER_SIGNAL_ARCH_H
#define _USER_SIGNAL_ARCH_H

#include <signal.h>

#define FAULT_ADDR	8UL	/* in page 0, never mapped */
#define SPINS		200000000
#define STR_(x)		#x
#define STR(x)		STR_(x)

volatile int signal_flag;
long signal_regs_out[16];

static void fault_segv(void)
{
	volatile int *p;

	__asm__("" : "=r"(p) : "0"(FAULT_ADDR));	/* no compiler knows it is bad */
	*p = 1;
}

#ifdef __x86_64__
#define HAS_SIGFPE_FAULT	1
#define NEEDS_RESTORER		1	/* x86_64 kernels refuse a handler without one */

static const unsigned long expected_regs[] = {
	0x1111111111111111, 0x2222222222222222, 0x3333333333333333, 0x4444444444444444,
	0x5555555555555555, 0x6666666666666666, 0x7777777777777777, 0x8888888888888888,
	0x9999999999999999, 0xaaaaaaaaaaaaaaaa, 0xbbbbbbbbbbbbbbbb, 0xcccccccccccccccc,
	0xdddddddddddddddd, 0x1111111111111111, 0xdddddddddddddddd,
};

/* rbx rcx rdx rsi rdi r8-r15, then xmm0 and xmm15; rax counts the spins. */
static long spin_until_flag(void)
{
	long bad = 0;

	__asm__ __volatile__(
		"movabs $0x1111111111111111, %%rbx\n\t"
		"movabs $0x2222222222222222, %%rcx\n\t"
		"movabs $0x3333333333333333, %%rdx\n\t"
		"movabs $0x4444444444444444, %%rsi\n\t"
		"movabs $0x5555555555555555, %%rdi\n\t"
		"movabs $0x6666666666666666, %%r8\n\t"
		"movabs $0x7777777777777777, %%r9\n\t"
		"movabs $0x8888888888888888, %%r10\n\t"
		"movabs $0x9999999999999999, %%r11\n\t"
		"movabs $0xaaaaaaaaaaaaaaaa, %%r12\n\t"
		"movabs $0xbbbbbbbbbbbbbbbb, %%r13\n\t"
		"movabs $0xcccccccccccccccc, %%r14\n\t"
		"movabs $0xdddddddddddddddd, %%r15\n\t"
		"movq %%rbx, %%xmm0\n\t"
		"movq %%r15, %%xmm15\n\t"
		"movl $" STR(SPINS) ", %%eax\n"
		"1:\tpause\n\t"
		"cmpl $0, signal_flag(%%rip)\n\t"
		"jne 2f\n\t"
		"decq %%rax\n\t"
		"jnz 1b\n"
		"2:\tmovq %%rbx, signal_regs_out+0(%%rip)\n\t"
		"movq %%rcx, signal_regs_out+8(%%rip)\n\t"
		"movq %%rdx, signal_regs_out+16(%%rip)\n\t"
		"movq %%rsi, signal_regs_out+24(%%rip)\n\t"
		"movq %%rdi, signal_regs_out+32(%%rip)\n\t"
		"movq %%r8, signal_regs_out+40(%%rip)\n\t"
		"movq %%r9, signal_regs_out+48(%%rip)\n\t"
		"movq %%r10, signal_regs_out+56(%%rip)\n\t"
		"movq %%r11, signal_regs_out+64(%%rip)\n\t"
		"movq %%r12, signal_regs_out+72(%%rip)\n\t"
		"movq %%r13, signal_regs_out+80(%%rip)\n\t"
		"movq %%r14, signal_regs_out+88(%%rip)\n\t"
		"movq %%r15, signal_regs_out+96(%%rip)\n\t"
		"movq %%xmm0, signal_regs_out+104(%%rip)\n\t"
		"movq %%xmm15, signal_regs_out+112(%%rip)"
		: : : "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12",
		      "r13", "r14", "r15", "xmm0", "xmm15", "cc", "memory");
	for (unsigned int i = 0; i < sizeof(expected_regs) / sizeof(expected_regs[0]); i++)
		if ((unsigned long)signal_regs_out[i] != expected_regs[i])
			bad |= 1L << i;
	return bad;
}

/* A handler's worst: every register it may change, changed. */
static void clobber_registers(void)
{
	__asm__ __volatile__("movq $-1, %%rax\n\t"
			     "movq %%rax, %%rcx\n\tmovq %%rax, %%rdx\n\t"
			     "movq %%rax, %%rsi\n\tmovq %%rax, %%rdi\n\t"
			     "movq %%rax, %%r8\n\tmovq %%rax, %%r9\n\t"
			     "movq %%rax, %%r10\n\tmovq %%rax, %%r11\n\t"
			     "movq %%rax, %%xmm0\n\tmovq %%rax, %%xmm15"
			     : : : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11",
			       "xmm0", "xmm15");
}

static void fault_ill(void)
{
	__asm__ __volatile__("ud2");
}

/*
 * No fault gives SIGBUS under QEMU: #SS (a stack access at a non-canonical
 * address) comes as #GP there, and #AC is not emulated. The signal comes
 * from tgkill() instead (raise()), which the handler sees as such.
 */
#define BUS_CODE	SI_TKILL

static void fault_bus(void)
{
	raise(SIGBUS);
}

static void fault_fpe(void)
{
	__asm__ __volatile__("movl $1, %%eax\n\t"
			     "xorl %%edx, %%edx\n\t"
			     "xorl %%ecx, %%ecx\n\t"
			     "idivl %%ecx" : : : "rax", "rcx", "rdx", "cc");
}
#else
#define HAS_SIGFPE_FAULT	0
#define NEEDS_RESTORER		0	/* the kernel's sigpage returns */

static const unsigned long expected_regs[] = {
	0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555, 0x66666666,
	0x88888888, 0x99999999, 0xaaaaaaaa, 0xcccccccc,
	0x11111111, 0x22222222, 0x33333333, 0x44444444,
};

#define SET(r, v) "movw " r ", #0x" v v "\n\tmovt " r ", #0x" v v "\n\t"

/* r1-r6, r8-r10, r12, then d0 and d8 (r7 and r11 may be frame pointers); r0 counts. */
static long spin_until_flag(void)
{
	long bad = 0;

	__asm__ __volatile__(
		SET("r1", "11") SET("r2", "22") SET("r3", "33") SET("r4", "44")
		SET("r5", "55") SET("r6", "66") SET("r8", "88") SET("r9", "99")
		SET("r10", "aa") SET("r12", "cc")
		"vmov d0, r1, r2\n\t"
		"vmov d8, r3, r4\n\t"
		"movw r0, #0xc200\n\t"	/* SPINS: 0x0bebc200 */
		"movt r0, #0x0beb\n"
		"1:\tmovw lr, #:lower16:signal_flag\n\t"
		"movt lr, #:upper16:signal_flag\n\t"
		"ldr lr, [lr]\n\t"
		"cmp lr, #0\n\t"
		"bne 2f\n\t"
		"subs r0, r0, #1\n\t"
		"bne 1b\n"
		"2:\tmovw r0, #:lower16:signal_regs_out\n\t"
		"movt r0, #:upper16:signal_regs_out\n\t"
		"stmia r0!, {r1, r2, r3, r4, r5, r6, r8, r9, r10, r12}\n\t"
		"vstmia r0!, {d0}\n\t"
		"vstmia r0, {d8}"
		: : : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r8", "r9", "r10", "r12", "lr",
		      "d0", "d8", "cc", "memory");
	for (unsigned int i = 0; i < sizeof(expected_regs) / sizeof(expected_regs[0]); i++)
		if ((unsigned long)signal_regs_out[i] != expected_regs[i])
			bad |= 1L << i;
	return bad;
}

/* A handler's worst: every register it may change, changed. */
static void clobber_registers(void)
{
	__asm__ __volatile__("mvn r0, #0\n\t"
			     "mov r1, r0\n\tmov r2, r0\n\tmov r3, r0\n\tmov r12, r0\n\t"
			     "vmov d0, r0, r0\n\tvmov d7, r0, r0"
			     : : : "r0", "r1", "r2", "r3", "r12", "d0", "d7");
}

static void fault_ill(void)
{
	__asm__ __volatile__("udf #0");
}

#define BUS_CODE	BUS_ADRALN

/* ldm from an address that is not word-aligned: an alignment fault whatever SCTLR.A says. */
static void fault_bus(void)
{
	static long words[4];
	char *odd = (char *)words + 1;

	__asm__ __volatile__("ldm %0, {r2, r3}" : : "r"(odd) : "r2", "r3", "memory");
}

static void fault_fpe(void)
{
}
#endif

#endif

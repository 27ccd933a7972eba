/*
 * The x86_64 rt signal frame, as Linux lays it out on the user stack, so
 * that a C library's handlers, its restorer and debuggers read it as they
 * do on Linux:
 *
 *   rsp at handler entry -> pretcode   the restorer: the handler's `ret` goes there
 *                           ucontext   flags, link, stack, sigcontext, mask
 *                           siginfo    128 bytes
 *   (64-byte aligned, below) the x87/SSE registers as fxsave stores them,
 *                           which sigcontext.fpstate points to
 *
 * above the 128-byte red zone below the interrupted rsp. The restorer
 * (SA_RESTORER, which x86_64 requires of every handler, as Linux does:
 * both C libraries always pass one) calls rt_sigreturn, which finds the
 * frame at rsp - 8 and puts every register back, the flags a program may
 * change only, and the mask. The handler starts with rdi = signal,
 * rsi = &siginfo, rdx = &ucontext, and a clean FPU.
 *
 * The FPU state is the 512-byte fxsave image (no xsave here, so no
 * FP_XSTATE magic in its software-reserved bytes): what libc's
 * ucontext_t.uc_mcontext.fpregs describes.
 */
#include <asm/fpu.h>
#include <asm/ptrace.h>
#include <asm/signal.h>
#include <asm/switch_to.h>
#include <kernel/binfmts.h>
#include <kernel/errno.h>
#include <kernel/sched_signal.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#define UC_SIGCONTEXT_SS	0x2	/* sigcontext.ss is saved */
#define RED_ZONE		128
#define FXSAVE_MXCSR		24	/* in the fxsave image */
#define FXSAVE_MXCSR_MASK	28

/* The flags a program may change through rt_sigreturn: AC OF DF TF SF ZF AF PF CF RF. */
#define FIX_EFLAGS		0x50dd5UL
#define X86_EFLAGS_TF		0x100UL
#define X86_EFLAGS_DF		0x400UL
#define X86_EFLAGS_RF		0x10000UL

struct sigcontext {
	u64 r8, r9, r10, r11, r12, r13, r14, r15;
	u64 rdi, rsi, rbp, rbx, rdx, rax, rcx, rsp, rip, eflags;
	u16 cs, gs, fs, ss;
	u64 err, trapno, oldmask, cr2;
	u64 fpstate;		/* user address of the fxsave image; 0: none */
	u64 reserved1[8];
};

struct ucontext {
	u64 uc_flags;
	u64 uc_link;
	struct {
		u64 ss_sp;
		s32 ss_flags;
		u64 ss_size;
	} uc_stack;
	struct sigcontext uc_mcontext;
	sigset_t uc_sigmask;
};

struct rt_sigframe {
	u64 pretcode;
	struct ucontext uc;
	u8 info[SI_MAX_SIZE];
};

_Static_assert(sizeof(struct sigcontext) == 256, "sigcontext is not Linux's");
_Static_assert(sizeof(struct rt_sigframe) == 440, "rt_sigframe is not Linux's");

static void save_sigcontext(struct sigcontext *sc, const struct pt_regs *regs)
{
	sc->r8 = regs->r8;
	sc->r9 = regs->r9;
	sc->r10 = regs->r10;
	sc->r11 = regs->r11;
	sc->r12 = regs->r12;
	sc->r13 = regs->r13;
	sc->r14 = regs->r14;
	sc->r15 = regs->r15;
	sc->rdi = regs->rdi;
	sc->rsi = regs->rsi;
	sc->rbp = regs->rbp;
	sc->rbx = regs->rbx;
	sc->rdx = regs->rdx;
	sc->rax = regs->rax;
	sc->rcx = regs->rcx;
	sc->rsp = regs->rsp;
	sc->rip = regs->rip;
	sc->eflags = regs->rflags;
	sc->cs = regs->cs;
	sc->ss = regs->ss;
	/* A syscall frame's vector is -1: no trap. */
	sc->trapno = regs->vector == (unsigned long)-1 ? 0 : regs->vector;
	sc->err = regs->vector == (unsigned long)-1 ? 0 : regs->error_code;
}

static void restore_sigcontext(struct pt_regs *regs, const struct sigcontext *sc)
{
	regs->r8 = sc->r8;
	regs->r9 = sc->r9;
	regs->r10 = sc->r10;
	regs->r11 = sc->r11;
	regs->r12 = sc->r12;
	regs->r13 = sc->r13;
	regs->r14 = sc->r14;
	regs->r15 = sc->r15;
	regs->rdi = sc->rdi;
	regs->rsi = sc->rsi;
	regs->rbp = sc->rbp;
	regs->rbx = sc->rbx;
	regs->rdx = sc->rdx;
	regs->rax = sc->rax;
	regs->rcx = sc->rcx;
	regs->rsp = sc->rsp;
	regs->rip = sc->rip;	/* a non-canonical one faults in user mode (entry_syscall.S) */
	regs->rflags = (regs->rflags & ~FIX_EFLAGS) | (sc->eflags & FIX_EFLAGS);
	/* cs and ss stay the user's own: a program cannot choose other segments. */
}

int setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	unsigned long fp = (regs->rsp - RED_ZONE - sizeof(struct fpu_state)) & ~63UL;
	unsigned long addr = ((fp - sizeof(struct rt_sigframe)) & ~15UL) - 8;
	struct rt_sigframe __user *frame = (struct rt_sigframe __user *)addr;
	struct rt_sigframe f;
	struct fpu_state fpu;

	if (!(ksig->ka.flags & SA_RESTORER))
		return -EFAULT;
	memset(&f, 0, sizeof(f));
	f.pretcode = (unsigned long)ksig->ka.restorer;
	f.uc.uc_flags = UC_SIGCONTEXT_SS;
	save_sigcontext(&f.uc.uc_mcontext, regs);
	f.uc.uc_mcontext.oldmask = oldset;
	f.uc.uc_mcontext.cr2 = ksig->info.addr;
	f.uc.uc_mcontext.fpstate = fp;
	f.uc.uc_sigmask = oldset;
	fpu_save(&fpu);		/* the program's registers, live on this CPU */
	if (copy_siginfo_to_user(frame->info, &ksig->info) ||
	    copy_to_user((void __user *)fp, &fpu, sizeof(fpu)) ||
	    copy_to_user(frame, &f, offsetof(struct rt_sigframe, info)))
		return -EFAULT;

	regs->rdi = ksig->sig;
	regs->rsi = (unsigned long)frame->info;
	regs->rdx = (unsigned long)&frame->uc;
	regs->rax = 0;
	regs->rsp = addr;
	regs->rip = (unsigned long)ksig->ka.handler;
	regs->rflags &= ~(X86_EFLAGS_TF | X86_EFLAGS_DF | X86_EFLAGS_RF);
	fpu_init_state(&fpu);
	fpu_restore(&fpu);
	return 0;
}

/* The x87/SSE registers from the frame; MXCSR's reserved bits would fault fxrstor. */
static int restore_fpstate(unsigned long fp)
{
	struct fpu_state fpu;
	u32 mask, mxcsr;

	fpu_save(&fpu);
	memcpy(&mask, fpu.fxsave + FXSAVE_MXCSR_MASK, sizeof(mask));
	if (!mask)
		mask = 0xffbf;	/* what the CPU means by 0 there (Intel SDM, "MXCSR_MASK") */
	if (!fp)
		fpu_init_state(&fpu);
	else if ((fp & 15) || copy_from_user(&fpu, (const void __user *)fp, sizeof(fpu)))
		return -EFAULT;
	memcpy(&mxcsr, fpu.fxsave + FXSAVE_MXCSR, sizeof(mxcsr));
	mxcsr &= mask;
	memcpy(fpu.fxsave + FXSAVE_MXCSR, &mxcsr, sizeof(mxcsr));
	fpu_restore(&fpu);
	return 0;
}

SYSCALL_DEFINE0(rt_sigreturn)
{
	struct pt_regs *regs = task_pt_regs(current);
	unsigned long addr = regs->rsp - 8;
	struct rt_sigframe f;

	if (copy_from_user(&f, (const void __user *)addr, offsetof(struct rt_sigframe, info)) ||
	    restore_fpstate(f.uc.uc_mcontext.fpstate)) {
		force_sig_fault(SIGSEGV, SI_KERNEL, addr, regs, 0);
		return regs->rax;
	}
	restore_sigcontext(regs, &f.uc.uc_mcontext);
	set_current_blocked(f.uc.uc_sigmask);
	return regs->rax;	/* do_syscall() puts it back where it was */
}

/* exec: nothing to map, x86_64 handlers always come with their restorer. */
int arch_setup_additional_pages(struct mm_struct *mm)
{
	(void)mm;
	return 0;
}

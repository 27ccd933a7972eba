/*
 * The 32-bit ARM (EABI) signal frames, as Linux lays them out on the user
 * stack (8-byte aligned below the interrupted sp):
 *
 *   sigframe     ucontext (flags, link, stack, sigcontext, mask, and
 *                uc_regspace: the VFP registers), retcode words
 *   rt_sigframe  siginfo (128 bytes), then a sigframe
 *
 * A handler with SA_SIGINFO gets the rt frame (r0 = signal, r1 = &info,
 * r2 = &uc), any other the plain one (r0 = signal): the C libraries'
 * restorers match, calling rt_sigreturn (173) or sigreturn (119), which
 * find the frame at sp. lr is the restorer the handler's sigaction gave
 * (SA_RESTORER: glibc and musl always pass one); without one, a code page
 * the kernel maps read-only and executable into every program (the
 * "sigpage", as Linux does: the stack is never executable here) holds
 * the two calls. A handler's odd address means Thumb code, as for bx.
 *
 * The VFP block in uc_regspace: magic 0x56465001, size 288, d0-d31,
 * fpscr, then fpexc, fpinst, fpinst2 (the exception state, which this
 * kernel does not keep: fpexc says "enabled", the others 0), then the
 * end word 0. Without VFP hardware only the end word is written.
 */
#include <asm/cacheflush.h>
#include <asm/ptrace.h>
#include <asm/signal.h>
#include <asm/switch_to.h>
#include <asm/vfp.h>
#include <kernel/binfmts.h>
#include <kernel/errno.h>
#include <kernel/mm.h>
#include <kernel/process.h>
#include <kernel/sched_signal.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#define VFP_MAGIC	0x56465001
#define FPEXC_EN	0x40000000
/* What user mode may set in the CPSR: NZCVQ, IT, GE, E, T. */
#define PSR_USER_BITS	0xfe0ffe20UL
#define PSR_IT_BITS	0x0600fc00UL

/* The sigpage: a read-only executable page just below the stack. */
#define SIGPAGE		((TASK_SIZE & ~(PAGE_SIZE - 1)) - USER_STACK_SIZE - PAGE_SIZE)

/* mov r7, #nr; svc #0: sigreturn, then rt_sigreturn. */
static const u32 sigpage_code[] = { 0xe3a07000 | __NR_sigreturn, 0xef000000,
				    0xe3a07000 | __NR_rt_sigreturn, 0xef000000 };

struct sigcontext {
	unsigned long trap_no, error_code, oldmask;
	unsigned long regs[16];		/* r0-r10, fp, ip, sp, lr, pc */
	unsigned long cpsr, fault_address;
};

struct vfp_sigframe {
	u32 magic, size;
	u64 fpregs[32];
	u32 fpscr, pad;		/* struct user_vfp ends 8-aligned */
	u32 fpexc, fpinst, fpinst2;
} __attribute__((aligned(8)));

struct ucontext {
	unsigned long uc_flags, uc_link;
	struct {
		unsigned long ss_sp;
		int ss_flags;
		unsigned long ss_size;
	} uc_stack;
	struct sigcontext uc_mcontext;
	sigset_t uc_sigmask;
	int unused[30];			/* room for a 1024-bit sigset_t (glibc's) */
	unsigned long uc_regspace[128] __attribute__((aligned(8)));
};

struct sigframe {
	struct ucontext uc;
	unsigned long retcode[4];
};

struct rt_sigframe {
	u8 info[SI_MAX_SIZE];
	struct sigframe sig;
};

_Static_assert(sizeof(struct sigcontext) == 84, "sigcontext is not Linux's");
_Static_assert(offsetof(struct ucontext, uc_regspace) == 232, "ucontext is not Linux's");
_Static_assert(sizeof(struct vfp_sigframe) == 288, "the VFP block is not Linux's");

static void save_vfp(struct ucontext *uc)
{
	struct vfp_sigframe *vfp = (struct vfp_sigframe *)uc->uc_regspace;
	struct vfp_state s;

	if (!vfp_hwcap())
		return;		/* uc_regspace[0] = 0: the end word */
	memset(&s, 0, sizeof(s));
	vfp_save(&s);		/* the program's registers, live on this CPU */
	vfp->magic = VFP_MAGIC;
	vfp->size = sizeof(*vfp);
	memcpy(vfp->fpregs, s.d, sizeof(vfp->fpregs));
	vfp->fpscr = s.fpscr;
	vfp->fpexc = FPEXC_EN;
}

int setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	bool rt = ksig->ka.flags & SA_SIGINFO;
	size_t size = rt ? sizeof(struct rt_sigframe) : sizeof(struct sigframe);
	unsigned long addr = (regs->sp - size) & ~7UL;
	unsigned long uc_addr = addr + (rt ? offsetof(struct rt_sigframe, sig.uc) : 0);
	unsigned long handler = (unsigned long)ksig->ka.handler, restorer;
	struct sigframe *f = kzalloc(sizeof(*f));
	int err = -EFAULT;

	if (!f)
		return -ENOMEM;
	if (ksig->ka.flags & SA_RESTORER)
		restorer = (unsigned long)ksig->ka.restorer;
	else
		restorer = SIGPAGE + (rt ? 8 : 0);
	f->uc.uc_mcontext.trap_no = 0;
	memcpy(f->uc.uc_mcontext.regs, regs->r, 13 * sizeof(long));
	f->uc.uc_mcontext.regs[13] = regs->sp;
	f->uc.uc_mcontext.regs[14] = regs->lr;
	f->uc.uc_mcontext.regs[15] = regs->pc;
	f->uc.uc_mcontext.cpsr = regs->psr;
	f->uc.uc_mcontext.oldmask = oldset;
	f->uc.uc_mcontext.fault_address = ksig->info.addr;
	f->uc.uc_sigmask = oldset;
	save_vfp(&f->uc);
	if ((!rt || !copy_siginfo_to_user((void __user *)addr, &ksig->info)) &&
	    !copy_to_user((void __user *)uc_addr, f, sizeof(*f)))
		err = 0;
	kfree(f);
	if (err)
		return err;

	regs->r[0] = ksig->sig;
	if (rt) {
		regs->r[1] = addr;
		regs->r[2] = uc_addr;
	}
	regs->sp = addr;
	regs->lr = restorer;
	regs->pc = handler & ~1UL;
	regs->psr &= ~(PSR_T_BIT | PSR_IT_BITS | 0x200);	/* ARM state, no IT block, little-endian */
	if (handler & 1)
		regs->psr |= PSR_T_BIT;
	return 0;
}

static int restore_vfp(const struct ucontext *uc)
{
	const struct vfp_sigframe *vfp = (const struct vfp_sigframe *)uc->uc_regspace;
	struct vfp_state s;

	if (!vfp_hwcap() || vfp->magic != VFP_MAGIC)
		return 0;
	if (vfp->size != sizeof(*vfp))
		return -EFAULT;
	memcpy(s.d, vfp->fpregs, sizeof(s.d));
	s.fpscr = vfp->fpscr;
	vfp_load(&s);
	return 0;
}

/* Both sigreturns: the frame's registers back, checked, and its mask. */
static long do_sigreturn(bool rt)
{
	struct pt_regs *regs = task_pt_regs(current);
	unsigned long addr = regs->sp + (rt ? offsetof(struct rt_sigframe, sig.uc) : 0);
	struct ucontext *uc = kmalloc(sizeof(*uc));
	const unsigned long *r;

	if (!uc || (regs->sp & 7) || copy_from_user(uc, (const void __user *)addr, sizeof(*uc)) ||
	    restore_vfp(uc)) {
		kfree(uc);
		force_sig_fault(SIGSEGV, SI_KERNEL, addr, regs, 0);
		return regs->r[0];
	}
	r = uc->uc_mcontext.regs;
	memcpy(regs->r, r, 13 * sizeof(long));
	regs->sp = r[13];
	regs->lr = r[14];
	regs->pc = r[15];
	/* User mode, interrupts on, whatever the frame says (Linux's valid_user_regs()). */
	regs->psr = (uc->uc_mcontext.cpsr & PSR_USER_BITS) | MODE_USR;
	set_current_blocked(uc->uc_sigmask);
	kfree(uc);
	return regs->r[0];	/* do_syscall() puts it back where it was */
}

SYSCALL_DEFINE0(sigreturn)
{
	return do_sigreturn(false);
}

SYSCALL_DEFINE0(rt_sigreturn)
{
	return do_sigreturn(true);
}

/* exec: the sigpage, mapped in every program. */
int arch_setup_additional_pages(struct mm_struct *mm)
{
	void *page;
	int err = vm_map_anon(mm, SIGPAGE, PAGE_SIZE, VM_READ | VM_EXEC);

	if (err)
		return err;
	page = mm_page_address(mm, SIGPAGE);
	if (!page)
		return -ENOMEM;
	memcpy(page, sigpage_code, sizeof(sigpage_code));
	flush_icache_range((unsigned long)page, (unsigned long)page + sizeof(sigpage_code));
	return 0;
}

/*
 * The "usermode_arm" suite: small hand-written programs
 * (usermode_arm_blob.S) run in USR mode, each in a thread of its own with an
 * address space of its own: a code page (read+execute) and a stack page.
 *
 * um_syscalls makes system calls the EABI way and checks each answer
 * itself (write to the console, write from NULL, a kernel address and an
 * unmapped one: -EFAULT without an oops, getpid, an unknown number:
 * -ENOSYS, set_tls/get_tls and TPIDRURO), then exit_group(42); here the
 * exit status, the uaccess fixups the bad writes took and the free pages
 * afterwards are checked. um_vfp uses VFP and NEON registers, and two
 * threads with an address space (so, each with VFP registers of its own)
 * check that theirs survive switches to the other. The others fault, and
 * the kernel must kill just the program with the right signal and carry
 * on. AT_HWCAP must say what these programs found.
 */
#include <asm/cpufeature.h>
#include <asm/elf.h>
#include <asm/switch_to.h>
#include <asm/vfp.h>
#include <kernel/cpufeature.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/file.h>
#include <kernel/kthread.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/signal.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <generated/asm-hwcap.h>

#define UM_CODE		0x00010000ul	/* where ARM Linux programs start too */
#define UM_STACK	0x00100000ul	/* one page; the stack grows down from its end */

struct um_prog {
	const char *start, *end;
	bool thumb;
};

/* The program's own thread: build its address space, enter user mode; only a setup failure returns. */
static int um_thread(void *arg)
{
	const struct um_prog *p = arg;
	struct mm_struct *mm = mm_alloc();
	struct pt_regs *regs = task_pt_regs(current);
	void *code;

	if (!mm)
		return -ENOMEM;
	if (vm_map_anon(mm, UM_CODE, PAGE_SIZE, VM_READ | VM_WRITE) ||
	    vm_map_anon(mm, UM_STACK, PAGE_SIZE, VM_READ | VM_WRITE) ||
	    !(code = mm_page_address(mm, UM_CODE))) {
		mmput(mm);
		return -ENOMEM;
	}
	/* fd 1 and 2, the console, as every program has them (kernel/umh.c). */
	current->files = files_alloc_console();
	if (!current->files) {
		mmput(mm);
		return -ENOMEM;
	}
	memcpy(code, p->start, p->end - p->start);
	protect_user_page(mm->pgd, UM_CODE, VM_READ | VM_EXEC);
	current->mm = mm;
	start_thread(regs, UM_CODE | p->thumb, UM_STACK + PAGE_SIZE);
	regs->r[0] = UM_STACK + PAGE_SIZE;
	regs->r[1] = current->id;
	ret_to_user();
}

/* Run one program to its end on this CPU: its exit code (wait4's status) or -errno. */
static int um_run(const struct um_prog *p)
{
	struct thread *t = kthread_create_on_cpu(um_thread, (void *)p, smp_processor_id(), "um");

	if (!t)
		return -EAGAIN;
	wake_up_process(t);
	return kthread_stop(t);
}

extern const char um_syscalls[], um_syscalls_end[], um_null[], um_null_end[];
extern const char um_undef[], um_undef_end[], um_misaligned[], um_misaligned_end[];
extern const char um_thumb[], um_thumb_end[], um_vfp[], um_vfp_end[];

static void syscalls_from_user_mode(struct ktest *t)
{
	const struct um_prog p = { um_syscalls, um_syscalls_end, false };
	unsigned long pages = nr_free_pages(), fixups = uaccess_fixup_count();

	KTEST_EXPECT_EQ(t, um_run(&p), 42 << 8);
	/* write(NULL) and write(unmapped) fault in copy_from_user; the kernel address never gets there. */
	KTEST_EXPECT_GE(t, uaccess_fixup_count(), fixups + 2);
	KTEST_EXPECT_EQ(t, nr_free_pages(), pages);
}

static void thumb_entry(struct ktest *t)
{
	const struct um_prog p = { um_thumb, um_thumb_end, true };

	KTEST_EXPECT_EQ(t, um_run(&p), 43 << 8);
}

static void vfp_in_user_mode(struct ktest *t)
{
	const struct um_prog p = { um_vfp, um_vfp_end, false };

	KTEST_EXPECT_EQ(t, um_run(&p), 42 << 8);
}

/* d0 and d31 (NEON's last register) of this CPU; the kernel itself never touches them. */
static void vfp_set(u64 v)
{
	__asm__ __volatile__(".fpu neon\n\tvmov d0, %Q0, %R0\n\tvmov d31, %R0, %Q0" : : "r"(v));
}

static bool vfp_holds(u64 v)
{
	u32 a0, a1, b0, b1;

	__asm__ __volatile__(".fpu neon\n\tvmov %0, %1, d0\n\tvmov %2, %3, d31"
			     : "=r"(a0), "=r"(a1), "=r"(b0), "=r"(b1));
	return a0 == (u32)v && a1 == v >> 32 && b0 == v >> 32 && b1 == (u32)v;
}

/*
 * A thread with an address space (not entering user mode here) sets its
 * VFP registers and gives the CPU to its twin, which sets others, a few
 * times over: each must find its own values every time it comes back.
 */
static int vfp_twin(void *arg)
{
	u64 v = (unsigned long)arg * 0x0101010101010101ull;
	struct mm_struct *mm = mm_alloc();
	int wrong = 0;

	if (!mm)
		return -ENOMEM;
	current->mm = mm;
	vfp_set(v);
	for (int i = 0; i < 8; i++) {
		schedule();
		wrong += !vfp_holds(v);
	}
	current->mm = NULL;
	switch_mm(NULL);
	mmput(mm);
	return wrong;
}

static void vfp_registers_are_the_thread_s(struct ktest *t)
{
	struct thread *a = kthread_create_on_cpu(vfp_twin, (void *)0x5a, smp_processor_id(), "vfp-a");
	struct thread *b = kthread_create_on_cpu(vfp_twin, (void *)0xa5, smp_processor_id(), "vfp-b");

	KTEST_ASSERT_TRUE(t, a && b);
	wake_up_process(a);
	wake_up_process(b);
	KTEST_EXPECT_EQ(t, kthread_stop(a), 0);
	KTEST_EXPECT_EQ(t, kthread_stop(b), 0);
}

/* Every ARMv7 core here has TPIDRURO, VFP, NEON; the rest follows the ID registers. */
static void hwcap_says_what_user_code_may_use(struct ktest *t)
{
	unsigned long hwcap = arch_elf_hwcap();

	KTEST_EXPECT_TRUE(t, hwcap & HWCAP_TLS);
	KTEST_EXPECT_TRUE(t, hwcap & HWCAP_THUMB);
	KTEST_EXPECT_TRUE(t, hwcap & HWCAP_VFP);
	KTEST_EXPECT_TRUE(t, hwcap & HWCAP_VFPv3);
	KTEST_EXPECT_TRUE(t, hwcap & HWCAP_NEON);
	KTEST_EXPECT_EQ(t, !!(hwcap & HWCAP_IDIVA), cpu_has(ARM_FEATURE_IDIV));
	KTEST_EXPECT_EQ(t, !!(hwcap & HWCAP_LPAE), cpu_has(ARM_FEATURE_LPAE));
	KTEST_EXPECT_FALSE(t, hwcap & HWCAP_SWP);
}

static void faults_kill_only_the_program(struct ktest *t)
{
	static const struct {
		struct um_prog prog;
		int sig;
	} faults[] = {
		{ { um_null, um_null_end, false }, SIGSEGV },
		{ { um_undef, um_undef_end, false }, SIGILL },
		{ { um_misaligned, um_misaligned_end, false }, SIGBUS },
	};
	unsigned long pages = nr_free_pages();

	for (size_t i = 0; i < ARRAY_SIZE(faults); i++)
		KTEST_EXPECT_EQ(t, um_run(&faults[i].prog), faults[i].sig);
	KTEST_EXPECT_EQ(t, nr_free_pages(), pages);
}

static const struct ktest_case usermode_arm_cases[] = {
	KTEST_CASE(syscalls_from_user_mode),
	KTEST_CASE(thumb_entry),
	KTEST_CASE(vfp_in_user_mode),
	KTEST_CASE(vfp_registers_are_the_thread_s),
	KTEST_CASE(hwcap_says_what_user_code_may_use),
	KTEST_CASE(faults_kill_only_the_program),
	{}
};

static const struct ktest_suite usermode_arm_suite = { "usermode_arm", usermode_arm_cases };
ktest_suite(usermode_arm_suite);

/*
 * The "usermode" suite (ARM): small hand-written programs
 * (usermode_blob.S) run in USR mode, each in a thread of its own with an
 * address space of its own: a code page (read+execute) and a stack page.
 *
 * um_syscalls makes system calls the EABI way and checks each answer
 * itself (write to the console, write from NULL, a kernel address and an
 * unmapped one: -EFAULT without an oops, getpid, an unknown number:
 * -ENOSYS, set_tls/get_tls and TPIDRURO), then exit_group(42); here the
 * exit status, the uaccess fixups the bad writes took and the free pages
 * afterwards are checked. um_vfp runs twice at once, each copy checking
 * that its VFP registers survive the switches to the other. The others
 * fault, and the kernel must kill just the program with the right signal
 * and carry on. AT_HWCAP must say what these programs found.
 */
#include <asm/cpufeature.h>
#include <asm/elf.h>
#include <asm/mmu_context.h>
#include <asm/switch_to.h>
#include <asm/vfp.h>
#include <kernel/cpufeature.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/kthread.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
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
	phys_addr_t code;

	if (!mm)
		return -ENOMEM;
	if (vm_map_anon(mm, UM_CODE, PAGE_SIZE, VM_READ | VM_WRITE) ||
	    vm_map_anon(mm, UM_STACK, PAGE_SIZE, VM_READ | VM_WRITE) ||
	    lookup_user_page(mm->pgd, UM_CODE, &code, NULL)) {
		mmput(mm);
		return -ENOMEM;
	}
	memcpy(__va(code), p->start, p->end - p->start);
	protect_user_page(mm->pgd, UM_CODE, VM_READ | VM_EXEC);
	current->mm = mm;
	switch_mm(mm->pgd);
	start_thread(regs, UM_CODE | p->thumb, UM_STACK + PAGE_SIZE);
	regs->r[0] = UM_STACK + PAGE_SIZE;
	regs->r[1] = current->id;
	ret_to_user();
}

/* Run n copies of a program at once on this CPU, to their end: each one's exit code or -errno. */
static void um_run_n(const struct um_prog *p, int n, int *codes)
{
	struct thread *t[2];

	for (int i = 0; i < n; i++)
		t[i] = kthread_create_on_cpu(um_thread, (void *)p, smp_processor_id(), "um");
	for (int i = 0; i < n; i++)
		if (t[i])
			wake_up_process(t[i]);
	for (int i = 0; i < n; i++)
		codes[i] = t[i] ? kthread_stop(t[i]) : -EAGAIN;
}

static int um_run(const struct um_prog *p)
{
	int code;

	um_run_n(p, 1, &code);
	return code;
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

static void vfp_registers_are_the_program_s(struct ktest *t)
{
	const struct um_prog p = { um_vfp, um_vfp_end, false };
	int codes[2];

	um_run_n(&p, 2, codes);
	KTEST_EXPECT_EQ(t, codes[0], 42 << 8);
	KTEST_EXPECT_EQ(t, codes[1], 42 << 8);
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

static const struct ktest_case usermode_cases[] = {
	KTEST_CASE(syscalls_from_user_mode),
	KTEST_CASE(thumb_entry),
	KTEST_CASE(vfp_registers_are_the_program_s),
	KTEST_CASE(hwcap_says_what_user_code_may_use),
	KTEST_CASE(faults_kill_only_the_program),
	{}
};

static const struct ktest_suite usermode_suite = { "usermode", usermode_cases };
ktest_suite(usermode_suite);

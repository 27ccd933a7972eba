/*
 * The "syscall" suite (x86_64): the dispatcher (kernel/syscall.c) called
 * as the SYSCALL entry calls it, with made-up user registers: the number in
 * rax, the arguments in rdi, rsi, rdx, r10..., the result back in rax.
 * Numbers are Linux's, from the generated header. No ring 3 is needed to
 * check the table, the -ENOSYS default and the pointer checks of write.
 * The calling thread gets the console as fd 0, 1 and 2 for the write
 * cases, as a program started by the kernel has them (kernel/umh.c).
 */
#include <asm/ptrace.h>
#include <generated/unistd.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/file.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/traps.h>

static long call(unsigned long nr, unsigned long a0, unsigned long a1, unsigned long a2)
{
	struct pt_regs regs = { .rax = nr, .rdi = a0, .rsi = a1, .rdx = a2, .cs = 0x33 };

	do_syscall(&regs);
	return regs.rax;
}

static void getpid_is_the_thread_id(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, call(__NR_getpid, 0, 0, 0), current->id);
}

static void unknown_numbers_return_enosys(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, call(__NR_swapon, 0, 0, 0), -ENOSYS);
	KTEST_EXPECT_EQ(t, call(__NR_swapon, 0, 0, 0), -ENOSYS);
	KTEST_EXPECT_EQ(t, call(100000, 0, 0, 0), -ENOSYS);
	KTEST_EXPECT_EQ(t, call(-1UL, 0, 0, 0), -ENOSYS);
	KTEST_EXPECT_TRUE(t, nr_syscalls > __NR_exit_group && !sys_call_table[__NR_swapon]);
	KTEST_EXPECT_STREQ(t, syscall_names[__NR_swapon], "swapon");
}

static void write_checks_its_arguments(struct ktest *t)
{
	static const char kernel_text[] = "must not be printed\n";
	unsigned long fixups = uaccess_fixup_count();

	current->files = files_alloc_console();
	KTEST_ASSERT_TRUE(t, current->files != NULL);
	KTEST_EXPECT_EQ(t, call(__NR_write, 1, 0, 5), -EFAULT);
	KTEST_EXPECT_EQ(t, call(__NR_write, 1, (unsigned long)kernel_text, 5), -EFAULT);
	KTEST_EXPECT_EQ(t, call(__NR_write, 1, 0x12345000, 5), -EFAULT);
	KTEST_EXPECT_EQ(t, call(__NR_write, 3, 0, 5), -EBADF);
	KTEST_EXPECT_EQ(t, call(__NR_write, 1, 0, 0), 0);
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups + 2);
	put_files(current->files);
	current->files = NULL;
}

/* From a user page, with part of the buffer past the end of the mapping. */
static void write_prints_user_memory(struct ktest *t)
{
	static const char line[] = "# write: from a user page\n";
	unsigned long end = 0x400000 + PAGE_SIZE;
	unsigned long start = end - (sizeof(line) - 1);
	struct mm_struct *mm = mm_alloc();
	char *page;

	KTEST_ASSERT_TRUE(t, mm != NULL);
	current->files = files_alloc_console();
	KTEST_ASSERT_TRUE(t, current->files != NULL);
	KTEST_ASSERT_EQ(t, vm_map_anon(mm, 0x400000, PAGE_SIZE, VM_READ), 0);
	page = mm_page_address(mm, 0x400000);
	KTEST_ASSERT_TRUE(t, page != NULL);
	memcpy(page + PAGE_SIZE - (sizeof(line) - 1), line, sizeof(line) - 1);
	current->mm = mm;
	switch_mm(mm->pgd);
	KTEST_EXPECT_EQ(t, call(__NR_write, 1, start, sizeof(line) - 1), sizeof(line) - 1);
	KTEST_EXPECT_EQ(t, call(__NR_write, 2, start, 100), sizeof(line) - 1);
	current->mm = NULL;
	switch_mm(NULL);
	mmput(mm);
	put_files(current->files);
	current->files = NULL;
}

static const struct ktest_case syscall_cases[] = {
	KTEST_CASE(getpid_is_the_thread_id),
	KTEST_CASE(unknown_numbers_return_enosys),
	KTEST_CASE(write_checks_its_arguments),
	KTEST_CASE(write_prints_user_memory),
	{}
};

static const struct ktest_suite syscall_suite = { "syscall", syscall_cases };
ktest_suite(syscall_suite);

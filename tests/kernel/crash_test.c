/*
 * crash=MODE: crash the kernel on purpose, late in boot, so the runner can
 * check that a fault ends in a readable oops naming the right exception
 * and function, and a failure exit rather than a hang or a reset.
 *   crash=null   read through a NULL pointer (a page fault / data abort)
 *   crash=bug    BUG() (an undefined instruction listed in __bug_table)
 *   crash=stack  unbounded recursion into the stack's guard page
 *   crash=divide an integer division by zero (x86_64: #DE; 32-bit ARM has
 *                no such trap: udiv/sdiv return 0, which is reported)
 *   crash=nx     call into a buffer in .data, mapped never-executable
 *   crash=uaccess read a user page by a plain dereference, outside a
 *                user_access_begin() window (ARM: a domain fault; x86_64: a
 *                SMAP fault where the CPU has SMAP, else it is reported)
 *   crash=uexec  call code copied into a user page (ARM: PXN; x86_64: SMEP
 *                where the CPU has it, else it is reported)
 *   crash=write  write through a NULL pointer
 *   crash=pagealloc-uaf read a page after free_page(): with
 *                debug_pagealloc=on it is unmapped, a page fault / data
 *                abort; without, the read succeeds, which is reported
 *   crash=panic  call panic()
 * and each arch's own (tests/kernel/<arch>/crash_arch.c).
 */
#include <kernel/bug.h>
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>
#include <kernel/types.h>

#include "crash.h"

#define CRASH_USER_VA	0x400000UL	/* a user address on both arches */

static char crash_mode[24] __initdata;

static int __init set_crash_mode(char *val)
{
	strscpy(crash_mode, val, sizeof(crash_mode));
	return 0;
}
__setup("crash=", set_crash_mode);

static int __noinline crash_null_deref(void)
{
	int *volatile p = NULL;

	return *p;
}

static int __noinline crash_null_write(void)
{
	volatile int *volatile p = NULL;

	*p = 1;
	return 0;
}

static int __noinline crash_bug(void)
{
	BUG();
	return 0;
}

/*
 * Each frame keeps a buffer live, so the recursion eats the stack quickly.
 * It stops only at an absurd depth, which the stack never reaches.
 */
static int __noinline crash_stack_overflow(int depth)
{
	volatile char frame[256];

	frame[0] = (char)depth;
	if (depth > 1000000)
		return frame[0];
	return crash_stack_overflow(depth + 1) + frame[0];
}

static int __noinline crash_divide(void)
{
	volatile int zero = 0;

	return 100 / zero;
}

/* Not code: a data page, which the page tables map writable and never executable. */
static u8 nx_buffer[16] __aligned(16);

static int __noinline crash_execute_nx(void)
{
	int (*fn)(void) = (int (*)(void))(void *)nx_buffer;

	return fn();
}

static int __noinline crash_divide_report(void)
{
	int r = crash_divide();

	pr_warn("crash: 100 / 0 gave %d: this CPU does not trap on division by zero\n", r);
	return r;
}

/*
 * An address space with one user page at CRASH_USER_VA, loaded on this CPU
 * as a process's would be; *page is the kernel's own view of that page.
 * NULL, said, without memory.
 */
static struct mm_struct *enter_user_page(unsigned int vm_flags, void **page)
{
	struct mm_struct *mm = mm_alloc();

	if (!mm || vm_map_anon(mm, CRASH_USER_VA, PAGE_SIZE, vm_flags) ||
	    !(*page = mm_page_address(mm, CRASH_USER_VA))) {
		if (mm)
			mmput(mm);
		pr_warn("crash: no memory for a user page\n");
		return NULL;
	}
	current->mm = mm;
	switch_mm(mm->pgd);
	return mm;
}

/* Back to the kernel's own address space, the page freed. */
static void leave_user_page(struct mm_struct *mm)
{
	current->mm = NULL;
	switch_mm(NULL);
	mmput(mm);
}

/* This thread gets a user page and reads it the wrong way. */
static int __noinline crash_uaccess(void)
{
	void *page;
	struct mm_struct *mm = enter_user_page(VM_READ | VM_WRITE, &page);
	int v;

	if (!mm)
		return -ENOMEM;
	v = *(volatile int *)CRASH_USER_VA;
	pr_warn("crash: read user memory outside a uaccess window without a fault: "
		"this CPU does not keep the kernel out of user memory\n");
	leave_user_page(mm);
	return v;
}

/* Position-independent code to copy into a user page: it only returns. */
static int __noinline crash_user_code(void)
{
	return 0;
}

/* This thread gets a user page holding code, and calls it from the kernel. */
static int __noinline crash_uexec(void)
{
	void *page;
	struct mm_struct *mm = enter_user_page(VM_READ | VM_EXEC, &page);
	int v;

	if (!mm)
		return -ENOMEM;
	memcpy(page, (const void *)crash_user_code, 64);
	v = ((int (*)(void))CRASH_USER_VA)();
	pr_warn("crash: ran user code in kernel mode without a fault: "
		"this CPU does not keep the kernel out of user code\n");
	leave_user_page(mm);
	return v;
}

static int __noinline crash_pagealloc_uaf(void)
{
	volatile int *page = alloc_page();
	int v;

	if (!page) {
		pr_warn("crash: no memory for a page\n");
		return -ENOMEM;
	}
	*page = 42;
	free_page((void *)page);
	v = *page;
	pr_warn("crash: read a freed page without a fault (got %d): boot with "
		"debug_pagealloc=on\n", v);
	return v;
}

static int __noinline crash_panic(void)
{
	panic("crash=panic on the command line");
}

static int __noinline crash_stack(void)
{
	return crash_stack_overflow(0);
}

static const struct crash_mode crash_modes[] __initconst = {
	{ "null", crash_null_deref },
	{ "write", crash_null_write },
	{ "bug", crash_bug },
	{ "stack", crash_stack },
	{ "divide", crash_divide_report },
	{ "nx", crash_execute_nx },
	{ "uaccess", crash_uaccess },
	{ "uexec", crash_uexec },
	{ "pagealloc-uaf", crash_pagealloc_uaf },
	{ "panic", crash_panic },
};

static const struct crash_mode *__init find_mode(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(crash_modes); i++)
		if (strcmp(name, crash_modes[i].name) == 0)
			return &crash_modes[i];
	for (size_t i = 0; i < nr_arch_crash_modes; i++)
		if (strcmp(name, arch_crash_modes[i].name) == 0)
			return &arch_crash_modes[i];
	return NULL;
}

/* The mode is known before a word is said: an unknown one is reported, not announced. */
static int __init crash_test(void)
{
	const struct crash_mode *mode;
	char names[128];
	size_t n = 0;

	if (!crash_mode[0])
		return 0;
	mode = find_mode(crash_mode);
	if (mode) {
		pr_info("crash: crashing on purpose (crash=%s)\n", crash_mode);
		return mode->crash();
	}
	for (size_t i = 0; i < ARRAY_SIZE(crash_modes); i++)
		n += snprintf(names + n, sizeof(names) - n, "%s%s", n ? ", " : "",
			      crash_modes[i].name);
	for (size_t i = 0; i < nr_arch_crash_modes; i++)
		n += snprintf(names + n, sizeof(names) - n, ", %s", arch_crash_modes[i].name);
	pr_warn("crash: unknown mode '%s' (%s)\n", crash_mode, names);
	return -22;
}
late_initcall(crash_test);

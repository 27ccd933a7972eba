/*
 * The "user_pgtable" suite (ARM): a process's page table and the domain
 * check that keeps the kernel out of user memory (asm/domain.h,
 * arch/arm/mm/mmu_context.c).
 *
 * The domain check is caught on purpose: a page is mapped in a fresh table,
 * the table is loaded, and the kernel reads the page with an instruction
 * listed in __ex_table (a nofault read, as a stray pointer would without
 * the table entry): outside a user_access_begin() window the read must
 * fail with a domain fault (DFSR), inside it must see the page. The case
 * runs with IRQs off: a switch to another thread would load that thread's
 * table.
 */
#include <asm/domain.h>
#include <asm/gic.h>
#include <asm/irq.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/sysreg.h>
#include <asm/uaccess.h>
#include <kernel/errno.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/mmu_context.h>
#include <kernel/string.h>
#include <kernel/smp.h>
#include <kernel/time.h>

#define USER_VA		0x00400000ul	/* any page of user space */
#define PATTERN		0x5eed1234ul

/* The last data abort's fault status, FSR[10] : FSR[3:0] (traps.c's names). */
#define FS_TRANSLATION_SECTION	0x05
#define FS_DOMAIN_PAGE		0x0b
#define FS_PERMISSION_PAGE	0x0f

static unsigned long last_fault_status(void)
{
	unsigned long dfsr = read_cp15(0, c5, c0, 0);

	return (dfsr >> 6 & 0x10) | (dfsr & 0xf);
}

static void map_lookup_protect_unmap(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	void *pgd = pgd_alloc(), *page = alloc_page();
	phys_addr_t pa = 0;
	unsigned int prot = 0;

	KTEST_ASSERT_TRUE(t, pgd && page);
	KTEST_EXPECT_EQ(t, lookup_user_page(pgd, USER_VA, &pa, &prot), -ENOENT);
	KTEST_EXPECT_EQ(t, map_user_page(pgd, USER_VA, __pa(page), VM_READ | VM_WRITE | VM_EXEC),
			-EINVAL);
	KTEST_EXPECT_EQ(t, map_user_page(pgd, TASK_SIZE, __pa(page), VM_READ), -EINVAL);
	KTEST_EXPECT_EQ(t, map_user_page(pgd, USER_VA + 1, __pa(page), VM_READ), -EINVAL);
	KTEST_EXPECT_EQ(t, map_user_page(pgd, USER_VA, __pa(page), VM_READ | VM_WRITE), 0);
	KTEST_EXPECT_EQ(t, map_user_page(pgd, USER_VA, __pa(page), VM_READ), -EEXIST);
	KTEST_EXPECT_EQ(t, lookup_user_page(pgd, USER_VA, &pa, &prot), 0);
	KTEST_EXPECT_EQ(t, pa, __pa(page));
	KTEST_EXPECT_EQ(t, prot, VM_READ | VM_WRITE);
	KTEST_EXPECT_EQ(t, protect_user_page(pgd, USER_VA, VM_WRITE | VM_EXEC), -EINVAL);
	KTEST_EXPECT_EQ(t, protect_user_page(pgd, USER_VA, VM_READ | VM_EXEC), 0);
	KTEST_EXPECT_EQ(t, lookup_user_page(pgd, USER_VA, NULL, &prot), 0);
	KTEST_EXPECT_EQ(t, prot, VM_READ | VM_EXEC);
	KTEST_EXPECT_EQ(t, protect_user_page(pgd, USER_VA + PAGE_SIZE, VM_READ), -ENOENT);
	pa = 0;
	KTEST_EXPECT_EQ(t, unmap_user_page(pgd, USER_VA, &pa), 0);
	KTEST_EXPECT_EQ(t, pa, __pa(page));
	KTEST_EXPECT_EQ(t, unmap_user_page(pgd, USER_VA, &pa), -ENOENT);
	pgd_free(pgd);
	free_page(page);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static void domain_fault_outside_uaccess_window(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	void *pgd = pgd_alloc();
	unsigned long *page = alloc_page();
	unsigned long flags, dacr, v = 1, fs_closed, fs_ro, dacr_after_fault;
	long err_closed, err_open, err_ro;

	KTEST_ASSERT_TRUE(t, pgd && page);
	*page = PATTERN;
	KTEST_ASSERT_EQ(t, map_user_page(pgd, USER_VA, __pa(page), VM_READ), 0);

	flags = arch_local_irq_save();
	switch_mm(pgd);
	KTEST_EXPECT_EQ(t, get_domain(), DACR_UACCESS_DISABLE);
	err_closed = arch_get_kernel_nofault_long(&v, (void *)USER_VA);
	fs_closed = last_fault_status();
	dacr = uaccess_save_and_enable();
	err_open = arch_get_kernel_nofault_long(&v, (void *)USER_VA);
	/* A write to a read-only user page, window open: a permission fault, and the window stays. */
	err_ro = arch_put_kernel_nofault_long((void *)USER_VA, 0);
	fs_ro = last_fault_status();
	dacr_after_fault = get_domain();
	uaccess_restore(dacr);
	switch_mm(NULL);
	arch_local_irq_restore(flags);

	KTEST_EXPECT_EQ(t, err_closed, -EFAULT);
	KTEST_EXPECT_EQ(t, fs_closed, FS_DOMAIN_PAGE);
	KTEST_EXPECT_EQ(t, err_open, 0);
	KTEST_EXPECT_EQ(t, v, PATTERN);
	KTEST_EXPECT_EQ(t, err_ro, -EFAULT);
	KTEST_EXPECT_EQ(t, fs_ro, FS_PERMISSION_PAGE);
	KTEST_EXPECT_EQ(t, *page, PATTERN);
	KTEST_EXPECT_EQ(t, dacr_after_fault, DACR_UACCESS_ENABLE);
	KTEST_EXPECT_EQ(t, get_domain(), DACR_UACCESS_DISABLE);

	unmap_user_page(pgd, USER_VA, NULL);
	pgd_free(pgd);
	free_page(page);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

/* Without a process's table a user address is simply not mapped, window or not. */
static void kernel_thread_has_no_user_mappings(struct ktest *t)
{
	unsigned long dacr, v;
	long err;

	dacr = uaccess_save_and_enable();
	err = arch_get_kernel_nofault_long(&v, (void *)USER_VA);
	uaccess_restore(dacr);
	KTEST_EXPECT_EQ(t, err, -EFAULT);
	KTEST_EXPECT_EQ(t, last_fault_status(), FS_TRANSLATION_SECTION);
}

/*
 * An interrupt taken inside an open window runs with it closed and returns
 * into it open: this CPU sends itself an SGI of the test's own there, whose
 * handler notes the DACR it runs with.
 */
#define TEST_SGI	14

static unsigned long dacr_in_handler;

static void note_dacr(unsigned int irq)
{
	(void)irq;
	WRITE_ONCE(dacr_in_handler, get_domain());
}

static void irq_returns_into_open_window(struct ktest *t)
{
	unsigned long dacr, inside;
	u64 start = get_cycles();

	if (!irq_name(TEST_SGI))
		KTEST_ASSERT_EQ(t, request_percpu_irq(TEST_SGI, note_dacr, "ktest-dacr"), 0);
	enable_percpu_irq(TEST_SGI);
	KTEST_ASSERT_TRUE(t, !arch_irqs_disabled());
	WRITE_ONCE(dacr_in_handler, 0);
	dacr = uaccess_save_and_enable();
	gic_send_sgi(smp_processor_id(), TEST_SGI);
	while (!READ_ONCE(dacr_in_handler) && cycles_to_us(get_cycles() - start) < 100000)
		cpu_relax();
	inside = get_domain();
	uaccess_restore(dacr);
	KTEST_EXPECT_EQ(t, READ_ONCE(dacr_in_handler), DACR_UACCESS_DISABLE);
	KTEST_EXPECT_EQ(t, inside, DACR_UACCESS_ENABLE);
	KTEST_EXPECT_EQ(t, get_domain(), DACR_UACCESS_DISABLE);
}

static const struct ktest_case user_pgtable_cases[] = {
	KTEST_CASE(map_lookup_protect_unmap),
	KTEST_CASE(domain_fault_outside_uaccess_window),
	KTEST_CASE(kernel_thread_has_no_user_mappings),
	KTEST_CASE(irq_returns_into_open_window),
	{}
};

static const struct ktest_suite user_pgtable_suite = { "user_pgtable", user_pgtable_cases };
ktest_suite(user_pgtable_suite);

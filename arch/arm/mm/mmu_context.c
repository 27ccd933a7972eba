/*
 * A process's address space on 32-bit ARM: its own first-level table for
 * the user half, and what generic code does with it (kernel/mmu_context.h).
 *
 * Two tables, not copies. The MMU can walk two tables at once: with
 * TTBCR.N = 1, addresses below 2 GiB (TASK_SIZE) through TTBR0 and the rest
 * through TTBR1 (asm/pgtable.h). So a process's table holds only its own
 * half, 2048 entries in 8 KiB, and the kernel's one table stays in TTBR1 on
 * every CPU. The other way, Linux's, is a full 16 KiB table per process
 * with the kernel's first-level entries copied in: every kernel mapping
 * made later at first level (a module area, say) would have to be copied
 * into every table. With two tables nothing is copied and nothing goes
 * stale; the price is a 2 GiB user space instead of 3, plenty here.
 *
 * Entries. Each first-level entry of a process points at a second-level
 * table and names domain 1, DOMAIN_USER: the DACR closes that domain while
 * the kernel runs (asm/domain.h), so a stray kernel access to user memory
 * takes a domain fault. On CPUs with PXN (all we boot) the table entry
 * also says "never executable at PL1": the kernel cannot run user code
 * even inside a user_access_begin() window. Second-level tables are 1 KiB,
 * four to a page: one page serves four neighbouring MiB, whose four
 * first-level entries are set together, and pgd_free() frees whole pages.
 * A page is AP 011 (user read/write) with VM_WRITE, 111 (read-only at both
 * levels) with VM_READ or VM_EXEC alone, 000 (no access) with none; XN
 * unless VM_EXEC; never writable and executable (-EINVAL); and nG.
 *
 * TLB: no ASIDs. User entries are not global (nG) and all carry ASID 0
 * (CONTEXTIDR stays 0); the kernel's are global. A switch to another table
 * drops the non-global entries of ASID 0 (TLBIASID): the whole user TLB,
 * none of the kernel's. That costs refills after every switch between
 * address spaces, which the small programs here can afford, and saves
 * allocating 255 ASIDs and handling their rollover. A switch to the table
 * already loaded flushes nothing. Every flush is local to this CPU: a
 * process's threads all stay on the CPU of its first thread (a thread
 * never migrates), and a CPU drops a table's entries when it switches
 * away, so no other CPU's TLB can hold them.
 */
#include <asm/cpufeature.h>
#include <asm/domain.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/sysreg.h>
#include <kernel/cpufeature.h>
#include <kernel/errno.h>
#include <kernel/mm.h>
#include <kernel/mmu_context.h>
#include <kernel/string.h>

_Static_assert(TASK_SIZE == 1ul << (32 - TTBCR_SPLIT), "TASK_SIZE is what TTBR0 translates");

#define USER_PGD_ORDER		1	/* 8 KiB: a buddy block is aligned to its size */
#define PMD_USER_TABLE		(PMD_TYPE_TABLE | DOMAIN_USER << PMD_DOMAIN_SHIFT)
#define PTE_USER		(PTE_TYPE_SMALL | PTE_TEX_1 | PTE_C | PTE_B | PTE_S | PTE_NG)
#define PTE_AP_MASK		(PTE_APX | PTE_AP1 | PTE_AP0)

static pte_t *pte_of(void *pgd, unsigned long va)
{
	pmd_t pmd = ((pmd_t *)pgd)[va >> SECTION_SHIFT];

	if ((pmd & PMD_TYPE_MASK) != PMD_TYPE_TABLE)
		return NULL;
	return (pte_t *)__va(pmd & PMD_TABLE_ADDR_MASK) + ((va >> PAGE_SHIFT) & (PTRS_PER_PTE - 1));
}

/*
 * Entries written for the table walker: cleaned to it (clean_for_walker()) unless
 * ID_MMFR3.CohWalk says the walks read the data cache, as on cortex-a7/a15 and later
 * (TTBR_WALK makes them cacheable). There the cleans were a fifth of a fork and execve().
 */
static bool walker_reads_memory(void)
{
	return !((read_cp15(0, c0, c1, 7) >> 20) & 0xf);
}

static void table_written(const void *start, unsigned long size)
{
	if (walker_reads_memory())
		clean_for_walker(start, size);
}

/* An entry of a run; clean: walker_reads_memory(), asked once for the run. */
static void set_entry(pte_t *pte, pte_t val, bool clean)
{
	*pte = val;
	if (clean)
		clean_for_walker(pte, sizeof(*pte));
}

/* va's entry, with a page of four second-level tables made for its 4 MiB if need be. */
static pte_t *pte_alloc(void *pgd, unsigned long va)
{
	pmd_t *first = (pmd_t *)pgd + ((va >> SECTION_SHIFT) & ~3ul);
	pmd_t flags = PMD_USER_TABLE | (cpu_has(ARM_FEATURE_PXN) ? PMD_TABLE_PXN : 0);
	pte_t *tables, *pte = pte_of(pgd, va);

	if (pte)
		return pte;
	tables = alloc_page();
	if (!tables)
		return NULL;
	memset(tables, 0, PAGE_SIZE);
	table_written(tables, PAGE_SIZE);
	pgd_add_table(pgd, tables);
	for (int i = 0; i < 4; i++)
		first[i] = ((u32)__pa(tables) + i * PTE_TABLE_SIZE) | flags;
	table_written(first, 4 * sizeof(pmd_t));
	return pte_of(pgd, va);
}

/*
 * va's entry, from pte (the entry for pte_va) when both are in one 1 MiB table: a run of
 * pages reads the first-level entry once per table, not once per page. With create, the
 * table is made if need be (pte_alloc()).
 */
static pte_t *pte_after(pte_t *pte, unsigned long pte_va, void *pgd, unsigned long va,
			bool create)
{
	if (pte && !((va ^ pte_va) >> SECTION_SHIFT))
		return pte + (va - pte_va) / PAGE_SIZE;
	return create ? pte_alloc(pgd, va) : pte_of(pgd, va);
}

static pte_t prot_to_pte(unsigned int prot)
{
	pte_t pte = PTE_USER;

	if (prot & VM_WRITE)
		pte |= PTE_AP1 | PTE_AP0;
	else if (prot & (VM_READ | VM_EXEC))
		pte |= PTE_APX | PTE_AP1 | PTE_AP0;
	if (!(prot & VM_EXEC))
		pte |= PTE_XN;
	return pte;
}

static unsigned int pte_to_prot(pte_t pte)
{
	unsigned int prot = 0;

	if (pte & (PTE_AP1 | PTE_AP0))
		prot |= VM_READ;
	if ((pte & PTE_AP_MASK) == (PTE_AP1 | PTE_AP0))
		prot |= VM_WRITE;
	if (!(pte & PTE_XN))
		prot |= VM_EXEC;
	return prot;
}

static bool bad_request(unsigned long va, unsigned int prot)
{
	return va >= TASK_SIZE || (va & (PAGE_SIZE - 1)) ||
	       (prot & (VM_WRITE | VM_EXEC)) == (VM_WRITE | VM_EXEC);
}

/*
 * va's entry was valid and has just been changed: this CPU's TLB forgets the old one, once
 * the DSB has made the new one visible to the walker. A new entry over an invalid one needs
 * no TLB maintenance: a translation that faults is never held in a TLB.
 */
static void forget_entry(unsigned long va)
{
	__asm__ __volatile__("dsb ishst\n\t"
			     "mcr p15, 0, %0, c8, c7, 1"	/* TLBIMVA, ASID 0 */
			     : : "r"(va & ~(PAGE_SIZE - 1ul)) : "memory");
}

/*
 * After a run's entries were written: every CPU's walker sees them, and the branch
 * predictor forgets what it held (with icache, the instruction cache too: code was cleaned
 * to memory for those pages). Paid once for the run.
 */
static void run_written(bool icache)
{
	__asm__ __volatile__("dsb ish" : : : "memory");
	if (icache)
		__asm__ __volatile__("mcr p15, 0, %0, c7, c1, 0" : : "r"(0) : "memory"); /* ICIALLUIS */
	__asm__ __volatile__("mcr p15, 0, %0, c7, c5, 6\n\t"	/* BPIALL */
			     "dsb ish\n\t"
			     "isb"
			     : : "r"(0) : "memory");
}

void *pgd_alloc(void)
{
	void *pgd = alloc_pages(USER_PGD_ORDER);

	if (!pgd)
		return NULL;
	memset(pgd, 0, USER_PGD_SIZE);
	table_written(pgd, USER_PGD_SIZE);
	pgd_tables_init(pgd);
	return pgd;
}

void pgd_free(void *pgd)
{
	/* Never free a table the walker may still read: leave it first. */
	if (read_ttbr0() == ((u32)__pa(pgd) | TTBR_WALK))
		switch_mm(NULL);
	pgd_free_tables(pgd);
	free_pages(pgd, USER_PGD_ORDER);
}

static bool bad_run(unsigned long va, unsigned int n, unsigned int prot)
{
	return bad_request(va, prot) || n > (TASK_SIZE - va) / PAGE_SIZE;
}

int map_user_pages(void *pgd, unsigned long va, unsigned int n, void *const *pages,
		   unsigned int prot)
{
	bool code = (prot & (VM_EXEC | VM_DCACHE_CLEAN)) == VM_EXEC, clean = walker_reads_memory();
	pte_t *pte = NULL;

	if (bad_run(va, n, prot))
		return -EINVAL;
	for (unsigned int i = 0; i < n; i++) {
		unsigned long a = va + i * PAGE_SIZE;
		int err;

		pte = pte_after(pte, a - PAGE_SIZE, pgd, a, true);
		err = !pte ? -ENOMEM : *pte & PTE_TYPE_SMALL ? -EEXIST : 0;
		if (err) {
			unmap_user_pages(pgd, va, i, NULL);
			return err;
		}
		/*
		 * Code written through the direct map sits in the data cache; the
		 * instruction fetch reads memory: write it back, and run_written() has the
		 * instruction cache forget stale instructions (QEMU models no caches, a
		 * real core would need this).
		 */
		if (code)
			clean_for_walker(pages[i], PAGE_SIZE);
		set_entry(pte, (u32)__pa(pages[i]) | prot_to_pte(prot), clean);
	}
	run_written(code);
	return 0;
}

void unmap_user_pages(void *pgd, unsigned long va, unsigned int n, void **pages)
{
	bool clean = walker_reads_memory();
	pte_t *pte = NULL;

	for (unsigned int i = 0; i < n; i++) {
		unsigned long a = va + i * PAGE_SIZE;
		void *page = NULL;

		pte = a < TASK_SIZE ? pte_after(pte, a - PAGE_SIZE, pgd, a, false) : NULL;
		if (pte && (*pte & PTE_TYPE_SMALL)) {
			page = __va(*pte & PTE_ADDR_MASK);
			set_entry(pte, 0, clean);
			forget_entry(a);
		}
		if (pages)
			pages[i] = page;
	}
	run_written(false);
}

int protect_user_page(void *pgd, unsigned long va, unsigned int prot)
{
	pte_t *pte;

	if (bad_request(va, prot))
		return -EINVAL;
	pte = pte_of(pgd, va);
	if (!pte || !(*pte & PTE_TYPE_SMALL))
		return -ENOENT;
	*pte = (*pte & PTE_ADDR_MASK) | prot_to_pte(prot);
	table_written(pte, sizeof(*pte));
	forget_entry(va);
	run_written(false);
	return 0;
}

int share_user_pages(void *dst, void *src, unsigned long va, unsigned int n, void **pages)
{
	bool clean = walker_reads_memory();
	pte_t *from = NULL, *to = NULL;
	unsigned long to_va = 0;
	int err = 0;

	for (unsigned int i = 0; i < n; i++) {
		unsigned long a = va + i * PAGE_SIZE;

		pages[i] = NULL;
		from = !err && a < TASK_SIZE ? pte_after(from, a - PAGE_SIZE, src, a, false) : NULL;
		if (!from || !(*from & PTE_TYPE_SMALL))
			continue;
		to = pte_after(to, to_va, dst, a, true);
		to_va = a;
		if (!to || (*to & PTE_TYPE_SMALL)) {
			err = to ? -EEXIST : -ENOMEM;
			continue;
		}
		if ((*from & PTE_AP_MASK) == (PTE_AP1 | PTE_AP0)) {
			set_entry(from, *from | PTE_APX, clean);	/* 011 -> 111: read-only */
			forget_entry(a);
		}
		set_entry(to, *from, clean);
		pages[i] = __va(*from & PTE_ADDR_MASK);
	}
	run_written(false);
	return err;
}

int lookup_user_page(void *pgd, unsigned long va, phys_addr_t *pa, unsigned int *prot)
{
	pte_t *pte = va < TASK_SIZE ? pte_of(pgd, va) : NULL;

	if (!pte || !(*pte & PTE_TYPE_SMALL))
		return -ENOENT;
	if (pa)
		*pa = *pte & PTE_ADDR_MASK;
	if (prot)
		*prot = pte_to_prot(*pte);
	return 0;
}

/* memcpy() is ldm/stm already, 32 bytes a pair (arch/arm/lib/memcpy.S). */
void copy_page(void *to, const void *from)
{
	memcpy(to, from, PAGE_SIZE);
}

void switch_mm(void *pgd)
{
	u32 ttbr0 = pgd ? (u32)__pa(pgd) | TTBR_WALK : empty_user_ttbr0();

	if (read_ttbr0() == ttbr0)
		return;
	__asm__ __volatile__("dsb ish\n\t"			/* the table is written */
			     "mcr p15, 0, %0, c2, c0, 0\n\t"	/* TTBR0 */
			     "isb\n\t"
			     "mcr p15, 0, %1, c8, c7, 2\n\t"	/* TLBIASID 0: every user entry */
			     "mcr p15, 0, %1, c7, c5, 6\n\t"	/* BPIALL */
			     "dsb nsh\n\t"
			     "isb"
			     : : "r"(ttbr0), "r"(0) : "memory");
}

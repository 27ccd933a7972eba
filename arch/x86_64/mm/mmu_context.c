/*
 * User page tables on x86_64 (the interface: kernel/mmu_context.h).
 *
 * Every PML4 shares the kernel's upper 256 entries: they point to the
 * kernel's own PDPTs, so a kernel mapping made after a process started
 * (a module, a stack) is seen by it too. That holds because all of the
 * kernel's PML4 entries exist from paging_init() on; nothing adds one later.
 *
 * A user page is present with U/S set at every level (the CPU checks the
 * AND of all levels), writable only with VM_WRITE, never executable unless
 * VM_EXEC (NX), and never both writable and executable. Tables above the
 * leaf allow everything; the leaf decides. A page with no permission at
 * all (PROT_NONE) stays in its entry, not present, with PTE_PROTNONE, so
 * that lookup and unmap still find its page.
 */
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/special_insns.h>
#include <kernel/errno.h>
#include <kernel/mm.h>
#include <kernel/mmu_context.h>
#include <kernel/string.h>

#define PTE_PROTNONE	(1ul << 9)	/* a bit the CPU leaves to software */
#define USER_PGD_ENTRIES (PTRS_PER_TABLE / 2)

static pte_t leaf_flags(unsigned int prot)
{
	pte_t e = (prot ? PTE_PRESENT : PTE_PROTNONE) | PTE_USER;

	if (prot & VM_WRITE)
		e |= PTE_WRITE;
	if (!(prot & VM_EXEC))
		e |= PTE_NX;
	return e;
}

static bool bad_user_page(unsigned long va, unsigned int prot)
{
	return va >= TASK_SIZE || (va & (PAGE_SIZE - 1)) ||
	       ((prot & VM_WRITE) && (prot & VM_EXEC));
}

void *pgd_alloc(void)
{
	pte_t *pgd = alloc_page(), *kernel = __va(kernel_pgd_phys());

	if (!pgd)
		return NULL;
	memset(pgd, 0, PAGE_SIZE / 2);
	memcpy(pgd + USER_PGD_ENTRIES, kernel + USER_PGD_ENTRIES, PAGE_SIZE / 2);
	pgd_tables_init(pgd);
	return pgd;
}

void pgd_free(void *pgd)
{
	pgd_free_tables(pgd);
	free_page(pgd);
}

/* walk() for an entry whose tables are not all there: they are made (NULL: no memory). */
static __noinline pte_t *walk_alloc(void *pgd, unsigned long va)
{
	pte_t *table = pgd;

	for (int level = 3; level > 0; level--) {
		pte_t *e = &table[table_index(va, level)];

		if (!(*e & PTE_PRESENT)) {
			pte_t *next = alloc_page();

			if (!next)
				return NULL;
			memset(next, 0, PAGE_SIZE);
			pgd_add_table(pgd, next);
			*e = __pa(next) | PTE_PRESENT | PTE_WRITE | PTE_USER;
		}
		table = __va(*e & PTE_ADDR_MASK);
	}
	return &table[table_index(va, 0)];
}

/*
 * The leaf entry for va; with `create`, the tables on the way are made (NULL:
 * no memory). Every run of pages mapped, unmapped or shared (fork) comes
 * here once per page table, and every lookup: nearly always to tables that
 * exist. Making them is walk_alloc()'s, out of line, so that this loop calls
 * nothing and needs no saved registers.
 */
static pte_t *walk(void *pgd, unsigned long va, bool create)
{
	pte_t *table = pgd;

	for (int level = 3; level > 0; level--) {
		pte_t e = table[table_index(va, level)];

		if (!(e & PTE_PRESENT))
			return create ? walk_alloc(pgd, va) : NULL;
		table = __va(e & PTE_ADDR_MASK);
	}
	return &table[table_index(va, 0)];
}

static pte_t *find_leaf(void *pgd, unsigned long va)
{
	pte_t *e;

	if (va >= TASK_SIZE)
		return NULL;
	e = walk(pgd, va, false);
	return e && (*e & (PTE_PRESENT | PTE_PROTNONE)) ? e : NULL;
}

static void flush_tlb_one(unsigned long va)
{
	__asm__ __volatile__("invlpg (%0)" : : "r"(va) : "memory");
}

/*
 * The leaf entry for va, from e (the entry for e_va) when both are in one table: a run of
 * pages walks the four levels once per table, not once per page.
 */
static pte_t *leaf_after(pte_t *e, unsigned long e_va, void *pgd, unsigned long va, bool create)
{
	if (e && !((va ^ e_va) >> (PAGE_SHIFT + 9)))
		return e + (va - e_va) / PAGE_SIZE;
	return walk(pgd, va, create);
}

static bool bad_run(unsigned long va, unsigned int n, unsigned int prot)
{
	return bad_user_page(va, prot) || n > (TASK_SIZE - va) / PAGE_SIZE;
}

int map_user_pages(void *pgd, unsigned long va, unsigned int n, void *const *pages,
		   unsigned int prot)
{
	pte_t *e = NULL;
	unsigned long e_va = 0;

	if (bad_run(va, n, prot))
		return -EINVAL;
	for (unsigned int i = 0; i < n; i++) {
		unsigned long a = va + i * PAGE_SIZE;
		int err = 0;

		e = leaf_after(e, e_va, pgd, a, true);
		e_va = a;
		if (!e)
			err = -ENOMEM;
		else if (*e & (PTE_PRESENT | PTE_PROTNONE))
			err = -EEXIST;
		if (err) {
			unmap_user_pages(pgd, va, i, NULL);
			return err;
		}
		*e = __pa(pages[i]) | leaf_flags(prot);
	}
	return 0;
}

void unmap_user_pages(void *pgd, unsigned long va, unsigned int n, void **pages)
{
	pte_t *e = NULL;
	unsigned long e_va = 0;

	for (unsigned int i = 0; i < n; i++) {
		unsigned long a = va + i * PAGE_SIZE;
		void *page = NULL;

		e = a < TASK_SIZE ? leaf_after(e, e_va, pgd, a, false) : NULL;
		e_va = a;
		if (e && (*e & (PTE_PRESENT | PTE_PROTNONE))) {
			page = __va(*e & PTE_ADDR_MASK);
			*e = 0;
			flush_tlb_one(a);
		}
		if (pages)
			pages[i] = page;
	}
}

int protect_user_page(void *pgd, unsigned long va, unsigned int prot)
{
	pte_t *e;

	if (bad_user_page(va, prot))
		return -EINVAL;
	e = find_leaf(pgd, va);
	if (!e)
		return -ENOENT;
	*e = (*e & PTE_ADDR_MASK) | leaf_flags(prot);
	flush_tlb_one(va);
	return 0;
}

int share_user_pages(void *dst, void *src, unsigned long va, unsigned int n, void **pages)
{
	pte_t *from = NULL, *to = NULL;
	unsigned long from_va = 0, to_va = 0;
	int err = 0;

	for (unsigned int i = 0; i < n; i++) {
		unsigned long a = va + i * PAGE_SIZE;

		pages[i] = NULL;
		from = !err && a < TASK_SIZE ? leaf_after(from, from_va, src, a, false) : NULL;
		from_va = a;
		if (!from || !(*from & (PTE_PRESENT | PTE_PROTNONE)))
			continue;
		to = leaf_after(to, to_va, dst, a, true);
		to_va = a;
		if (!to || (*to & (PTE_PRESENT | PTE_PROTNONE))) {
			err = to ? -EEXIST : -ENOMEM;
			continue;
		}
		if (*from & PTE_WRITE) {
			*from &= ~PTE_WRITE;
			flush_tlb_one(a);
		}
		*to = *from;
		pages[i] = __va(*from & PTE_ADDR_MASK);
	}
	return err;
}

int lookup_user_page(void *pgd, unsigned long va, phys_addr_t *pa, unsigned int *prot)
{
	pte_t *e = find_leaf(pgd, va);

	if (!e)
		return -ENOENT;
	if (pa)
		*pa = *e & PTE_ADDR_MASK;
	if (prot)
		*prot = !(*e & PTE_PRESENT) ? 0 :
			VM_READ | (*e & PTE_WRITE ? VM_WRITE : 0) | (*e & PTE_NX ? 0 : VM_EXEC);
	return 0;
}

/*
 * rep movsq on every CPU, ERMS or not: 512 repetitions, where memcpy_orig()'s
 * loop takes 1,152 instructions for a page (Linux's copy_page() does the
 * same on the CPUs whose string instructions it marks fast, REP_GOOD).
 */
void copy_page(void *to, const void *from)
{
	unsigned long n = PAGE_SIZE / 8;

	__asm__ __volatile__("rep movsq" : "+D"(to), "+S"(from), "+c"(n) : : "memory");
}

void switch_mm(void *pgd)
{
	unsigned long cr3 = pgd ? __pa(pgd) : kernel_pgd_phys();

	if (read_cr3() != cr3)
		write_cr3(cr3);
}

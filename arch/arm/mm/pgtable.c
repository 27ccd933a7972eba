/*
 * The 32-bit ARM kernel page tables (the interface: include/kernel/pgtable.h).
 *
 * Short-descriptor format, two levels (asm/pgtable.h has the bits): a
 * first-level table of 4096 entries, one per MiB, and second-level tables
 * of 256 small pages. The direct map and the device window use 1 MiB
 * sections; the image uses 4 KiB pages so that each of its sections, and
 * the stack guard page, gets its own permissions:
 *   .text, .init.text          read-only, executable
 *   .rodata, __ex_table ...    read+write until mark_rodata_ro(), then
 *                              read-only; never executable
 *   init data, per-CPU template,
 *   .data, __bug_table, .bss   read+write, never executable
 *   boot_stack_guard           not mapped: a stack overflow data-aborts
 *   the direct map             read+write, never executable (sections;
 *                              small pages with debug_pagealloc=on, so
 *                              that __kernel_map_pages() can unmap one)
 *   the device window          Device memory, never executable (sections)
 * Nothing else is mapped: not the identity map head.S needed to switch the
 * MMU on, not the first MiB of the image window, nothing below PAGE_OFFSET.
 *
 * The CPU honours these bits because domain 0, where every entry lives, is
 * a DACR "client" (head.S); SCTLR.AFE = 0 keeps AP[0] a permission bit.
 * Faults go to the data abort vector, where fixup_exception() recovers the
 * nofault accessors (asm/uaccess.h) whatever the fault status: translation
 * fault (unmapped) or permission fault (read-only).
 *
 * Every CPU loads this table into TTBR1, for the addresses from TASK_SIZE
 * up, and a process's own table (or an empty one) into TTBR0
 * (arch/arm/mm/mmu_context.c explains the split).
 *
 * For SMP (asm/pgtable.h): every CPU loads this same table (kernel_ttbr1());
 * secondary CPUs' stacks are mapped in 4 KiB pages in the last 16 MiB of
 * the image window, each with an unmapped guard page below
 * (map_stack_with_guard()).
 */
#include <asm-generic/boot_stack.h>
#include <asm/domain.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/pgtable.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/string.h>

/* Secondary CPUs' stacks: the end of the image window, far above the image. */
#define STACK_AREA_START	(KERNEL_VMA_BASE + KERNEL_WINDOW_SIZE - 0x01000000)
#define STACK_AREA_END		(KERNEL_VMA_BASE + KERNEL_WINDOW_SIZE)

static pmd_t *kernel_pgd;

/* Nothing mapped: TTBR0 while a kernel thread runs, so that a user address faults there too. */
static pmd_t empty_user_pgd[USER_PTRS_PER_PGD] __aligned(USER_PGD_SIZE);

static pmd_t *pmd_of(unsigned long va)
{
	return &kernel_pgd[va >> SECTION_SHIFT];
}

/* The small-page entry for va, or NULL when its MiB has no second-level table. */
static pte_t *pte_of(unsigned long va)
{
	pmd_t pmd = *pmd_of(va);

	if ((pmd & PMD_TYPE_MASK) != PMD_TYPE_TABLE)
		return NULL;
	return (pte_t *)__va(pmd & PMD_TABLE_ADDR_MASK) + ((va >> PAGE_SHIFT) & (PTRS_PER_PTE - 1));
}

/*
 * The table walker reads memory, not the data cache (unless ID_MMFR3 says
 * the walks are coherent, as on cortex-a7/a15): after writing a table, clean
 * its cache lines to the point of unification (DCCMVAU). A DSB before the
 * walker may look (set_ttbr0(), flush_tlb_kernel()) completes the cleans.
 */
void clean_for_walker(const void *start, unsigned long size)
{
	unsigned long ctr, line, p, end = (unsigned long)start + size;

	__asm__ __volatile__("mrc p15, 0, %0, c0, c0, 1" : "=r"(ctr));	/* CTR */
	line = 4ul << ((ctr >> 16) & 0xf);	/* DminLine: log2 of words per line */
	for (p = (unsigned long)start & ~(line - 1); p < end; p += line)
		__asm__ __volatile__("mcr p15, 0, %0, c7, c11, 1" : : "r"(p) : "memory");
}

static void set_entry(u32 *entry, u32 val)
{
	*entry = val;
	clean_for_walker(entry, sizeof(*entry));
}

/*
 * After changing live entries: drop every cached translation and branch
 * prediction, on every CPU of the inner-shareable domain (the "IS" forms of
 * the Multiprocessing Extensions, which every core -M virt boots has: so
 * secondary CPUs are covered once they run), then wait for that.
 */
static void flush_tlb_kernel(void)
{
	__asm__ __volatile__("dsb ish\n\t"
			     "mcr p15, 0, %0, c8, c3, 0\n\t"	/* TLBIALLIS */
			     "mcr p15, 0, %0, c7, c1, 6\n\t"	/* BPIALLIS */
			     "dsb ish\n\t"
			     "isb"
			     : : "r"(0) : "memory");
}

/* Second-level tables are 1 KiB: four share one page from the allocator (never given back). */
static pte_t *alloc_pte_table(void)
{
	static pte_t *pool;
	static unsigned int left;

	if (!left) {
		pool = alloc_page();
		if (!pool)
			panic("paging: out of memory for page tables");
		memset(pool, 0, PAGE_SIZE);
		clean_for_walker(pool, PAGE_SIZE);
		left = PAGE_SIZE / PTE_TABLE_SIZE;
	}
	left--;
	return pool + left * PTRS_PER_PTE;
}

static pte_t *pte_create(unsigned long va)
{
	pmd_t *pmd = pmd_of(va);

	if ((*pmd & PMD_TYPE_MASK) != PMD_TYPE_TABLE)
		set_entry(pmd, (u32)__pa(alloc_pte_table()) | PMD_TYPE_TABLE);	/* domain 0 */
	return pte_of(va);
}

static const pte_t prot_bits[] = {
	[KERNEL_PROT_NONE] = 0,
	[KERNEL_PROT_RW] = PTE_NORMAL | PTE_XN,
	[KERNEL_PROT_RO] = PTE_NORMAL | PTE_APX | PTE_XN,
	[KERNEL_PROT_RX] = PTE_NORMAL | PTE_APX,
};

int alloc_kernel_tables(unsigned long start, unsigned long end)
{
	for (unsigned long va = start; va < end; va += SECTION_SIZE)
		pte_create(va);
	return 0;
}

/* A new entry was never valid, so no TLB holds it: finishing the clean is enough. */
int map_kernel_page(unsigned long va, phys_addr_t pa, enum kernel_prot prot)
{
	set_entry(pte_create(va), (u32)pa | prot_bits[prot]);
	__asm__ __volatile__("dsb ish" ::: "memory");
	return 0;
}

void set_kernel_page_prot(unsigned long va, enum kernel_prot prot)
{
	pte_t *pte = pte_of(va);

	if (pte && (*pte & PTE_TYPE_SMALL))
		set_entry(pte, (*pte & PTE_ADDR_MASK) | prot_bits[prot]);
}

/* The IS forms of flush_tlb_kernel() reach every CPU already. */
void flush_tlb_kernel_all(void)
{
	flush_tlb_kernel();
}

/*
 * debug_pagealloc: an unmapped page's entry is 0 (a translation fault), and
 * TLBIMVAAIS (after the dsb that completes the clean) drops it from every
 * CPU's TLB. A page mapped again needs no TLB work: no TLB holds a fault.
 */
void __kernel_map_pages(void *addr, int numpages, int enable)
{
	for (unsigned long va = (unsigned long)addr, i = 0; i < (unsigned long)numpages;
	     i++, va += PAGE_SIZE) {
		set_entry(pte_of(va), enable ? (u32)__pa((void *)va) | PTE_NORMAL | PTE_XN : 0);
		if (!enable)
			__asm__ __volatile__("dsb ish\n\t"
					     "mcr p15, 0, %0, c8, c3, 3"	/* TLBIMVAAIS */
					     : : "r"(va) : "memory");
	}
	__asm__ __volatile__("dsb ish\n\tisb" ::: "memory");
}

static pte_t __init image_page_flags(unsigned long va)
{
	if (in_section(va, _text, __start_rodata) || in_section(va, __init_begin, __init_data_begin))
		return PTE_NORMAL | PTE_APX;
	return PTE_NORMAL | PTE_XN;
}

/* RAM from the memory map, up to what the direct map can hold, in sections. */
static phys_addr_t __init map_direct(void)
{
	phys_addr_t mapped = 0;

	for (int i = 0; i < boot_info.nr_mem; i++) {
		phys_addr_t start = boot_info.mem[i].base & ~(phys_addr_t)(SECTION_SIZE - 1);
		phys_addr_t end = boot_info.mem[i].base + boot_info.mem[i].size;

		if (start < PHYS_OFFSET)
			start = PHYS_OFFSET;
		if (end > DIRECT_MAP_PHYS_END)
			end = DIRECT_MAP_PHYS_END;
		for (phys_addr_t pa = start; pa < end; pa += SECTION_SIZE) {
			if (debug_pagealloc_enabled_early)
				for (phys_addr_t p = pa; p < pa + SECTION_SIZE; p += PAGE_SIZE)
					set_entry(pte_create((unsigned long)__va(p)),
						  (u32)p | PTE_NORMAL | PTE_XN);
			else
				set_entry(pmd_of((unsigned long)__va(pa)),
					  (u32)pa | PMD_SECT_NORMAL | PMD_SECT_XN);
			mapped += SECTION_SIZE;
		}
	}
	return mapped;
}

/*
 * Move from the boot table (TTBR0 alone, TTBCR.N = 0) to the split: the
 * kernel's table in TTBR1 first, then TTBCR.N, from which on the code
 * running here (above TASK_SIZE) is fetched through TTBR1, then the empty
 * user table in TTBR0. Both kernel tables map the image, the stack and the
 * direct map at the same places, so the code and its data stay valid
 * throughout; the TLB flush afterwards drops what the boot table left
 * behind (its identity map above all). secondary.S does the same.
 */
static void __init set_ttbrs(void)
{
	__asm__ __volatile__("dsb ish\n\t"			/* the cleans are done */
			     "mcr p15, 0, %0, c2, c0, 1\n\t"	/* TTBR1 */
			     "isb\n\t"
			     "mcr p15, 0, %2, c2, c0, 2\n\t"	/* TTBCR */
			     "isb\n\t"
			     "mcr p15, 0, %1, c2, c0, 0\n\t"	/* TTBR0 */
			     "isb\n\t"
			     "mcr p15, 0, %3, c8, c7, 0\n\t"	/* TLBIALL */
			     "mcr p15, 0, %3, c7, c5, 0\n\t"	/* ICIALLU */
			     "mcr p15, 0, %3, c7, c5, 6\n\t"	/* BPIALL */
			     "dsb ish\n\t"
			     "isb"
			     : : "r"(kernel_ttbr1()), "r"(empty_user_ttbr0()), "r"(TTBCR_SPLIT), "r"(0)
			     : "memory");
}

void __init paging_init(void)
{
	phys_addr_t direct;

	/* 16 KiB, and aligned to it: every buddy block is aligned to its size. */
	kernel_pgd = alloc_pages(2);
	if (!kernel_pgd)
		panic("paging: out of memory for the first-level table");
	memset(kernel_pgd, 0, PGD_TABLE_SIZE);
	clean_for_walker(kernel_pgd, PGD_TABLE_SIZE);

	direct = map_direct();
	for (unsigned long pa = IO_PHYS_BASE; pa < IO_PHYS_BASE + IO_SIZE; pa += SECTION_SIZE)
		set_entry(pmd_of((unsigned long)IO_ADDRESS(pa)), pa | PMD_SECT_DEVICE);
	for (unsigned long va = (unsigned long)_text; va < (unsigned long)_end; va += PAGE_SIZE) {
		if (va == (unsigned long)boot_stack_guard)
			continue;
		set_entry(pte_create(va), (u32)__pa((void *)va) | image_page_flags(va));
	}

	set_ttbrs();
	pr_info("paging: kernel page tables: image in 4K pages by section, %lluM direct map%s\n",
		(unsigned long long)(direct >> 20),
		debug_pagealloc_enabled_early ? " in 4K pages" : "");
	pr_info("paging: TTBR0 below %#lx (processes, domain %d), TTBR1 above (kernel, domain %d)\n",
		(unsigned long)TASK_SIZE, DOMAIN_USER, DOMAIN_KERNEL);
}

void mark_rodata_ro(void)
{
	for (char *p = __start_rodata; p < __end_rodata; p += PAGE_SIZE) {
		pte_t *pte = pte_of((unsigned long)p);

		set_entry(pte, *pte | PTE_APX);
	}
	flush_tlb_kernel();
	pr_info("Write protecting the kernel read-only data: %luk\n",
		(unsigned long)(__end_rodata - __start_rodata) >> 10);
}

void unmap_kernel_range(unsigned long start, unsigned long end)
{
	for (unsigned long va = start & ~(PAGE_SIZE - 1ul); va < end; va += PAGE_SIZE) {
		pte_t *pte = pte_of(va);

		if (pte)
			set_entry(pte, 0);
	}
	flush_tlb_kernel();
}

/*
 * Is an entry with these bits writable and executable at PL1? The domain's
 * DACR field decides first: no access hides the mapping, a manager domain
 * ignores AP and XN alike (everything W+X), a client checks them. With
 * SCTLR.AFE = 0 every AP[2:0] with APX clear and AP[1:0] non-zero lets PL1
 * write.
 */
static bool is_wx(unsigned long dacr, unsigned int domain, bool apx, bool ap, bool xn)
{
	switch ((dacr >> (2 * domain)) & 3) {
	case 1:
		return !apx && ap && !xn;
	case 3:
		return true;
	default:
		return false;
	}
}

unsigned long count_wx_pages(void)
{
	unsigned long dacr, n = 0;

	__asm__ __volatile__("mrc p15, 0, %0, c3, c0, 0" : "=r"(dacr));	/* DACR */
	for (int i = 0; i < PTRS_PER_PGD; i++) {
		pmd_t pmd = kernel_pgd[i];
		unsigned int domain = (pmd >> PMD_DOMAIN_SHIFT) & 0xf;
		const pte_t *table;

		/* Most of the 4096 entries map nothing: skip them before anything else. */
		if (!(pmd & PMD_TYPE_MASK))
			continue;
		if (pmd & PMD_TYPE_SECT) {
			/* A section, or one of a supersection's 16 copies (always domain 0): 1 MiB. */
			if (pmd & PMD_SECT_SUPER)
				domain = 0;
			if (is_wx(dacr, domain, pmd & PMD_SECT_APX, pmd & (PMD_SECT_AP1 | PMD_SECT_AP0),
				  pmd & (PMD_SECT_XN | PMD_SECT_PXN)))
				n += PTRS_PER_PTE;
			continue;
		}
		if ((pmd & PMD_TYPE_MASK) != PMD_TYPE_TABLE)
			continue;
		table = __va(pmd & PMD_TABLE_ADDR_MASK);
		for (int j = 0; j < PTRS_PER_PTE; j++) {
			pte_t pte = table[j];

			/* A small page, or one of a 64 KiB large page's 16 copies: 4 KiB either way. */
			if ((pte & (PTE_TYPE_SMALL | PTE_TYPE_LARGE)) &&
			    is_wx(dacr, domain, pte & PTE_APX, pte & (PTE_AP1 | PTE_AP0), (pmd & PMD_TABLE_PXN) ||
				  (pte & PTE_TYPE_SMALL ? pte & PTE_XN : pte & PTE_LARGE_XN)))
				n++;
		}
	}
	return n;
}

u32 kernel_ttbr1(void)
{
	return (u32)__pa(kernel_pgd) | TTBR_WALK;
}

u32 empty_user_ttbr0(void)
{
	return (u32)__pa(empty_user_pgd) | TTBR_WALK;
}

void *__init map_stack_with_guard(void *block, unsigned long size)
{
	static unsigned long next = STACK_AREA_START;
	unsigned long va = next + PAGE_SIZE;	/* the guard page below stays unmapped */

	if ((unsigned long)_end > STACK_AREA_START)
		panic("paging: the image reaches into the stack area at %#lx",
		      (unsigned long)STACK_AREA_START);
	if (va + size > STACK_AREA_END)
		return NULL;
	next = va + size;
	for (unsigned long off = 0; off < size; off += PAGE_SIZE)
		set_entry(pte_create(va + off),
			  (u32)__pa((char *)block + off) | PTE_NORMAL | PTE_XN);
	/* The new entries were never valid, so no TLB holds them: just finish the cleans. */
	__asm__ __volatile__("dsb ish" ::: "memory");
	return (void *)va;
}

bool in_stack_guard_page(unsigned long addr)
{
	pte_t *pte;

	if (addr < STACK_AREA_START || addr >= STACK_AREA_END)
		return false;
	pte = pte_of(addr);
	return !pte || !(*pte & PTE_TYPE_SMALL);
}

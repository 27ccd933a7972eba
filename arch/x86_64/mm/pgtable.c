/*
 * The x86_64 kernel page tables (the interface: include/kernel/pgtable.h).
 *
 * Four levels: PML4 -> PDPT -> PD -> PT. The direct map uses 2 MiB pages
 * (PS in the PD entry): it is plain RAM, read+write, never executable;
 * with debug_pagealloc=on it uses 4 KiB pages instead, so that
 * __kernel_map_pages() can unmap one free page (Linux does the same). The
 * image uses 4 KiB pages so that each section, and the stack guard page,
 * gets its own permissions:
 *   .text, .init.text        present, read-only, executable
 *   .rodata (until mark_rodata_ro), per-CPU template, init data,
 *   .data, .bss              writable, NX
 *   after mark_rodata_ro():  .rodata read-only, NX
 * CR0.WP makes read-only apply to the kernel too; EFER.NXE (set in
 * head.S) makes the NX bit count.
 *
 * For SMP (asm/pgtable.h): every CPU loads these same tables
 * (kernel_pgd_phys()); a starting CPU first needs a small table of its own
 * that also maps its real-mode trampoline where it runs (trampoline_pgd_*);
 * secondary CPUs' stacks are mapped in a stack area with an unmapped guard
 * page below each (map_stack_with_guard()); the local APIC's registers are
 * mapped uncached (ioremap()).
 */
#include <asm-generic/boot_stack.h>
#include <asm/page.h>
#include <kernel/atomic.h>
#include <asm/pgtable.h>
#include <asm/special_insns.h>
#include <kernel/bootinfo.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/pgtable.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/smp.h>
#include <kernel/string.h>

#define PMD_SIZE	(1ul << 21)
/* Secondary CPUs' stacks: 4 KiB pages above the image, past what the image may use. */
#define STACK_AREA_START 0xffffffffc0000000ul
#define STACK_AREA_END	0xffffffffc1000000ul

static pte_t *kernel_pml4;

static pte_t *__init next_table(pte_t *entry)
{
	if (!(*entry & PTE_PRESENT)) {
		pte_t *table = alloc_page();

		if (!table)
			panic("paging: out of memory for page tables");
		memset(table, 0, PAGE_SIZE);
		/* Intermediate levels allow everything; the leaf decides. */
		*entry = __pa(table) | PTE_PRESENT | PTE_WRITE;
	}
	return __va(*entry & PTE_ADDR_MASK);
}

/* The entry for va at `level` (0 = PT, 1 = PD), creating the tables above it. */
static pte_t *__init walk_create(unsigned long va, int level)
{
	pte_t *table = kernel_pml4;

	for (int l = 3; l > level; l--)
		table = next_table(&table[table_index(va, l)]);
	return &table[table_index(va, level)];
}

/* The 4 KiB entry for va, or NULL when no page table covers it. */
static pte_t *lookup_pte(unsigned long va)
{
	pte_t *table = kernel_pml4;

	for (int l = 3; l > 0; l--) {
		pte_t e = table[table_index(va, l)];

		if (!(e & PTE_PRESENT) || (e & PTE_HUGE))
			return NULL;
		table = __va(e & PTE_ADDR_MASK);
	}
	return &table[table_index(va, 0)];
}

static void flush_tlb_all(void)
{
	write_cr3(read_cr3());
}

static void flush_tlb_one_cpu(void *info)
{
	(void)info;
	flush_tlb_all();
}

/* Every CPU, not just this one: the others may hold translations of what changed. */
void flush_tlb_kernel_all(void)
{
	on_each_cpu(flush_tlb_one_cpu, NULL, true);
}

/* The 4 KiB entry for va, creating the tables above it at any time; NULL without memory. */
static pte_t *pte_alloc(unsigned long va)
{
	pte_t *table = kernel_pml4;

	for (int l = 3; l > 0; l--) {
		pte_t *e = &table[table_index(va, l)];

		if (!(*e & PTE_PRESENT)) {
			pte_t *new = alloc_page();

			if (!new)
				return NULL;
			memset(new, 0, PAGE_SIZE);
			*e = __pa(new) | PTE_PRESENT | PTE_WRITE;
		} else if (*e & PTE_HUGE) {
			return NULL;
		}
		table = __va(*e & PTE_ADDR_MASK);
	}
	return &table[table_index(va, 0)];
}

static const pte_t prot_bits[] = {
	[KERNEL_PROT_NONE] = 0,
	[KERNEL_PROT_RW] = PTE_PRESENT | PTE_WRITE | PTE_NX,
	[KERNEL_PROT_RO] = PTE_PRESENT | PTE_NX,
	[KERNEL_PROT_RX] = PTE_PRESENT,
};

/* One pte_alloc() per last-level table (2 MiB of addresses), not per page. */
int alloc_kernel_tables(unsigned long start, unsigned long end)
{
	for (unsigned long va = start; va < end; va = (va & ~(PMD_SIZE - 1)) + PMD_SIZE)
		if (!pte_alloc(va))
			return -ENOMEM;
	return 0;
}

int map_kernel_page(unsigned long va, phys_addr_t pa, enum kernel_prot prot)
{
	pte_t *pte = pte_alloc(va);

	if (!pte)
		return -ENOMEM;
	*pte = pa | prot_bits[prot];
	__asm__ __volatile__("invlpg (%0)" : : "r"(va) : "memory");
	return 0;
}

void set_kernel_page_prot(unsigned long va, enum kernel_prot prot)
{
	pte_t *pte = lookup_pte(va);

	if (pte && (*pte & PTE_PRESENT))
		*pte = (*pte & PTE_ADDR_MASK) | prot_bits[prot];
}

/* Bumped by each unmap of __kernel_map_pages(); a CPU that sees a new value flushes its TLB. */
static atomic_t unmap_generation = ATOMIC_INIT(0);
static DEFINE_PER_CPU(int, unmap_generation_seen);

/*
 * debug_pagealloc: the present bit alone, so the entry keeps its address
 * and permissions. This CPU drops its own translation with invlpg. The
 * others are not sent an IPI and waited for, which could deadlock: pages
 * are freed with interrupts off and under locks (Linux flushes only the
 * local CPU here, for that reason). Instead each CPU flushes its whole TLB
 * when it sees the generation move (debug_pagealloc_flush_tlb()): on its
 * next tick, and on waking from idle, so before it runs an on_each_cpu()
 * call. A page mapped again needs no flush: x86 keeps no translation of a
 * not-present entry.
 */
void __kernel_map_pages(void *addr, int numpages, int enable)
{
	for (int i = 0; i < numpages; i++) {
		unsigned long va = (unsigned long)addr + i * PAGE_SIZE;
		pte_t *pte = lookup_pte(va);

		if (enable) {
			*pte |= PTE_PRESENT;
		} else {
			*pte &= ~PTE_PRESENT;
			__asm__ __volatile__("invlpg (%0)" : : "r"(va) : "memory");
		}
	}
	if (!enable)	/* a full barrier: the entries, before a CPU sees the new generation */
		atomic_add_return(1, &unmap_generation);
}

void debug_pagealloc_flush_tlb(void)
{
	int gen = atomic_read(&unmap_generation);

	if (this_cpu_read(unmap_generation_seen) == gen)
		return;
	this_cpu_write(unmap_generation_seen, gen);
	flush_tlb_all();	/* a serializing write to CR3: no load passes it */
}

static pte_t __init image_page_flags(unsigned long va)
{
	if (in_section(va, _text, _etext) || in_section(va, _sinittext, __init_data_begin))
		return PTE_PRESENT;
	return PTE_PRESENT | PTE_WRITE | PTE_NX;
}

void __init paging_init(void)
{
	phys_addr_t ram_end = 0;

	kernel_pml4 = alloc_page();
	memset(kernel_pml4, 0, PAGE_SIZE);

	for (int i = 0; i < boot_info.nr_mem; i++) {
		phys_addr_t end = boot_info.mem[i].base + boot_info.mem[i].size;

		if (end > ram_end)
			ram_end = end;
	}
	if (ram_end > DIRECT_MAP_PHYS_END)
		ram_end = DIRECT_MAP_PHYS_END;
	/* The same range either way: up to a 2 MiB boundary, where ACPI's tables may lie. */
	if (debug_pagealloc_enabled_early)
		for (phys_addr_t pa = 0; pa < ALIGN(ram_end, PMD_SIZE); pa += PAGE_SIZE)
			*walk_create((unsigned long)__va(pa), 0) = pa | PTE_PRESENT | PTE_WRITE | PTE_NX;
	else
		for (phys_addr_t pa = 0; pa < ram_end; pa += PMD_SIZE)
			*walk_create((unsigned long)__va(pa), 1) = pa | PTE_PRESENT | PTE_WRITE |
								   PTE_HUGE | PTE_NX;

	for (unsigned long va = (unsigned long)_text; va < (unsigned long)_end; va += PAGE_SIZE) {
		if (va == (unsigned long)boot_stack_guard)
			continue;
		*walk_create(va, 0) = __pa((void *)va) | image_page_flags(va);
	}

	write_cr3(__pa(kernel_pml4));
	pr_info("paging: kernel page tables: image in 4K pages by section, %lluM direct map%s\n",
		(unsigned long long)(ram_end >> 20),
		debug_pagealloc_enabled_early ? " in 4K pages" : "");
}

void mark_rodata_ro(void)
{
	for (char *p = __start_rodata; p < __end_rodata; p += PAGE_SIZE)
		*lookup_pte((unsigned long)p) &= ~PTE_WRITE;
	flush_tlb_all();
	pr_info("Write protecting the kernel read-only data: %luk\n",
		(unsigned long)(__end_rodata - __start_rodata) >> 10);
}

void unmap_kernel_range(unsigned long start, unsigned long end)
{
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		pte_t *pte = lookup_pte(va);

		if (pte)
			*pte = 0;
		__asm__ __volatile__("invlpg (%0)" : : "r"(va) : "memory");
	}
}

/* Pages mapped W+X below `table` at `level`, given what the levels above allow. */
static unsigned long count_wx(const pte_t *table, int level, bool writable, bool executable)
{
	unsigned long n = 0;

	for (int i = 0; i < PTRS_PER_TABLE; i++) {
		pte_t e = table[i];
		bool w, x;

		/* Most entries are empty: skip them before anything else. */
		if (!(e & PTE_PRESENT))
			continue;
		w = writable && (e & PTE_WRITE);
		x = executable && !(e & PTE_NX);
		if (level == 0 || (e & PTE_HUGE))
			n += (w && x) ? 1ul << (9 * level) : 0;
		else
			n += count_wx(__va(e & PTE_ADDR_MASK), level - 1, w, x);
	}
	return n;
}

unsigned long count_wx_pages(void)
{
	return count_wx(kernel_pml4, 3, true, true);
}

phys_addr_t kernel_pgd_phys(void)
{
	return __pa(kernel_pml4);
}

static pte_t *trampoline_tables[3];

/*
 * A PML4 for a CPU climbing out of real mode: the kernel half of
 * kernel_pml4 (shared, not copied, below the top level) plus physical
 * [0, 2 MiB) mapped at its own address and executable, where the
 * trampoline runs when paging comes on. Its CR3 must fit in 32 bits: every
 * page the allocator hands out lies below 2 GiB.
 */
phys_addr_t __init trampoline_pgd_create(void)
{
	for (int i = 0; i < 3; i++) {
		trampoline_tables[i] = alloc_page();
		if (!trampoline_tables[i])
			panic("paging: out of memory for the trampoline's page table");
		memset(trampoline_tables[i], 0, PAGE_SIZE);
	}
	for (int i = PTRS_PER_TABLE / 2; i < PTRS_PER_TABLE; i++)
		trampoline_tables[0][i] = kernel_pml4[i];
	trampoline_tables[0][0] = __pa(trampoline_tables[1]) | PTE_PRESENT | PTE_WRITE;
	trampoline_tables[1][0] = __pa(trampoline_tables[2]) | PTE_PRESENT | PTE_WRITE;
	trampoline_tables[2][0] = 0 | PTE_PRESENT | PTE_WRITE | PTE_HUGE;
	return __pa(trampoline_tables[0]);
}

void __init trampoline_pgd_free(void)
{
	for (int i = 0; i < 3; i++) {
		free_page(trampoline_tables[i]);
		trampoline_tables[i] = NULL;
	}
}

void *__init map_stack_with_guard(void *block, unsigned long size)
{
	static unsigned long next = STACK_AREA_START;
	unsigned long va = next + PAGE_SIZE;	/* the guard page below stays unmapped */

	if (va + size > STACK_AREA_END)
		return NULL;
	next = va + size;
	for (unsigned long off = 0; off < size; off += PAGE_SIZE)
		*walk_create(va + off, 0) = __pa((char *)block + off) |
					    PTE_PRESENT | PTE_WRITE | PTE_NX;
	return (void *)va;
}

bool in_stack_guard_page(unsigned long addr)
{
	pte_t *pte;

	if (addr < STACK_AREA_START || addr >= STACK_AREA_END)
		return false;
	pte = lookup_pte(addr);
	return !pte || !(*pte & PTE_PRESENT);
}

/*
 * At __va(phys), like RAM, but in 4 KiB pages with caching off (PCD, PWT):
 * a device register must be read and written where it is, every time.
 */
void *__init ioremap(phys_addr_t phys, unsigned long size)
{
	phys_addr_t first = phys & ~(phys_addr_t)(PAGE_SIZE - 1);

	/* Below DIRECT_MAP_PHYS_END the direct map's 2 MiB RAM pages would be in the way. */
	if (phys < DIRECT_MAP_PHYS_END)
		panic("ioremap: %#llx is in the direct map's range", (unsigned long long)phys);
	for (phys_addr_t pa = first; pa < phys + size; pa += PAGE_SIZE)
		*walk_create((unsigned long)__va(pa), 0) = pa | PTE_PRESENT | PTE_WRITE |
							   PTE_PCD | PTE_PWT | PTE_NX;
	return __va(phys);
}

/*
 * Where a module's sections go: Linux's layout_sections() and
 * move_module(), over the module area of asm/module.h.
 *
 * Each allocated section joins one region by its flags and name:
 * executable -> MOD_TEXT, writable -> MOD_DATA, else MOD_RODATA, and the
 * MOD_INIT_* twins for .init.* sections, which are freed after init. A
 * section the file marks both writable and executable is not refused: it
 * goes to MOD_TEXT and so loses its write permission. A
 * region is a block of pages from the page allocator, mapped at a free
 * place of the module area (a bitmap of its pages) read+write while the
 * loader fills and relocates it, then with its own permissions
 * (module_memory_protect()): text read+execute, rodata read-only, data
 * read+write, never executable. So no page of a module is ever writable
 * and executable at once, whatever the file's flags, and count_wx_pages()
 * would see one that were. The module area's page tables
 * are made once, at boot: loading and unloading then give back every
 * page they took.
 */
#include <asm/cacheflush.h>
#include <asm/module.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/module.h>
#include <kernel/mutex.h>
#include <kernel/pgtable.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/string.h>

#include "internal.h"

#define AREA_PAGES	((MODULES_END - MODULES_VADDR) / PAGE_SIZE)
#define BITS_PER_WORD	(8 * sizeof(unsigned long))
/* sh_entsize holds a section's region and offset between layout and copy, as in Linux. */
#define ENTSIZE_TYPE_SHIFT	28
#define ENTSIZE_OFFSET_MASK	((1u << ENTSIZE_TYPE_SHIFT) - 1)

static unsigned long area_used[AREA_PAGES / BITS_PER_WORD];
static bool area_ready;
static DEFINE_MUTEX(area_lock);

static const enum kernel_prot region_prot[MOD_MEM_NUM_TYPES] = {
	[MOD_TEXT] = KERNEL_PROT_RX,		[MOD_INIT_TEXT] = KERNEL_PROT_RX,
	[MOD_RODATA] = KERNEL_PROT_RO,		[MOD_INIT_RODATA] = KERNEL_PROT_RO,
	[MOD_DATA] = KERNEL_PROT_RW,		[MOD_INIT_DATA] = KERNEL_PROT_RW,
};

static bool page_used(unsigned long i)
{
	return area_used[i / BITS_PER_WORD] & (1ul << (i % BITS_PER_WORD));
}

static void mark_pages(unsigned long first, unsigned long n, bool used)
{
	for (unsigned long i = first; i < first + n; i++) {
		if (used)
			area_used[i / BITS_PER_WORD] |= 1ul << (i % BITS_PER_WORD);
		else
			area_used[i / BITS_PER_WORD] &= ~(1ul << (i % BITS_PER_WORD));
	}
}

/* First fit: the lowest run of n free pages of the area, marked used; 0 if none. */
static unsigned long area_alloc(unsigned long n)
{
	unsigned long run = 0;

	for (unsigned long i = 0; i < AREA_PAGES; i++) {
		run = page_used(i) ? 0 : run + 1;
		if (run == n) {
			mark_pages(i + 1 - n, n, true);
			return MODULES_VADDR + (i + 1 - n) * PAGE_SIZE;
		}
	}
	return 0;
}

static unsigned long region_pages(const struct module_memory *m)
{
	return (m->size + PAGE_SIZE - 1) / PAGE_SIZE;
}

unsigned long module_memory_pages(const struct module *mod)
{
	unsigned long n = 0;

	for (int t = 0; t < MOD_MEM_NUM_TYPES; t++)
		if (mod->mem[t].base)
			n += region_pages(&mod->mem[t]);
	return n;
}

static void region_free(struct module_memory *m)
{
	unsigned long va = (unsigned long)m->base, n = region_pages(m);

	for (unsigned long i = 0; i < n; i++)
		set_kernel_page_prot(va + i * PAGE_SIZE, KERNEL_PROT_NONE);
	flush_tlb_kernel_all();
	free_pages(m->block, get_order(n * PAGE_SIZE));
	mutex_lock(&area_lock);
	mark_pages((va - MODULES_VADDR) / PAGE_SIZE, n, false);
	mutex_unlock(&area_lock);
	m->base = NULL;
}

/* size bytes of zeroed memory mapped read+write in the module area. */
static int region_alloc(struct module_memory *m)
{
	unsigned long n = region_pages(m), va;
	char *block;

	if (!n)
		return 0;
	block = alloc_pages(get_order(n * PAGE_SIZE));
	if (!block)
		return -ENOMEM;
	mutex_lock(&area_lock);
	va = area_ready ? area_alloc(n) : 0;
	mutex_unlock(&area_lock);
	if (!va) {
		free_pages(block, get_order(n * PAGE_SIZE));
		return -ENOMEM;
	}
	memset(block, 0, n * PAGE_SIZE);
	for (unsigned long i = 0; i < n; i++)
		map_kernel_page(va + i * PAGE_SIZE, __pa(block + i * PAGE_SIZE), KERNEL_PROT_RW);
	m->base = (void *)va;
	m->block = block;
	return 0;
}

static enum mod_mem_type section_type(const struct load_info *info, const Elf_Shdr *s)
{
	bool init = !strncmp(info->secstrings + s->sh_name, ".init", 5);

	if (s->sh_flags & SHF_EXECINSTR)
		return init ? MOD_INIT_TEXT : MOD_TEXT;
	if (s->sh_flags & SHF_WRITE)
		return init ? MOD_INIT_DATA : MOD_DATA;
	return init ? MOD_INIT_RODATA : MOD_RODATA;
}

/* Each allocated section's region and offset, parked in sh_entsize; the regions' sizes. */
static int layout_sections(struct load_info *info, struct module_memory *mem)
{
	for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
		Elf_Shdr *s = &info->sechdrs[i];
		enum mod_mem_type t;
		unsigned long align = s->sh_addralign ? s->sh_addralign : 1, offset;

		if (!(s->sh_flags & SHF_ALLOC))
			continue;
		t = section_type(info, s);
		offset = (mem[t].size + align - 1) & ~(align - 1);
		if (s->sh_size > MODULES_END - MODULES_VADDR - offset) {
			pr_err("module %s: %s does not fit in the module area\n", info->name,
			       info->secstrings + s->sh_name);
			return -ENOEXEC;
		}
		mem[t].size = offset + s->sh_size;
		s->sh_entsize = ((Elf_Addr)t << ENTSIZE_TYPE_SHIFT) | offset;
	}
	return 0;
}

_Static_assert(offsetof(struct module, init) == THIS_MODULE_INIT_OFFSET &&
	       offsetof(struct module, exit) == THIS_MODULE_EXIT_OFFSET,
	       "elf_check.c lets relocations change struct module at init and exit only");

/*
 * Of the file's struct module only what scripts/modpost wrote is kept:
 * the name (NUL-terminated, elf_check.c), init and exit (relocated later,
 * then checked: load_module()). Every other field is the kernel's and
 * starts at zero, whatever bytes the file held there: a file-chosen args
 * or kallsyms pointer would reach kfree(), a per-CPU size percpu_modfree().
 */
static void init_module_struct(struct module *mod, const struct module_memory *mem)
{
	char name[MODULE_NAME_LEN];
	int (*init)(void) = mod->init;
	void (*exit)(void) = mod->exit;

	memcpy(name, mod->name, sizeof(name));
	memset(mod, 0, sizeof(*mod));
	strscpy(mod->name, name, sizeof(mod->name));
	mod->init = init;
	mod->exit = exit;
	memcpy(mod->mem, mem, sizeof(mod->mem));
}

/*
 * Lay out, allocate, copy: afterwards every allocated section's sh_addr
 * is where it now lies, and info->mod the struct module in MOD_DATA.
 */
int layout_and_allocate(struct load_info *info)
{
	struct module_memory mem[MOD_MEM_NUM_TYPES] = { 0 };
	int err;

	/* Not kept in memory (Linux clears SHF_ALLOC too): per-CPU data gets its own copies. */
	if (info->index.info)
		info->sechdrs[info->index.info].sh_flags &= ~SHF_ALLOC;
	if (info->index.pcpu)
		info->sechdrs[info->index.pcpu].sh_flags &= ~SHF_ALLOC;
	err = layout_sections(info, mem);
	for (int t = 0; !err && t < MOD_MEM_NUM_TYPES; t++)
		err = region_alloc(&mem[t]);
	if (err) {
		for (int t = 0; t < MOD_MEM_NUM_TYPES; t++)
			if (mem[t].base)
				region_free(&mem[t]);
		if (err == -ENOMEM)
			pr_err("module %s: out of memory for its sections\n", info->name);
		return err;
	}
	for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
		Elf_Shdr *s = &info->sechdrs[i];
		char *dest;

		if (!(s->sh_flags & SHF_ALLOC))
			continue;
		dest = (char *)mem[s->sh_entsize >> ENTSIZE_TYPE_SHIFT].base +
		       (s->sh_entsize & ENTSIZE_OFFSET_MASK);
		if (s->sh_type != SHT_NOBITS)
			memcpy(dest, (char *)info->hdr + s->sh_offset, s->sh_size);
		s->sh_addr = (unsigned long)dest;
	}
	info->mod = (struct module *)(unsigned long)info->sechdrs[info->index.mod].sh_addr;
	init_module_struct(info->mod, mem);
	return 0;
}

/* The final permissions, and the new code made visible to instruction fetch. */
void module_memory_protect(struct module *mod)
{
	for (int t = 0; t < MOD_MEM_NUM_TYPES; t++) {
		struct module_memory *m = &mod->mem[t];
		unsigned long va = (unsigned long)m->base;

		if (!m->base)
			continue;
		if (region_prot[t] == KERNEL_PROT_RX)
			flush_icache_range(va, va + m->size);
		for (unsigned long i = 0; i < region_pages(m); i++)
			set_kernel_page_prot(va + i * PAGE_SIZE, region_prot[t]);
	}
	flush_tlb_kernel_all();
}

/* The init regions, or all: the data region last, since struct module lives there. */
void module_memory_free(struct module *mod, bool init_only)
{
	struct module_memory data = mod->mem[MOD_DATA];

	for (int t = 0; t < MOD_MEM_NUM_TYPES; t++)
		if (mod->mem[t].base && t != MOD_DATA && (!init_only || mod_mem_type_is_init(t)))
			region_free(&mod->mem[t]);
	if (!init_only && data.base)
		region_free(&data);
}

/*
 * The module area's page tables, made once. On ARM the area must not
 * overlap the image and must be within a bl's reach of all its text.
 */
static int __init module_area_init(void)
{
	if ((unsigned long)_end > MODULES_VADDR) {
		pr_err("modules: the kernel image ends at %px, inside the module area: "
		       "no modules\n", _end);
		return -ENOMEM;
	}
	if (alloc_kernel_tables(MODULES_VADDR, MODULES_END)) {
		pr_err("modules: no memory for the module area's page tables: no modules\n");
		return -ENOMEM;
	}
	area_ready = true;
	pr_info("modules: module area %#lx-%#lx, %lu KiB\n", MODULES_VADDR, MODULES_END,
		(MODULES_END - MODULES_VADDR) >> 10);
	return 0;
}
core_initcall(module_area_init);

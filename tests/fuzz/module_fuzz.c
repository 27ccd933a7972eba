/*
 * Fuzzing the module loader on a .ko, built once per kernel arch
 * (module64_fuzz: x86_64's ELF64 and RELA relocations; module32_fuzz:
 * ARM's ELF32 and REL), from the kernel's own files: the checks
 * (kernel/module/elf_check.c), the arch's relocations
 * (arch/<arch>/kernel/module.c) and the module's kallsyms
 * (kernel/module/kallsyms.c). tests/host/modload_elf.c tests the checks
 * alone on hand-made faults; this is the coverage-guided search, and goes
 * on past them as load_module() does.
 *
 * The harness stands in for the steps between, which need the page
 * allocator and the kernel's page tables (kernel/module/memory.c) or the
 * kernel's symbol table (main.c): each allocated section is copied to its
 * own place in a model of the module area, mapped at a fixed address
 * below 4 GiB so that an ELF32 sh_addr holds it, with poisoned gaps
 * between sections, so that ASan sees a relocation that writes past its
 * section (in the kernel, into the next one); an undefined symbol is
 * resolved to a "kernel" address within reach below the area. A refusal
 * is fine; a read outside the file, a write outside a section, or a crash
 * is a bug.
 */
#include "fuzz_host.h"

#include <stdlib.h>
#include <sys/mman.h>

#include <sanitizer/asan_interface.h>

#include <asm/module.h>
#include <kernel/module.h>
#include <kernel/slab.h>
#include "../../kernel/module/internal.h"

#define AREA		((void *)0x10000000ul)
#define AREA_SIZE	(MODULES_END - MODULES_VADDR)
#define KERNEL_SYMBOL	(0x10000000ul - 0x10000)	/* what every undefined symbol resolves to */
#define PERCPU_BASE	(0x10000000ul - 0x20000)
#define GAP		16				/* poisoned bytes after each section */

static char *area;
static struct module mod;
static bool *has_address;	/* per symbol: what module_symbol_loaded() says */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	area = mmap(AREA, AREA_SIZE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (area != AREA)
		__builtin_trap();
	ASAN_POISON_MEMORY_REGION(area, AREA_SIZE);
	return 0;
}

void *kmalloc(size_t size)
{
	return malloc(size);
}

void kfree(const void *p)
{
	free((void *)p);
}

/* The list of loaded modules, as kallsyms.c sees it: the one being loaded. */
void for_each_module(void (*fn)(struct module *m, void *arg), void *arg)
{
	fn(&mod, arg);
}

/* One module, one thread: the list's lock has nothing to keep out. */
void module_list_lock(unsigned long *flags)
{
	*flags = 0;
}

void module_list_unlock(unsigned long flags)
{
}

struct module *__module_address(unsigned long addr)
{
	return addr - (unsigned long)area < AREA_SIZE ? &mod : NULL;
}

bool module_symbol_loaded(const struct load_info *info, const Elf_Sym *sym,
			  const struct module *m)
{
	return has_address[sym - info->symtab];
}

/*
 * Where layout_and_allocate() would put each allocated section: .modinfo
 * and the per-CPU data are not kept, as there. The rest in turn, .init ones
 * last (their span is MOD_INIT_TEXT, which trim_init_kallsyms() drops), each
 * aligned and unpoisoned. False if they do not fit.
 */
static bool place_sections(struct load_info *info)
{
	size_t at = 0;

	if (info->index.info)
		info->sechdrs[info->index.info].sh_flags &= ~SHF_ALLOC;
	if (info->index.pcpu)
		info->sechdrs[info->index.pcpu].sh_flags &= ~SHF_ALLOC;
	for (int init = 0; init < 2; init++) {
		size_t start = at;

		for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
			Elf_Shdr *s = &info->sechdrs[i];
			size_t align = s->sh_addralign > 8 ? s->sh_addralign : 8;
			bool is_init = !strncmp(info->secstrings + s->sh_name, ".init", 5);

			if (!(s->sh_flags & SHF_ALLOC) || is_init != init)
				continue;
			at = (at + align - 1) & ~(align - 1);
			if (at > AREA_SIZE - GAP || s->sh_size > AREA_SIZE - GAP - at)
				return false;
			ASAN_UNPOISON_MEMORY_REGION(area + at, s->sh_size);
			if (s->sh_type == SHT_NOBITS)
				memset(area + at, 0, s->sh_size);
			else
				memcpy(area + at, (char *)info->hdr + s->sh_offset, s->sh_size);
			s->sh_addr = (unsigned long)(area + at);
			at += s->sh_size + GAP;
		}
		mod.mem[init ? MOD_INIT_TEXT : MOD_TEXT].base = area + start;
		mod.mem[init ? MOD_INIT_TEXT : MOD_TEXT].size = at - start;
	}
	return true;
}

/* simplify_symbols(): every symbol's final value, or none if it names a section not kept. */
static void resolve_symbols(struct load_info *info)
{
	for (unsigned int i = 1; i < info->num_syms; i++) {
		Elf_Sym *sym = &info->symtab[i];

		has_address[i] = true;
		if (sym->st_shndx == SHN_UNDEF)
			sym->st_value = KERNEL_SYMBOL;
		else if (sym->st_shndx == info->index.pcpu)
			sym->st_value += PERCPU_BASE;
		else if (sym->st_shndx == SHN_ABS)
			continue;
		else if (info->sechdrs[sym->st_shndx].sh_flags & SHF_ALLOC)
			sym->st_value += info->sechdrs[sym->st_shndx].sh_addr;
		else
			has_address[i] = false;
	}
}

/* What %pS and the ksyms command do with a loaded module's symbols. */
static void use_kallsyms(void)
{
	char name[KSYM_NAME_LEN], modname[KSYM_NAME_LEN];
	unsigned long size, offset, addr = module_kallsyms_lookup_name("init_module");

	if (addr)
		module_address_lookup(addr, &size, &offset, modname, name);
	trim_init_kallsyms(&mod);
	for (unsigned int i = 0; i < mod.kallsyms.num; i++)
		module_address_lookup(mod.kallsyms.addr[i], &size, &offset, modname, name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct load_info info = { .len = size };

	info.hdr = malloc(size ? size : 1);	/* its exact size: ASan sees a read past it */
	memcpy(info.hdr, data, size);
	memset(&mod, 0, sizeof(mod));
	if (!elf_validity_check(&info, THIS_MODULE_SIZE)) {
		/* What load_module() reads next: early_mod_check() and the license. */
		get_modinfo(&info, "vermagic");
		get_modinfo(&info, "license");
		strscpy(mod.name, info.name, sizeof(mod.name));
		has_address = calloc(info.num_syms, sizeof(*has_address));
		if (place_sections(&info)) {
			resolve_symbols(&info);
			if (!apply_relocations(&mod, &info) && !add_kallsyms(&mod, &info)) {
				use_kallsyms();
				free_kallsyms(&mod);
			}
		}
		free(has_address);
		ASAN_POISON_MEMORY_REGION(area, AREA_SIZE);
	}
	free(info.hdr);
	return 0;
}

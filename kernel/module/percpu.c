/*
 * A module's DEFINE_PER_CPU variables: its .data..percpu section gets a
 * copy in every CPU's area, as Linux's percpu_modalloc() gives it one
 * from the reserved chunk.
 *
 * Each CPU's area (kernel/percpu.c) keeps PERCPU_MODULE_RESERVE bytes
 * after the kernel's template; a module takes the same run of them in
 * every area, found here in a bitmap of 16-byte granules. Its variables'
 * symbols then point where the template's would (__per_cpu_start plus
 * the offset into the area), so that per_cpu() and this_cpu_*() add each
 * CPU's __per_cpu_offset to them exactly as for the kernel's own: on
 * x86_64 a small number reached through %gs, on ARM an address.
 */
#include <asm/page.h>
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/mutex.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/string.h>

#include "internal.h"

#define GRANULE		16
/* Room for the biggest reserve a one-page area leaves: never more is used. */
#define GRANULES	(PAGE_SIZE / GRANULE)

static bool granule_used[GRANULES];
static DEFINE_MUTEX(percpu_module_lock);

/* The first run of n free granules starting at a multiple of align granules; -1 if none. */
static int find_run(unsigned int n, unsigned int align)
{
	for (unsigned int start = 0; start + n <= percpu_module_reserve / GRANULE && start + n <= GRANULES;
	     start += align) {
		unsigned int i = 0;

		while (i < n && !granule_used[start + i])
			i++;
		if (i == n)
			return start;
	}
	return -1;
}

int percpu_modalloc(struct module *mod, struct load_info *info)
{
	const Elf_Shdr *s;
	unsigned int n, align, cpu;
	int start;

	if (!info->index.pcpu)
		return 0;
	s = &info->sechdrs[info->index.pcpu];
	align = s->sh_addralign > GRANULE ? s->sh_addralign / GRANULE : 1;
	n = (s->sh_size + GRANULE - 1) / GRANULE;
	if (!n)
		return 0;
	if (s->sh_addralign > SMP_CACHE_BYTES) {
		pr_err("module %s: per-CPU data aligned to %llu bytes, more than %d\n", mod->name,
		       (unsigned long long)s->sh_addralign, SMP_CACHE_BYTES);
		return -ENOEXEC;
	}
	mutex_lock(&percpu_module_lock);
	start = find_run(n, align);
	if (start >= 0)
		memset(&granule_used[start], true, n);
	mutex_unlock(&percpu_module_lock);
	if (start < 0) {
		pr_err("module %s: %llu bytes of per-CPU data do not fit in the %zu reserved\n",
		       mod->name, (unsigned long long)s->sh_size, percpu_module_reserve);
		return -ENOMEM;
	}
	mod->percpu = (unsigned long)__per_cpu_start + percpu_module_base() + start * GRANULE;
	mod->percpu_size = n * GRANULE;
	for_each_possible_cpu(cpu) {
		char *copy = (char *)(mod->percpu + per_cpu_offset(cpu));

		memset(copy, 0, mod->percpu_size);
		if (s->sh_type != SHT_NOBITS)
			memcpy(copy, (char *)info->hdr + s->sh_offset, s->sh_size);
	}
	return 0;
}

void percpu_modfree(struct module *mod)
{
	unsigned long start = mod->percpu - (unsigned long)__per_cpu_start - percpu_module_base();

	if (!mod->percpu_size)
		return;
	mutex_lock(&percpu_module_lock);
	memset(&granule_used[start / GRANULE], false, mod->percpu_size / GRANULE);
	mutex_unlock(&percpu_module_lock);
	mod->percpu_size = 0;
}

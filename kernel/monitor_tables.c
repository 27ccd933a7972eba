/*
 * The monitor's commands that walk the special sections (see
 * kernel/monitor.c for the prompt). Each reads a table through its
 * start/stop symbols, as the code that uses the table does.
 *
 * The monitor runs after free_initmem(): tables in the init region
 * (.initcall*.init, .init.setup, .altinstructions, the per-CPU template)
 * are gone, and only their symbols' addresses are left. Those are still
 * worth something: kallsyms names every initcall entry
 * (__initcall_<function><level>), so `initcalls` lists them without
 * touching the freed bytes.
 */
#include <kernel/alternative.h>
#include <kernel/bug.h>
#include <kernel/cpufeature.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/init.h>
#include <kernel/kallsyms.h>
#include <kernel/mm.h>
#include <kernel/monitor.h>
#include <kernel/percpu.h>
#include <kernel/sched.h>
#include <kernel/sections.h>
#include <kernel/smp.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>

#define HEX_DIGITS	((int)(2 * sizeof(long)))

/* "init" for a section freed with the init region, ", freed" once it is. */
static const char *section_state(const struct special_section *r)
{
	if (r->start == __init_begin && r->stop == __init_end)
		return initmem_freed_pages ? "freed" : "";
	if (!r->init)
		return "";
	return initmem_freed_pages ? "init, freed" : "init";
}

static int monitor_sections(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	monitor_printf("%-20s %-*s %-*s %8s %7s\n", "section", HEX_DIGITS + 2, "start",
		       HEX_DIGITS + 2, "end", "size", "entries");
	for (size_t i = 0; i < nr_special_sections; i++) {
		const struct special_section *r = &special_sections[i];
		size_t size = (const char *)r->stop - (const char *)r->start;
		char entries[24] = "-";

		if (r->entry_size)
			snprintf(entries, sizeof(entries), "%zu", size / r->entry_size);
		monitor_printf("%-20s 0x%0*lx 0x%0*lx %8zu %7s %s\n", r->name,
			       HEX_DIGITS, (unsigned long)r->start,
			       HEX_DIGITS, (unsigned long)r->stop, size, entries, section_state(r));
	}
	return 0;
}
monitor_command("sections", "", "the special sections: start, end, size, entries", monitor_sections);

/* The function an entry calls, from the entry's own name: nothing is read from the entry. */
static void print_initcall_entry(initcall_t *entry, const char *suffix)
{
	static const char prefix[] = "__initcall_";
	char name[KSYM_NAME_LEN];
	size_t len, suffix_len = strlen(suffix);

	if (!kallsyms_lookup((unsigned long)entry, NULL, NULL, name)) {
		monitor_printf(" 0x%lx", (unsigned long)entry);
		return;
	}
	len = strlen(name);
	if (strncmp(name, prefix, sizeof(prefix) - 1) == 0 &&
	    len > sizeof(prefix) - 1 + suffix_len &&
	    strcmp(name + len - suffix_len, suffix) == 0) {
		name[len - suffix_len] = '\0';
		monitor_printf(" %s", name + sizeof(prefix) - 1);
	} else {
		monitor_printf(" %s", name);
	}
}

static int monitor_initcalls(int argc, char **argv)
{
	size_t total = 0;

	(void)argv;
	if (argc != 1)
		return -EINVAL;
	for (unsigned int i = 0; i < NR_INITCALL_LEVELS; i++) {
		const struct initcall_level *l = &initcall_levels[i];
		initcall_t *end = initcall_level_end(i);

		monitor_printf("%-7s %-9s %2zu:", l->id, l->name, (size_t)(end - l->start));
		for_each_section_entry(initcall_t, l->start, end, entry)
			print_initcall_entry(entry, l->id);
		monitor_printf("\n");
		total += end - l->start;
	}
	monitor_printf("%zu initcalls at 0x%lx; %s\n", total, (unsigned long)__initcall_start,
		       initmem_freed_pages ? "the table is freed: names from kallsyms" :
		       "names from kallsyms");
	return 0;
}
monitor_command("initcalls", "", "the initcalls, level by level", monitor_initcalls);

/* The fixup, as fixup_exception() applies it; registers are struct pt_regs slots. */
static void print_extable_entry(size_t i, const struct exception_table_entry *e)
{
	int type = e->data & 0xff;
	int err_reg = (e->data >> 8) & 0xff, zero_reg = (e->data >> 16) & 0xff;

	monitor_printf("%3zu %pS -> %pS", i, (void *)ex_insn_addr(e), (void *)ex_fixup_addr(e));
	if (type == EX_TYPE_EFAULT_REG)
		monitor_printf(", -EFAULT in regs[%d]", err_reg);
	else if (type == EX_TYPE_EFAULT_ZERO_REG)
		monitor_printf(", -EFAULT in regs[%d], 0 in regs[%d]", err_reg, zero_reg);
	else if (type != EX_TYPE_DEFAULT)
		monitor_printf(", unknown type %d", type);
	monitor_printf("\n");
}

static int monitor_extable(int argc, char **argv)
{
	size_t i = 0;

	(void)argv;
	if (argc != 1)
		return -EINVAL;
	monitor_printf("__ex_table: %zu entries, %s\n", exception_table_entries(),
		       exception_table_sorted() ? "sorted" : "NOT sorted");
	for_each_section_entry(const struct exception_table_entry, __start___ex_table,
			       __stop___ex_table, e)
		print_extable_entry(i++, e);
	return 0;
}
monitor_command("extable", "", "the exception table, symbolized", monitor_extable);

/* One CPU's copy of a per-CPU variable: &var + __per_cpu_offset[cpu]. */
static void print_percpu(unsigned int cpu, unsigned long var, unsigned long size)
{
	unsigned long addr = var + per_cpu_offset(cpu);
	u64 value = 0;
	long err;

	if (size == 1 || size == 2 || size == 4)
		err = copy_from_kernel_nofault(&value, (const void *)addr, size);
	else
		err = copy_from_kernel_nofault(&value, (const void *)addr, sizeof(value));
	if (err)
		monitor_printf("cpu %u: 0x%lx: the read faulted\n", cpu, addr);
	else
		monitor_printf("cpu %u: 0x%lx: 0x%llx%s\n", cpu, addr, (unsigned long long)value,
			       size > sizeof(value) ? " (first 8 bytes)" : "");
}

static int monitor_percpu(int argc, char **argv)
{
	unsigned long var, size;

	if (argc != 2)
		return -EINVAL;
	if (!kallsyms_symbol_range(argv[1], &var, &size)) {
		monitor_printf("percpu: no symbol '%s'\n", argv[1]);
		return 0;
	}
	/*
	 * kallsyms lists a per-CPU variable at its template in the image
	 * (__per_cpu_load + offset: on x86_64 its linked address is the bare
	 * offset); turn that into its linked address.
	 */
	if (in_section(var, __per_cpu_load, __per_cpu_load + (__per_cpu_end - __per_cpu_start)))
		var = var - (unsigned long)__per_cpu_load + (unsigned long)__per_cpu_start;
	if (!in_section(var, __per_cpu_start, __per_cpu_end)) {
		monitor_printf("percpu: %s is not a per-CPU variable (outside .data..percpu)\n",
			       argv[1]);
		return 0;
	}
	monitor_printf("%s: %lu bytes at offset 0x%lx of each CPU's area\n", argv[1], size,
		       var - (unsigned long)__per_cpu_start);
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
		print_percpu(cpu, var, size);
	return 0;
}
monitor_command("percpu", "VAR", "a per-CPU variable on every CPU", monitor_percpu);

/*
 * .altinstructions and .altinstr_replacement are freed before the monitor
 * runs, so a late initcall notes each site while they still exist: patched
 * means the site holds exactly what apply_alternatives() would write there.
 */
#define ALT_SITES_MAX	512	/* ARM has some 150 (each spinlock is an "up" site) */

static struct alt_site_state {
	const u8 *site;
	u16 feature;
	u8 len;
	bool patched;
} alt_sites[ALT_SITES_MAX];
static unsigned int alt_sites_total;

static int __init note_alternatives(void)
{
	u8 buf[255];	/* instrlen is a u8 */

	if (!monitor_wanted())
		return 0;
	for_each_section_entry(struct alt_instr, __alt_instructions, __alt_instructions_end, a) {
		struct alt_site_state *s;

		if (alt_sites_total++ >= ALT_SITES_MAX)
			continue;
		s = &alt_sites[alt_sites_total - 1];
		alt_patched_bytes(a, buf);
		s->site = alt_site(a);
		s->feature = a->feature;
		s->len = a->instrlen;
		s->patched = memcmp(s->site, buf, a->instrlen) == 0;
	}
	return 0;
}
late_initcall(note_alternatives);

static int monitor_alternatives(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	monitor_printf("alternatives: %u sites, apply_alternatives() %s\n", alt_sites_total,
		       alternatives_patched ? "ran" : "did not run (noalternatives)");
	for (unsigned int i = 0; i < alt_sites_total && i < ALT_SITES_MAX; i++) {
		const struct alt_site_state *s = &alt_sites[i];
		unsigned int feature = s->feature & ~ALT_FLAG_NOT;
		const char *name = cpu_feature_name(feature);

		monitor_printf("%3u %-34pS %s%-8s cpu has it: %-3s %s (%u bytes)\n", i, s->site,
			       s->feature & ALT_FLAG_NOT ? "!" : "", name ? name : "?",
			       cpu_has(feature) ? "yes" : "no", s->patched ? "patched" : "original",
			       s->len);
	}
	if (alt_sites_total > ALT_SITES_MAX)
		monitor_printf("(%u more not shown)\n", alt_sites_total - ALT_SITES_MAX);
	return 0;
}
monitor_command("alternatives", "", "the alternative() sites and what was patched",
		monitor_alternatives);

static int monitor_ps(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	show_threads(monitor_printf);
	return 0;
}
monitor_command("ps", "", "the threads and processes: parent, state, wait channel", monitor_ps);

/*
 * Running the initcalls: .initcall<level>.init, level by level.
 *
 * The levels and their order are INITCALL_LEVELS (kernel/initcall_levels.h);
 * the linker script lays them out back to back and marks where each starts
 * (__initcall<id>_start), so a level is [its start, the next level's start)
 * and runs its calls in link order. Early initcalls run at boot step 13,
 * before the secondary CPUs start; the other levels at step 15, after them,
 * as in Linux (do_pre_smp_initcalls(), smp_init(), do_initcalls()). Unlike
 * Linux, rootfs_initcall entries are a level of their own in the table, run
 * between fs and device, where Linux's fs walk reaches them too.
 *
 * initcall_debug prints each call with its duration; initcall_blacklist=
 * skips the named functions, and names the ones that are no initcall (a
 * boot step such as time_init cannot be skipped). An initcall that fails
 * is reported, and boot goes on.
 *
 * Every call that runs is recorded once, here (initcall_results[], one
 * entry for each entry of the table), with what it returned and the
 * instructions it took; `make bench`, the monitor and gdb read the record.
 */
#include <asm/bench.h>
#include <asm/processor.h>
#include <kernel/init.h>
#include <kernel/kallsyms.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/sections.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/time.h>

#define __INITCALL_LEVEL_ENTRY(id, name)	{ #id, #name, __initcall##id##_start },
const struct initcall_level initcall_levels[NR_INITCALL_LEVELS] = {
	INITCALL_LEVELS(__INITCALL_LEVEL_ENTRY)
};

struct initcall_result *initcall_results;
unsigned int initcall_results_count;

static bool initcall_debug __initdata;
static char blacklist[256] __initdata;

initcall_t *initcall_level_end(unsigned int level)
{
	return level + 1 < NR_INITCALL_LEVELS ? initcall_levels[level + 1].start : __initcall_end;
}

static int __init set_initcall_debug(char *val)
{
	(void)val;
	initcall_debug = true;
	return 0;
}
__setup("initcall_debug", set_initcall_debug);

/* initcall_blacklist=fn1,fn2: remembered as given, matched by symbol name. */
static int __init set_initcall_blacklist(char *val)
{
	char copy[sizeof(blacklist)];
	char *rest = copy, *name;

	strscpy(blacklist, val, sizeof(blacklist));
	strscpy(copy, val, sizeof(copy));
	while ((name = strsep(&rest, ",")))
		if (*name)
			pr_info("blacklisting initcall %s\n", name);
	return 0;
}
__setup("initcall_blacklist=", set_initcall_blacklist);

static bool __init on_blacklist(const char *name)
{
	const char *p = blacklist;
	size_t len = strlen(name);

	while (*p) {
		if (strncmp(p, name, len) == 0 && (p[len] == ',' || p[len] == '\0'))
			return true;
		p = strchr(p, ',');
		if (!p)
			break;
		p++;
	}
	return false;
}

static bool __init initcall_blacklisted(initcall_t fn)
{
	char name[KSYM_NAME_LEN];

	if (!blacklist[0] || !kallsyms_lookup((unsigned long)fn, NULL, NULL, name))
		return false;
	return on_blacklist(name);
}

static bool __init is_initcall(const char *name)
{
	char fn_name[KSYM_NAME_LEN];

	for_each_section_entry(initcall_t, __initcall_start, __initcall_end, call)
		if (kallsyms_lookup((unsigned long)*call, NULL, NULL, fn_name) &&
		    strcmp(fn_name, name) == 0)
			return true;
	return false;
}

/* A name on the blacklist that is no initcall skips nothing: say so, at the first initcall. */
static void __init warn_blacklist_strays(void)
{
	char copy[sizeof(blacklist)];
	char *rest = copy, *name;

	strscpy(copy, blacklist, sizeof(copy));
	while ((name = strsep(&rest, ",")))
		if (*name && !is_initcall(name))
			pr_warn("initcall_blacklist: %s is not an initcall: not skipped\n", name);
}

int __init do_one_initcall(initcall_t fn, unsigned int level)
{
	u64 start = 0, counter;
	int ret;

	if (initcall_blacklisted(fn)) {
		pr_info("initcall %ps blacklisted\n", fn);
		return -1;
	}
	if (initcall_debug) {
		printk(KERN_INFO "calling  %pS @ %d\n", fn, smp_processor_id());
		start = get_cycles();
	}
	counter = bench_counter();
	ret = fn();
	counter = bench_counter() - counter;
	if (initcall_results)
		initcall_results[initcall_results_count++] =
			(struct initcall_result){ fn, level, ret, counter };
	if (initcall_debug)
		printk(KERN_INFO "initcall %pS returned %d after %llu usecs\n", fn, ret,
		       (unsigned long long)cycles_to_us(get_cycles() - start));
	else if (ret)
		pr_warn("initcall %ps returned %d\n", fn, ret);
	return ret;
}

static void __init do_initcall_level(unsigned int level)
{
	const struct initcall_level *l = &initcall_levels[level];

	if (initcall_debug)
		pr_info("initcall level %s (.initcall%s.init)\n", l->name, l->id);
	/* LAB initcalls: begin */
	for_each_section_entry(initcall_t, l->start, initcall_level_end(level), call)
		do_one_initcall(*call, level);
	/* LAB initcalls: end */
}

/* Room for every entry of the table: no call can go unrecorded. */
static void __init alloc_initcall_results(void)
{
	size_t n = __initcall_end - __initcall_start;

	initcall_results = kmalloc(n * sizeof(*initcall_results));
	if (n && !initcall_results)
		pr_warn("initcall: no memory to record %zu initcalls: none recorded\n", n);
}

void __init do_early_initcalls(void)
{
	alloc_initcall_results();
	warn_blacklist_strays();
	do_initcall_level(INITCALL_LEVEL_early);
}

void __init do_initcalls(void)
{
	for (unsigned int level = INITCALL_LEVEL_early + 1; level < NR_INITCALL_LEVELS; level++)
		do_initcall_level(level);
}

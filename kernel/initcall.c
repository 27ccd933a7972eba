/*
 * Running the initcalls: .initcall<level>.init, level by level.
 *
 * The linker script lays the levels out back to back and marks where each
 * starts (__initcall0_start ...), so level N is [start of N, start of N+1)
 * and a level runs its calls in link order. Early initcalls sit before
 * level 0 and run first, before secondary CPUs start. rootfs_initcall
 * entries fall between levels 5 and 6 and run at the end of level 5, as
 * in Linux.
 *
 * initcall_debug prints each call with its duration; initcall_blacklist=
 * skips the named functions. An initcall that fails is reported, and boot
 * goes on. With `bench`, kernel/bench.c counts each call's instructions.
 */
#include <asm/processor.h>
#include <kernel/bench.h>
#include <kernel/init.h>
#include <kernel/kallsyms.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/time.h>

struct initcall_result initcall_results[INITCALL_RESULTS_MAX];
unsigned int initcall_results_count;

static bool initcall_debug __initdata;
static char blacklist[256] __initdata;

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

static bool __init initcall_blacklisted(initcall_t fn)
{
	char name[KSYM_NAME_LEN];
	const char *p = blacklist;
	size_t len;

	if (!blacklist[0] || !kallsyms_lookup((unsigned long)fn, NULL, NULL, name))
		return false;
	len = strlen(name);
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

int __init do_one_initcall(initcall_t fn)
{
	u64 start = 0, bench_start;
	int ret;

	if (initcall_blacklisted(fn)) {
		pr_info("initcall %ps blacklisted\n", fn);
		return -1;
	}
	if (initcall_debug) {
		printk(KERN_INFO "calling  %pS @ %d\n", fn, smp_processor_id());
		start = get_cycles();
	}
	bench_start = bench_initcall_begin();
	ret = fn();
	bench_initcall_end(fn, bench_start);
	if (initcall_results_count < INITCALL_RESULTS_MAX)
		initcall_results[initcall_results_count++] = (struct initcall_result){ fn, ret };
	if (initcall_debug)
		printk(KERN_INFO "initcall %pS returned %d after %llu usecs\n", fn, ret,
		       (unsigned long long)cycles_to_us(get_cycles() - start));
	else if (ret)
		pr_warn("initcall %ps returned %d\n", fn, ret);
	return ret;
}

static void __init run_range(initcall_t *start, initcall_t *stop)
{
	for (initcall_t *call = start; call < stop; call++)
		do_one_initcall(*call);
}

/* Early initcalls: before secondary CPUs start. */
void __init do_pre_smp_initcalls(void)
{
	run_range(__initcall_start, __initcall0_start);
}

static initcall_t *initcall_levels[] __initdata = {
	__initcall0_start, __initcall1_start, __initcall2_start, __initcall3_start,
	__initcall4_start, __initcall5_start, __initcall6_start, __initcall7_start,
	__initcall_end,
};

static const char *const initcall_level_names[] __initconst = {
	"pure", "core", "postcore", "arch", "subsys", "fs", "device", "late",
};

void __init do_initcalls(void)
{
	for (size_t level = 0; level < ARRAY_SIZE(initcall_level_names); level++) {
		if (initcall_debug)
			pr_info("initcall level %zu (%s)\n", level, initcall_level_names[level]);
		run_range(initcall_levels[level], initcall_levels[level + 1]);
	}
}

/*
 * The "initcall" suite: every level ran, in order. One test initcall per
 * level records its turn; the suite, run after the initcalls, reads the
 * record. If do_initcalls() skipped a level or ran two out of order, the
 * record shows it. The kernel's own record, initcall_results[], must give
 * each of them the level it was registered at, by the name of
 * initcall_levels[] (include/kernel/initcall_levels.h).
 */
#include <kernel/bootinfo.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/ktest.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/string.h>

enum { EARLY, PURE, CORE, POSTCORE, ARCH, SUBSYS, FS, ROOTFS, DEVICE, LATE, NR_LEVELS };

static int turn_of[NR_LEVELS] __initdata;
static int next_turn __initdata = 1;

static void __init record(int level)
{
	turn_of[level] = next_turn++;
}

static int __init ktest_early(void) { record(EARLY); return 0; }
static int __init ktest_pure(void) { record(PURE); return 0; }
static int __init ktest_core(void) { record(CORE); return 0; }
static int __init ktest_postcore(void) { record(POSTCORE); return 0; }
static int __init ktest_arch(void) { record(ARCH); return 0; }
static int __init ktest_subsys(void) { record(SUBSYS); return 0; }
static int __init ktest_fs(void) { record(FS); return 0; }
static int __init ktest_rootfs(void) { record(ROOTFS); return 0; }
static int __init ktest_device(void) { record(DEVICE); return 0; }
static int __init ktest_late(void) { record(LATE); return 0; }

early_initcall(ktest_early);
pure_initcall(ktest_pure);
core_initcall(ktest_core);
postcore_initcall(ktest_postcore);
arch_initcall(ktest_arch);
subsys_initcall(ktest_subsys);
fs_initcall(ktest_fs);
rootfs_initcall(ktest_rootfs);
module_init(ktest_device);
late_initcall(ktest_late);

/*
 * An initcall that fails on purpose: boot must report it and go on, and
 * record it (failing_initcall_recorded). It says so first, at the level of
 * the kernel's report, so that "initcall ktest_failing_initcall returned
 * -22" alarms nobody. Only when the suite runs: a boot without it
 * (ktest.filter=) neither pays for it nor reads about it.
 */
static int __init ktest_failing_initcall(void)
{
	if (!ktest_name_selected("initcall"))
		return 0;
	pr_warn("initcall self-test: ktest_failing_initcall fails on purpose (-EINVAL); "
		"the kernel reports it and boots on\n");
	return -EINVAL;
}
device_initcall(ktest_failing_initcall);

static void __init every_level_ran_in_order(struct ktest *t)
{
	for (int level = 0; level < NR_LEVELS; level++) {
		if (turn_of[level] != level + 1)
			ktest_fail(t, __FILE__, __LINE__, "level %d ran as call %d, expected %d",
				   level, turn_of[level], level + 1);
	}
}

static const struct {
	initcall_t fn;
	const char *level;
} registered[] __initconst = {
	{ ktest_early, "early" }, { ktest_pure, "pure" }, { ktest_core, "core" },
	{ ktest_postcore, "postcore" }, { ktest_arch, "arch" }, { ktest_subsys, "subsys" },
	{ ktest_fs, "fs" }, { ktest_rootfs, "rootfs" }, { ktest_device, "device" },
	{ ktest_late, "late" },
};

static void __init results_carry_the_level(struct ktest *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(registered); i++) {
		const struct initcall_result *found = NULL;

		for (unsigned int r = 0; r < initcall_results_count; r++)
			if (initcall_results[r].fn == registered[i].fn)
				found = &initcall_results[r];
		if (!found) {
			ktest_fail(t, __FILE__, __LINE__, "initcall %ps has no result", registered[i].fn);
			continue;
		}
		KTEST_ASSERT_TRUE(t, found->level < NR_INITCALL_LEVELS);
		KTEST_EXPECT_STREQ(t, initcall_levels[found->level].name, registered[i].level);
	}
	KTEST_EXPECT_STREQ(t, initcall_levels[0].name, "early");
	KTEST_EXPECT_STREQ(t, initcall_levels[NR_INITCALL_LEVELS - 1].name, "late");
}

/*
 * The record holds the table's entries in the table's order, each once, with
 * the level it lies in: all of them, unless initcall_blacklist= skipped some
 * (the record has room for every entry, so none is dropped for want of it).
 */
static void __init record_is_the_table(struct ktest *t)
{
	unsigned int level = 0, r = 0;
	size_t entries = __initcall_end - __initcall_start;

	for (initcall_t *call = __initcall_start; call < __initcall_end; call++) {
		while (call >= initcall_level_end(level))
			level++;
		if (r < initcall_results_count && initcall_results[r].fn == *call) {
			KTEST_EXPECT_EQ(t, initcall_results[r].level, level);
			r++;
		}
	}
	KTEST_EXPECT_EQ(t, r, initcall_results_count);
	if (!strstr(boot_info.cmdline, "initcall_blacklist="))
		KTEST_EXPECT_EQ(t, initcall_results_count, entries);
}

/* The failing initcall's -EINVAL is in the record (unless it was blacklisted). */
static void __init failing_initcall_recorded(struct ktest *t)
{
	unsigned int found = 0;

	for (unsigned int r = 0; r < initcall_results_count; r++) {
		if (initcall_results[r].fn == ktest_failing_initcall) {
			KTEST_EXPECT_EQ(t, initcall_results[r].ret, -EINVAL);
			found++;
		}
	}
	if (!strstr(boot_info.cmdline, "ktest_failing_initcall"))
		KTEST_EXPECT_EQ(t, found, 1);
}

static const struct ktest_case initcall_cases[] __initconst = {
	KTEST_CASE(every_level_ran_in_order),
	KTEST_CASE(results_carry_the_level),
	KTEST_CASE(record_is_the_table),
	KTEST_CASE(failing_initcall_recorded),
	{}
};

static const struct ktest_suite initcall_suite __initconst = { "initcall", initcall_cases };
ktest_init_suite(initcall_suite);

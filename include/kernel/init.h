/*
 * Annotations for code and data used only while booting, and the initcall
 * levels.
 *
 * __init puts a function in .init.text, __initdata a variable in
 * .init.data, __initconst a constant in .init.rodata. The linker script
 * gathers all of them between __init_begin and __init_end (page aligned),
 * and free_initmem() gives those pages back once boot is over: anything
 * marked here must never be used after that.
 *
 * An initcall is a pointer to an `int fn(void)` stored in
 * .initcall<level>.init; do_initcalls() walks the levels in order.
 */
#ifndef _KERNEL_INIT_H
#define _KERNEL_INIT_H

#include <kernel/compiler.h>
#include <kernel/initcall_levels.h>
#include <kernel/types.h>

#define __init		__section(".init.text")
#define __initdata	__section(".init.data")
#define __initconst	__section(".init.rodata")

typedef int (*initcall_t)(void);

/*
 * One entry per call. The variable name carries the function name and the
 * level so two levels may register the same function. `level` is an id of
 * INITCALL_LEVELS (kernel/initcall_levels.h).
 */
#define __define_initcall(fn, level)					\
	DEFINE_SECTION_ENTRY(const initcall_t, __initcall_##fn##level,	\
			     ".initcall" #level ".init") = fn

#define early_initcall(fn)		__define_initcall(fn, early)
#define pure_initcall(fn)		__define_initcall(fn, 0)
#define core_initcall(fn)		__define_initcall(fn, 1)
#define postcore_initcall(fn)		__define_initcall(fn, 2)
#define arch_initcall(fn)		__define_initcall(fn, 3)
#define subsys_initcall(fn)		__define_initcall(fn, 4)
#define fs_initcall(fn)			__define_initcall(fn, 5)
#define rootfs_initcall(fn)		__define_initcall(fn, rootfs)
#define device_initcall(fn)		__define_initcall(fn, 6)
#define late_initcall(fn)		__define_initcall(fn, 7)
/* Built in, a module's init is one more initcall; a module's own is in <kernel/module.h>. */
#ifndef MODULE
#define module_init(fn)			device_initcall(fn)
#endif

/*
 * Boot parameters. __setup("name=", fn) calls fn with the text after
 * "name=" (or after "name" for a flag); early_param("name", fn) calls fn
 * with the value (NULL for a bare flag) before CPU features, memory and
 * traps are set up, for the parameters that change how those happen.
 * __setup_flag("name", var) sets the bool var when "name" is given, with no
 * handler to write. Entries go to .init.setup; kernel/params.c walks them.
 * A handler returns 0 when it took the parameter.
 */
struct obs_kernel_param {
	const char *str;
	int (*setup_func)(char *val);
	int early;
	bool *flag;		/* __setup_flag(): set to true, instead of setup_func */
};

#define __setup_param(str, unique_id, fn, early, flag)			\
	static const char __setup_str_##unique_id[] __initconst = str;	\
	DEFINE_SECTION_ENTRY(const struct obs_kernel_param, __setup_##unique_id, \
			     ".init.setup") =					\
		{ __setup_str_##unique_id, fn, early, flag }

#define __setup(str, fn)	__setup_param(str, fn, fn, 0, NULL)
#define early_param(str, fn)	__setup_param(str, fn, fn, 1, NULL)
#define __setup_flag(str, var)	__setup_param(str, var, NULL, 0, &(var))

void parse_early_params(void);
void parse_args(void);

/* Where boot is: init code and data exist only while SYSTEM_BOOTING. */
enum system_states {
	SYSTEM_BOOTING,
	SYSTEM_RUNNING,
};
extern enum system_states system_state;

/*
 * The levels as one table, in INITCALL_LEVELS order (kernel/initcall.c):
 * each level's id, name and first entry; level i ends where level i + 1
 * starts, the last at __initcall_end. Not init data: the serial monitor
 * and the gdb helper read it after the initcall table itself is freed.
 */
struct initcall_level {
	const char *id;
	const char *name;
	initcall_t *start;
};

#define __INITCALL_LEVEL_ENUM(id, name)	INITCALL_LEVEL_##name,
enum { INITCALL_LEVELS(__INITCALL_LEVEL_ENUM) NR_INITCALL_LEVELS };

extern const struct initcall_level initcall_levels[NR_INITCALL_LEVELS];
initcall_t *initcall_level_end(unsigned int level);

int do_one_initcall(initcall_t fn, unsigned int level);
/* Boot step 13: the early initcalls, before the secondary CPUs start. */
void do_early_initcalls(void);
/* Boot step 15: every other level, in order. */
void do_initcalls(void);

/*
 * The initcalls that ran, in order, with their level, what each returned
 * and the instructions it took (the arch's counter, <asm/bench.h>: exact
 * under QEMU's -icount). One entry for every call in the table, allocated
 * when the early initcalls start (boot step 13) and kept outside the init
 * region, so that `make bench`, the serial monitor and scripts/gdb can
 * read it after the table itself is freed. NULL before boot step 13.
 */
struct initcall_result {
	initcall_t fn;
	unsigned int level;
	int ret;
	u64 insns;
};
extern struct initcall_result *initcall_results;
extern unsigned int initcall_results_count;

/*
 * The end of boot, as layers extend it (kernel/late_hook.c). rest_init()
 * runs each phase's hooks in the order they were registered, after the
 * init region is freed: a layer's initcall registers its hook (static,
 * not __init: it outlives the init region), and the core never names it.
 *   SELFTESTS  after the kernel's own self-tests (boot step 18)
 *   REPORT     boot step 19's figures and listings
 *   INIT       the first program; the hook returns the boot's status
 *   END        after it
 *   MONITOR    last; a hook may not return
 * Every hook takes the boot's status so far and returns it (INIT's with
 * the program's verdict joined). A phase with no hook says so in the log
 * where that changes how the boot ends.
 */
enum late_hook_phase {
	LATE_HOOK_SELFTESTS,
	LATE_HOOK_REPORT,
	LATE_HOOK_INIT,
	LATE_HOOK_END,
	LATE_HOOK_MONITOR,
	NR_LATE_HOOK_PHASES
};

struct late_hook {
	enum late_hook_phase phase;
	int (*fn)(int status);
	struct late_hook *next;
};

void register_late_hook(struct late_hook *hook);
int run_late_hooks(enum late_hook_phase phase, int status);

#endif

/*
 * start_kernel(): the whole boot order on one screen, one call per step.
 * Each arch's entry code calls it on the boot CPU with a stack and the
 * kernel mapped at its link address; it never returns.
 *
 * The steps are numbered and named in include/kernel/boot_steps.h, the
 * list that scripts/check-boot-steps holds this file to: a step's comment
 * starts with its number, and boot_step() marks it done.
 * docs/design.md (section 2) says why the steps come in this order.
 */
#include <asm/irqflags.h>
#include <kernel/alternative.h>
#include <kernel/boot_steps.h>
#include <kernel/bootinfo.h>
#include <kernel/console.h>
#include <kernel/cpufeature.h>
#include <kernel/init.h>
#include <kernel/irq.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/pgtable.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/traps.h>

extern const char linux_banner[];

enum system_states system_state = SYSTEM_BOOTING;

/*
 * The end of boot, outside .init.text: start_kernel() is __init, and its
 * own code is about to be freed and poisoned.
 */
static void __noinline __noreturn rest_init(void)
{
	int status;

	/* 17. Give the init sections' pages back (no __init code or data after
	 *     this), then make .rodata read-only: from here no page is W+X. */
	free_initmem();
	system_state = SYSTEM_RUNNING;
	mark_rodata_ro();
	check_wx_pages();
	boot_step(BOOT_STEP_free_initmem);

	/* 18. Self-tests of the finished kernel, then those a layer adds (user
	 *     space: its test programs). */
	ktest_run_suites();
	run_late_hooks(LATE_HOOK_SELFTESTS, QEMU_EXIT_PASS);
	boot_step(BOOT_STEP_selftests);

	/* 19. Report and hand over, as the linked layers add to it
	 *     (include/kernel/init.h): the figures and listings the command
	 *     line asks for; the self-tests' verdict; the first program, whose
	 *     exit status joins it; what comes after; then leave QEMU with a
	 *     status that says how it all went, or first give the monitor's
	 *     prompt. */
	run_late_hooks(LATE_HOOK_REPORT, QEMU_EXIT_PASS);
	status = run_late_hooks(LATE_HOOK_INIT, ktest_exit_status());
	status = run_late_hooks(LATE_HOOK_END, status);
	status = run_late_hooks(LATE_HOOK_MONITOR, status);
	pr_info("Special K: boot complete, exiting QEMU\n");
	machine_exit(status);
}

void __init __noreturn start_kernel(void)
{
	/* 1. Early console and banner: from here printk() reaches the serial line. */
	arch_console_init();
	printk(KERN_NOTICE "%s", linux_banner);
	boot_step(BOOT_STEP_console);

	/* 2. Boot information: memory map and command line. */
	arch_parse_boot_info();
	print_boot_info();
	boot_step(BOOT_STEP_bootinfo);

	/* 3. Parameters: early_param() handlers first, then every __setup(). */
	parse_early_params();
	parse_args();
	boot_step(BOOT_STEP_params);

	/* 4. CPU features: CPUID / the ID registers, read into what cpu_has() answers. */
	identify_boot_cpu();
	boot_step(BOOT_STEP_cpufeatures);

	/* 5. Alternatives: patch in the code this CPU can run. Now, while text is
	 *    still writable (paging_init() makes it read-only) and only this CPU
	 *    runs (no other CPU may be executing a site while it is rewritten). */
	alternative_instructions();
	boot_step(BOOT_STEP_alternatives);

	/* 6. Trap handlers: from here a fault is reported, not a silent reset. */
	trap_init();
	boot_step(BOOT_STEP_traps);

	/* 7. The page allocator (all RAM but the image and reserved ranges), then
	 *    the kernel's own page tables with per-section permissions. */
	mem_init();
	paging_init();
	init_debug_pagealloc();
	boot_step(BOOT_STEP_memory);

	/* 8. CPU enumeration: kernel CPU numbers for the firmware's list (step 2),
	 *    the boot CPU first; nr_cpu_ids is final from here. */
	smp_setup_possible_cpus();
	boot_step(BOOT_STEP_cpus);

	/* 9. Per-CPU areas: a copy of .data..percpu for each possible CPU. Before
	 *    the secondaries start (each needs its area), after the allocator. */
	setup_per_cpu_areas();
	boot_step(BOOT_STEP_percpu);

	/* 10. Scheduler: this code becomes thread "boot"; run queues and idle threads. */
	sched_init();
	boot_step(BOOT_STEP_sched);

	/* 11. Clock calibration: the frequency of get_cycles(), which the tick,
	 *     the delays and initcall_debug's microseconds convert with. */
	time_init();
	boot_step(BOOT_STEP_time);

	/* 12. Interrupts: the controller (local APIC / GIC), then the tick on
	 *     this CPU (its timer calibrated by step 11's clock). */
	init_IRQ();
	tick_init();
	/*
	 * Interrupts on, for the first time on the boot CPU. From here the tick
	 * and the wake-up interrupt can arrive between any two instructions of
	 * the boot thread (outside spin_lock_irqsave() sections), and on the way
	 * out of the tick the scheduler may preempt the boot thread in favour of
	 * another thread of CPU 0 once its time slice is over (not while it
	 * holds a spinlock). No thread but the idle one exists yet: the first
	 * come from the initcalls and the self-tests.
	 */
	arch_local_irq_enable();
	boot_step(BOOT_STEP_irq);

	/* 13. Early initcalls: what must be ready before other CPUs run. */
	do_early_initcalls();
	boot_step(BOOT_STEP_early_initcalls);

	/* 14. Secondary CPUs: start them one by one; each reports in, then idles. */
	smp_init();
	boot_step(BOOT_STEP_smp);

	/* 15. Initcalls, level by level, with every CPU running. */
	do_initcalls();
	boot_step(BOOT_STEP_initcalls);

	/* 16. Self-tests that may use init code and data. */
	ktest_run_init_suites();
	boot_step(BOOT_STEP_init_selftests);

	rest_init();
}

/*
 * Walking the frame-pointer chain (see include/kernel/stacktrace.h).
 *
 * A corrupt chain must not fault, in a panic or in get_wchan() (whose thread may start to run
 * on another CPU under the walk): the walk follows frames that are aligned, move up the stack
 * and stay within a bounded distance of where it started, and reads them nofault.
 */
#include <asm/stacktrace.h>
#include <kernel/maccess.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/stacktrace.h>

#define STACK_WALK_SPAN	(64 * 1024)

void walk_stack_frames(unsigned long fp, bool (*fn)(unsigned long pc, void *arg), void *arg)
{
	unsigned long start = fp;

	for (int depth = 0; depth < STACKTRACE_MAX_DEPTH; depth++) {
		const unsigned long *frame = (const unsigned long *)fp;
		unsigned long pc, next;

		if (!fp || fp % sizeof(long) || fp - start >= STACK_WALK_SPAN)
			return;
		if (get_kernel_nofault(pc, &frame[FRAME_RETURN_SLOT]) ||
		    get_kernel_nofault(next, &frame[FRAME_NEXT_SLOT]) || !pc || !fn(pc, arg))
			return;
		if (next <= fp)
			return;
		fp = next;
	}
}

/* Return addresses are printed with %pB: see kernel/lib/vsprintf.c. Stop at the first non-code. */
static bool print_frame(unsigned long pc, void *arg)
{
	(void)arg;
	if (!is_kernel_text(pc))
		return false;
	printk(KERN_EMERG " [<%0*lx>] %pB\n", (int)(2 * sizeof(long)), pc, (void *)pc);
	return true;
}

void show_backtrace(unsigned long fp)
{
	printk(KERN_EMERG "Call Trace:\n");
	walk_stack_frames(fp, print_frame, NULL);
}

void show_trap_backtrace(unsigned long pc, unsigned long fp)
{
	printk(KERN_EMERG "Call Trace:\n");
	printk(KERN_EMERG " [<%0*lx>] %pS\n", (int)(2 * sizeof(long)), pc, (void *)pc);
	walk_stack_frames(fp, print_frame, NULL);
}

void __noinline dump_stack(void)
{
	show_backtrace((unsigned long)__builtin_frame_address(0));
}

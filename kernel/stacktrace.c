/*
 * Walking the frame-pointer chain (see include/kernel/stacktrace.h).
 *
 * A corrupt chain must not fault inside a panic, so the walk only follows
 * frames that are aligned, move up the stack, and stay within a bounded
 * distance of where the walk started.
 */
#include <asm/stacktrace.h>
#include <kernel/printk.h>
#include <kernel/stacktrace.h>

#define STACK_WALK_SPAN	(64 * 1024)

void walk_stack_frames(unsigned long fp, bool (*fn)(unsigned long pc, void *arg), void *arg)
{
	unsigned long start = fp;

	for (int depth = 0; depth < STACKTRACE_MAX_DEPTH; depth++) {
		unsigned long pc, next;

		if (!fp || fp % sizeof(long) || fp - start >= STACK_WALK_SPAN)
			return;
		pc = frame_return_address(fp);
		next = frame_next(fp);
		if (!pc || !fn(pc, arg))
			return;
		if (next <= fp)
			return;
		fp = next;
	}
}

static bool print_frame(unsigned long pc, void *arg)
{
	(void)arg;
	printk(KERN_EMERG " [<%0*lx>] %pS\n", (int)(2 * sizeof(long)), pc, (void *)pc);
	return true;
}

void show_backtrace(unsigned long fp)
{
	printk(KERN_EMERG "Call Trace:\n");
	walk_stack_frames(fp, print_frame, NULL);
}

void __noinline dump_stack(void)
{
	show_backtrace((unsigned long)__builtin_frame_address(0));
}

/*
 * Frame-pointer backtraces: every function built with
 * -fno-omit-frame-pointer links its frame to its caller's, so walking the
 * chain from a frame pointer gives the return addresses, which kallsyms
 * turns into names. The arch says where in a frame the links are
 * (asm/stacktrace.h).
 */
#ifndef _KERNEL_STACKTRACE_H
#define _KERNEL_STACKTRACE_H

#include <kernel/types.h>

#define STACKTRACE_MAX_DEPTH	32

/*
 * Calls fn(pc, arg) for each return address above the frame `fp`, stopping
 * when fn returns false or the chain ends or looks corrupt.
 */
void walk_stack_frames(unsigned long fp, bool (*fn)(unsigned long pc, void *arg), void *arg);
/* Print "Call Trace:" and one symbolized line per frame above `fp`. */
void show_backtrace(unsigned long fp);
void dump_stack(void);
/* After a trap: the faulting pc, then the frames above the interrupted frame pointer. */
void show_trap_backtrace(unsigned long pc, unsigned long fp);

#endif

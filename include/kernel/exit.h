/*
 * How a thread that ran user code ends (kernel/exit.c).
 */
#ifndef _KERNEL_EXIT_H
#define _KERNEL_EXIT_H

#include <kernel/compiler.h>

/*
 * End the calling thread: its address space is torn down (every user page
 * back to the allocator) and code becomes its exit code, in the form of
 * Linux's wait status: (status & 0xff) << 8 for exit(status), the signal
 * number for a program killed by one.
 */
void __noreturn do_exit(long code);
/* Wake the parents waiting in wait4(): a child stopped or continued (kernel/signal_stop.c). */
void wake_up_parent(void);

#endif

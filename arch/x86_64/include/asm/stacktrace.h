/*
 * x86_64 frame layout with frame pointers: `push %rbp; mov %rsp, %rbp`,
 * so [rbp] holds the caller's rbp and [rbp + 8] the return address.
 */
#ifndef _ASM_STACKTRACE_H
#define _ASM_STACKTRACE_H

/* Where the links are, in words from the frame pointer (kernel/stacktrace.c). */
#define FRAME_NEXT_SLOT		0	/* the caller's rbp */
#define FRAME_RETURN_SLOT	1

#endif

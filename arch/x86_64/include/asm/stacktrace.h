/*
 * x86_64 frame layout with frame pointers: `push %rbp; mov %rsp, %rbp`,
 * so [rbp] holds the caller's rbp and [rbp + 8] the return address.
 */
#ifndef _ASM_STACKTRACE_H
#define _ASM_STACKTRACE_H

static inline unsigned long frame_next(unsigned long fp)
{
	return ((const unsigned long *)fp)[0];
}

static inline unsigned long frame_return_address(unsigned long fp)
{
	return ((const unsigned long *)fp)[1];
}

#endif

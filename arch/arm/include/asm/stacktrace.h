/*
 * 32-bit ARM frame layout with frame pointers (r11, "fp"), which differs
 * between the two compilers (checked by disassembling a non-leaf function):
 *
 *   gcc -marm:  push {fp, lr}; add fp, sp, #4
 *               fp -> saved lr;  fp - 4 -> caller's fp
 *   clang:      push {r11, lr}; mov r11, sp
 *               fp -> caller's fp;  fp + 4 -> saved lr
 *
 * Leaf functions do not save lr (gcc pushes only fp, clang sets up no frame
 * at all), but a walk only passes through callers, which are never leaves.
 * Both chains end where arch/arm/boot/head.S set fp to 0.
 */
#ifndef _ASM_STACKTRACE_H
#define _ASM_STACKTRACE_H

#ifdef __clang__
static inline unsigned long frame_next(unsigned long fp)
{
	return ((const unsigned long *)fp)[0];
}

static inline unsigned long frame_return_address(unsigned long fp)
{
	return ((const unsigned long *)fp)[1];
}
#else
static inline unsigned long frame_next(unsigned long fp)
{
	return ((const unsigned long *)fp)[-1];
}

static inline unsigned long frame_return_address(unsigned long fp)
{
	return ((const unsigned long *)fp)[0];
}
#endif

#endif

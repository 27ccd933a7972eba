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

/* Where the links are, in words from the frame pointer (kernel/stacktrace.c). */
#ifdef __clang__
#define FRAME_NEXT_SLOT		0	/* the caller's fp */
#define FRAME_RETURN_SLOT	1	/* the saved lr */
#else
#define FRAME_NEXT_SLOT		(-1)
#define FRAME_RETURN_SLOT	0
#endif

#endif

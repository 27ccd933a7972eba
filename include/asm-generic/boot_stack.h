/*
 * The boot CPU's stack, laid out the same on both arches: BOOT_STACK_SIZE
 * bytes up to boot_stack_top, above one page, boot_stack_guard, that
 * paging_init() leaves unmapped, so that an overflow faults there and the
 * trap handler can say so rather than the stack silently overwriting what
 * lies below it. Each arch's head.S places it with the assembler macro
 * boot_stack, in its page-aligned .bss.
 */
#ifndef _ASM_GENERIC_BOOT_STACK_H
#define _ASM_GENERIC_BOOT_STACK_H

#include <asm/page.h>

#define BOOT_STACK_SIZE		16384

#ifdef __ASSEMBLER__
	.macro	boot_stack
	.globl	boot_stack_guard, boot_stack_bottom, boot_stack_top
boot_stack_guard:
	.skip	PAGE_SIZE
boot_stack_bottom:
	.skip	BOOT_STACK_SIZE
boot_stack_top:
	.endm
#else
extern char boot_stack_guard[], boot_stack_bottom[], boot_stack_top[];
#endif

#endif

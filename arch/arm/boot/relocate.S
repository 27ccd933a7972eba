/*
 * relocate_image: run where we are linked (boot step 2, from head.S).
 *
 * Everything in head.S uses PA(), the link-time physical addresses. kernel.elf
 * is loaded there (0x40100000), but QEMU loads the raw build/arm/Image as it
 * loads Linux's, at RAM base + 0x10000 (0x40010000): then the Image copies
 * itself, .text to .data, to PA(_text) and carries on in the copy. We copy
 * rather than link at 0x40010000 because the ELF must stay at or above
 * 0x40100000: QEMU puts the device tree (1 MiB) below an ELF kernel only if
 * it fits there. The copy runs from the end down (from the start up if the
 * Image lies above its link address), so the two ranges may overlap; this
 * code sits at the Image's start, which the copy overwrites last, if at all.
 *
 * The copy and .bss cover [PA(_text), PA(_end)), about 0x40100000-0x40140000.
 * QEMU puts the initrd at RAM base + min(RAM/2, 128 MiB) and the device tree
 * after it (at that place when there is no initrd): with 4 MiB of RAM or more
 * both are out of the way. With less, the device tree is moved first: QEMU's
 * is a 1 MiB blob of which a few KiB are in use, so its totalsize is cut to
 * the end of its blocks (the strings block comes last, as dtc and QEMU lay
 * them out; libfdt's fdt_pack() does the same) and, if it is still in the way,
 * it moves to the pages just below PA(_text). A tree that cannot be saved is
 * reported in r9, for a clear panic once there is a console; an initrd in the
 * way is refused later by boot_info_add_initrd(). The old copy's pages are
 * ordinary free RAM afterwards.
 *
 * In: r2 = the device tree as the loader passed it (Linux's convention),
 * r3 = the address stext runs at.
 * Out: r2 (moved or not), r9 = the address of a tree the copy overwrote, or 0;
 * returns into the copy. Clobbers r0, r1, r3-r8, r10-r12. MMU and caches off.
 */
#include <asm/page.h>

#define PA(x)		((x) - KERNEL_VMA_BASE + PHYS_OFFSET)
#define FDT_MAGIC_LE	0xedfe0dd0	/* 0xd00dfeed, stored big-endian */

	.section .head.text, "ax"
	.arm

	.globl relocate_image
	.type	relocate_image, %function
relocate_image:
	ldr	r4, =PA(stext)			/* where we are linked to run */
	mov	r9, #0
	cmp	r3, r4
	bxeq	lr
	ldr	r6, =PA(__bss_start)
	sub	r6, r6, r4			/* bytes to copy: whole pages */
	mov	r12, lr
	bl	save_device_tree
	sub	lr, r12, r3
	add	lr, lr, r4			/* the return address, in the copy */

	/* 64 bytes a round (whole pages are copied): 6 instructions, not 8. */
	cmp	r3, r4
	blo	2f				/* the Image lies below: copy downwards */
	add	r5, r3, r6			/* source end */
1:	ldmia	r3!, {r0, r1, r6, r7, r8, r10, r11, r12}
	stmia	r4!, {r0, r1, r6, r7, r8, r10, r11, r12}
	ldmia	r3!, {r0, r1, r6, r7, r8, r10, r11, r12}
	stmia	r4!, {r0, r1, r6, r7, r8, r10, r11, r12}
	cmp	r3, r5
	blo	1b
	b	3f
2:	mov	r5, r3				/* source start */
	add	r3, r3, r6			/* source end */
	add	r4, r4, r6			/* destination end */
1:	ldmdb	r3!, {r0, r1, r6, r7, r8, r10, r11, r12}
	stmdb	r4!, {r0, r1, r6, r7, r8, r10, r11, r12}
	ldmdb	r3!, {r0, r1, r6, r7, r8, r10, r11, r12}
	stmdb	r4!, {r0, r1, r6, r7, r8, r10, r11, r12}
	cmp	r3, r5
	bhi	1b
3:	mov	r0, #0
	mcr	p15, 0, r0, c7, c5, 0		/* ICIALLU: no stale instructions ... */
	mcr	p15, 0, r0, c7, c5, 6		/* BPIALL: ... nor predictions */
	dsb
	isb
	bx	lr
	.size	relocate_image, . - relocate_image

/*
 * Keep the tree at r2 out of [r4, PA(_end)), the Image at r3 (r6 bytes) being
 * read. Out: r2, r9. Clobbers r0, r1, r5, r7, r8.
 */
save_device_tree:
	ldr	r5, =PHYS_OFFSET
	sub	r5, r2, r5
	cmp	r5, #DIRECT_MAP_SIZE
	bxhs	lr				/* not in RAM: no tree */
	tst	r2, #3
	bxne	lr
	ldr	r5, [r2]
	ldr	r7, =FDT_MAGIC_LE
	cmp	r5, r7
	bxne	lr
	ldr	r5, [r2, #4]			/* totalsize */
	rev	r5, r5
	ldr	r8, =PA(_end)
	cmp	r2, r8
	bxhs	lr				/* above the kernel */
	add	r7, r2, r5
	cmp	r7, r4
	bxls	lr				/* below it */

	ldr	r7, [r2, #8]			/* off_dt_struct */
	ldr	r0, [r2, #36]			/* size_dt_struct */
	rev	r7, r7
	rev	r0, r0
	add	r7, r7, r0
	ldr	r0, [r2, #12]			/* off_dt_strings */
	ldr	r1, [r2, #32]			/* size_dt_strings */
	rev	r0, r0
	rev	r1, r1
	add	r0, r0, r1
	cmp	r7, r0
	movlo	r7, r0
	add	r7, r7, #3
	bic	r7, r7, #3			/* the bytes in use */
	cmp	r7, r5
	bhs	1f
	mov	r5, r7
	rev	r0, r5
	str	r0, [r2, #4]			/* totalsize: what is in use */
	add	r7, r2, r5
	cmp	r7, r4
	bxls	lr				/* now below the kernel */

1:	sub	r7, r4, r5
	lsr	r7, r7, #PAGE_SHIFT
	lsl	r7, r7, #PAGE_SHIFT		/* the new place, below PA(_text) */
	add	r0, r3, r6
	cmp	r7, r0
	movlo	r9, r2				/* it would meet the Image: lost */
	bxlo	lr
	mov	r1, r7
2:	ldr	r0, [r2], #4			/* upwards: the new place lies lower */
	str	r0, [r1], #4
	subs	r5, r5, #4
	bhi	2b
	mov	r2, r7
	bx	lr
	.ltorg

/*
 * 32-bit ARM entry: from reset state, MMU off, to start_kernel().
 *
 * Two ways in, both in SVC mode with IRQs and FIQs masked, the MMU and
 * caches off:
 *  - kernel.elf (QEMU's -kernel with an ELF; gdb's file): QEMU loads it at
 *    its physical load addresses (0x40100000 on) and jumps to the ELF entry,
 *    stext's physical address, with r0 = r1 = r2 = 0. It leaves the device
 *    tree at the base of RAM and ignores -initrd;
 *  - build/arm/Image, the same bytes as one raw binary (objcopy -O binary,
 *    stext first), what scripts/qemu boots: QEMU takes it for a Linux
 *    kernel, loads it at RAM base + 0x10000 (0x40010000), the initrd at RAM
 *    base + min(RAM/2, 128 MiB) (0x44000000 with 128 MiB), the device tree
 *    after the initrd (4 KiB aligned; at the initrd's place when there is
 *    none), writes /chosen/linux,initrd-start/end, and enters at the first
 *    byte with Linux's registers: r0 = 0, r1 = machine (0xffffffff),
 *    r2 = the device tree's physical address.
 * So the device tree is where r2 points if a valid tree is there, else at
 * PHYS_OFFSET.
 *
 * Steps:
 *  0. start the PMU cycle counter, which make bench reads (asm/bench.h);
 *  1. leave Hyp mode if a loader left us there (QEMU does with
 *     virtualization=on), mask every interrupt;
 *  2. run where we are linked: an Image loaded elsewhere (0x40010000) copies
 *     itself to PA(_text), out of the device tree's way
 *     (arch/arm/boot/relocate.S);
 *  3. remember the device tree's physical address (boot_dtb_phys);
 *  4. zero .bss, with physical addresses: the page table built next lives
 *     there, so it must be cleared before, not after;
 *  5. build the boot translation table: short-descriptor format (no LPAE),
 *     4096 first-level entries of 1 MiB sections (asm/pgtable.h):
 *
 *       virtual                   physical                 memory type
 *       0x40000000-0x6fffffff     0x40000000-0x6fffffff    normal, cached  (identity)
 *       0xc0000000-0xefffffff     0x40000000-0x6fffffff    normal, cached  (direct map)
 *       0xf0000000-0xf7ffffff     0x40000000-0x47ffffff    normal, cached  (image window)
 *       0xf8000000-0xffffffff     0x08000000-0x0fffffff    device, never executable
 *       everything else           unmapped: a NULL pointer faults
 *
 *     The identity part exists because the MMU comes on while the CPU runs
 *     here at physical addresses: the instruction after the one that sets
 *     SCTLR.M is fetched through the new table. Once we run at 0xf01...,
 *     nothing uses it any more. Devices get a fixed window at the top, not
 *     an identity map, so that the low 3 GiB stay free of kernel mappings;
 *     asm/page.h has the layout and IO_ADDRESS(). These sections are all
 *     read/write/execute: arch/arm/mm/pgtable.c's paging_init() replaces
 *     them with per-section permissions once the page allocator exists.
 *     The table maps DIRECT_MAP_SIZE of RAM whatever QEMU's -m: memory
 *     that is not there is never touched;
 *  6. invalidate TLBs and the instruction cache, program TTBCR, TTBR0 and
 *     DACR, switch on the MMU, the caches and branch prediction, and jump
 *     to the kernel's link address;
 *  7. give the boot CPU its stack and each exception mode its own, point
 *     VBAR at the vectors (kernel/entry.S), TPIDRPRW at the per-CPU
 *     template (offset 0), clear fp so that backtraces end here, and call
 *     start_kernel().
 *
 * Secondary CPUs enter at secondary_entry (arch/arm/boot/secondary.S)
 * and switch their MMU on with this same boot_pgd.
 *
 * Everything before step 7 runs at physical addresses although the code is
 * linked at virtual ones: it is position-independent, and every symbol it
 * needs goes through PA(). It lives in .head.text, first in the image.
 */
#include <asm-generic/boot_stack.h>
#include <asm/domain.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/ptrace.h>

#define PA(x)		((x) - KERNEL_VMA_BASE + PHYS_OFFSET)

/* The FDT magic 0xd00dfeed is stored big-endian: a little-endian load sees this. */
#define FDT_MAGIC_LE	0xedfe0dd0

#define SCTLR_M		(1 << 0)	/* MMU */
#define SCTLR_A		(1 << 1)	/* alignment checks: off, the compiler emits unaligned loads */
#define SCTLR_C		(1 << 2)	/* data cache */
#define SCTLR_Z		(1 << 11)	/* branch prediction */
#define SCTLR_I		(1 << 12)	/* instruction cache */
#define SCTLR_V		(1 << 13)	/* high vectors: off, VBAR decides */
#define SCTLR_TRE	(1 << 28)	/* TEX remap: off, TEX/C/B mean what they say */
#define SCTLR_AFE	(1 << 29)	/* access flag: off, AP[0] is a permission bit */
#define SCTLR_TE	(1 << 30)	/* exceptions in Thumb: off, entry.S is ARM code */
#define SCTLR_SET	(SCTLR_M | SCTLR_C | SCTLR_Z | SCTLR_I)
#define SCTLR_CLEAR	(SCTLR_A | SCTLR_V | SCTLR_TRE | SCTLR_AFE | SCTLR_TE)

/*
 * Step 5's table entries for size bytes from virt, 1 MiB sections of
 * phys_flags (the first section's physical address and its PMD_SECT_*
 * type) on: the image window and the devices. r0 holds the table.
 */
	.macro	map_sections, virt, phys_flags, size
	ldr	r1, =(\phys_flags)
	add	r3, r0, #((\virt >> SECTION_SHIFT) * 4)
	mov	r4, #(\size >> SECTION_SHIFT)
1:	str	r1, [r3], #4
	add	r1, r1, #SECTION_SIZE
	subs	r4, r4, #1
	bne	1b
	.endm

#define EXCEPTION_STACK_SIZE	4096

	.cfi_sections .debug_frame		/* unwind tables for gdb (no .eh_frame) */
	.section .head.text, "ax"
	.arm
	.arch_extension virt

	.globl stext
	.type	stext, %function
stext:
	/*
	 * For gdb: no caller. Without unwind information gdb's guess at this
	 * frame finds the same frame again ("previous frame identical to this
	 * frame (corrupt stack?)"); the return address is undefined here, so
	 * backtraces end at this frame. Our own unwinder stops at fp = 0.
	 */
	.cfi_startproc
	.cfi_undefined 14			/* lr */
	/* 0. The PMU cycle counter, from 0: under -icount it counts instructions (kernel/bench.c). */
	mov	r4, #5				/* PMCR.E | PMCR.C */
	mcr	p15, 0, r4, c9, c12, 0		/* PMCR */
	mov	r4, #0x80000000
	mcr	p15, 0, r4, c9, c12, 1		/* PMCNTENSET: the cycle counter */

	/* 1. Hyp mode (PL2) cannot simply switch to SVC: return into it instead. */
	mrs	r4, cpsr
	and	r4, r4, #MODE_MASK
	cmp	r4, #MODE_HYP
	bne	1f
	ldr	r4, =(MODE_SVC | PSR_A_BIT | PSR_I_BIT | PSR_F_BIT)
	msr	spsr_cxsf, r4			/* the mode eret returns to ... */
	adr	r4, 1f
	msr	elr_hyp, r4			/* ... and the address */
	eret
1:	cpsid	aif, #MODE_SVC

	/* 2. Run where we are linked (relocate.S); r9: a device tree it overwrote. */
	adr	r3, stext
	bl	relocate_image
	ldr	r4, =PA(boot_dtb_lost)
	str	r9, [r4]

	/* 3. The device tree: r2 if it is inside the mapped RAM and holds one. */
	ldr	r5, =PHYS_OFFSET
	sub	r6, r2, r5
	cmp	r6, #DIRECT_MAP_SIZE
	bhs	3f
	tst	r2, #3
	bne	3f
	ldr	r6, [r2]
	ldr	r7, =FDT_MAGIC_LE
	cmp	r6, r7
	moveq	r5, r2
3:	ldr	r6, =PA(boot_dtb_phys)
	str	r5, [r6]

	/* 4. Zero .bss (page aligned at both ends, see the linker script), 32 bytes a store. */
	ldr	r0, =PA(__bss_start)
	ldr	r1, =PA(__bss_stop)
	mov	r2, #0
	mov	r3, #0
	mov	r4, #0
	mov	r5, #0
	mov	r6, #0
	mov	r7, #0
	mov	r8, #0
	mov	r9, #0
3:	cmp	r0, r1
	stmlo	r0!, {r2, r3, r4, r5, r6, r7, r8, r9}
	blo	3b

	/* 5. The boot translation table, 4 bytes per MiB of virtual space. */
	ldr	r0, =PA(boot_pgd)
	ldr	r1, =(PHYS_OFFSET + PMD_SECT_NORMAL)
	add	r2, r0, #((PHYS_OFFSET >> SECTION_SHIFT) * 4)
	add	r3, r0, #((PAGE_OFFSET >> SECTION_SHIFT) * 4)
	mov	r4, #(DIRECT_MAP_SIZE >> SECTION_SHIFT)
4:	str	r1, [r2], #4			/* identity */
	str	r1, [r3], #4			/* direct map */
	add	r1, r1, #SECTION_SIZE
	subs	r4, r4, #1
	bne	4b

	/* The image window, then the devices. */
	map_sections KERNEL_VMA_BASE, PHYS_OFFSET + PMD_SECT_NORMAL, KERNEL_WINDOW_SIZE
	map_sections IO_VIRT_BASE, IO_PHYS_BASE + PMD_SECT_DEVICE, IO_SIZE

	/*
	 * 6. The MMU. Nothing stale may survive in the TLBs, the instruction
	 * cache or the branch predictor. (The data cache needs no clean-up:
	 * it was off, and cortex-a7/a15 invalidate it at reset; QEMU models
	 * no caches. On real SMP hardware ACTLR.SMP would also have to be set
	 * before the caches go on, for coherency with the other cores.)
	 */
	bl	enable_mmu
	/* Translation is on; we still run in the identity map. Go high. */
	ldr	pc, =start_high

start_high:
	/* 7. Stacks: SVC (the kernel's), then one per exception mode for entry.S. */
	ldr	sp, =boot_stack_top
	cps	#MODE_ABT
	ldr	sp, =abort_stack_top
	cps	#MODE_UND
	ldr	sp, =undef_stack_top
	cps	#MODE_IRQ
	ldr	sp, =irq_stack_top
	cps	#MODE_FIQ
	ldr	sp, =fiq_stack_top
	cps	#MODE_SVC

	ldr	r0, =vectors
	mcr	p15, 0, r0, c12, c0, 0		/* VBAR */
	/* Per-CPU offset 0: the template itself, until setup_per_cpu_areas(). */
	mov	r0, #0
	mcr	p15, 0, r0, c13, c0, 4		/* TPIDRPRW */
	isb

	mov	r11, #0				/* fp: the end of the frame-pointer chain */
	bl	start_kernel
7:	wfi
	b	7b
	.cfi_endproc
	.size	stext, . - stext
	.ltorg

/*
 * Turn the MMU on with the first-level table at physical address r0.
 * Called (bl) with the MMU off, from the identity map, by the boot CPU and
 * by every secondary (secondary.S); returns to the caller, still in the
 * identity map, with translation on. Clobbers r0 and r1.
 */
	.globl enable_mmu
enable_mmu:
	mov	r1, #0
	mcr	p15, 0, r1, c8, c7, 0		/* TLBIALL */
	mcr	p15, 0, r1, c7, c5, 0		/* ICIALLU */
	mcr	p15, 0, r1, c7, c5, 6		/* BPIALL */
	dsb
	isb
	mcr	p15, 0, r1, c2, c0, 2		/* TTBCR = 0: short descriptors, TTBR0 for all */
	orr	r0, r0, #TTBR_WALK
	mcr	p15, 0, r0, c2, c0, 0		/* TTBR0 */
	mov	r0, #DACR_UACCESS_DISABLE
	mcr	p15, 0, r0, c3, c0, 0		/* DACR */
	isb
	mrc	p15, 0, r0, c1, c0, 0		/* SCTLR */
	ldr	r1, =SCTLR_CLEAR
	bic	r0, r0, r1
	ldr	r1, =SCTLR_SET
	orr	r0, r0, r1
	mcr	p15, 0, r0, c1, c0, 0
	isb
	bx	lr
	.ltorg

	.data
	.balign 4
	.globl boot_dtb_phys, boot_dtb_lost
boot_dtb_phys:
	.long	0
boot_dtb_lost:					/* a tree step 2 could not save, or 0 */
	.long	0

	.section .bss..page_aligned, "aw", %nobits
	/* The translation table base must be 16 KiB aligned. */
	.balign	16384
	.globl boot_pgd
boot_pgd:
	.skip	16384
	/*
	 * Left unmapped by paging_init(): a push past the bottom of the boot
	 * stack faults here (a data abort, reported on the abort mode's own
	 * stack) instead of silently overwriting boot_pgd below it.
	 */
	boot_stack
	.skip	EXCEPTION_STACK_SIZE
abort_stack_top:
	.skip	EXCEPTION_STACK_SIZE
undef_stack_top:
	.skip	EXCEPTION_STACK_SIZE
irq_stack_top:
	.skip	EXCEPTION_STACK_SIZE
fiq_stack_top:

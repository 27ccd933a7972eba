/*
 * x86_64 entry: from 32-bit protected mode, paging off, to start_kernel().
 *
 * Two boot protocols reach the same 32-bit entry:
 *  - GRUB's multiboot2 (the header below): EAX = 0x36d76289, EBX = info.
 *  - QEMU's -kernel through PVH (the Xen ELF note below): QEMU refuses an
 *    ELF64 multiboot image, but boots an ELF that carries a
 *    XEN_ELFNOTE_PHYS32_ENTRY note, with EBX = struct hvm_start_info.
 *    A multiboot2 header does not get in its way (multiboot1 would).
 * The protocol and the info pointer are saved for boot_info.c.
 *
 * The code here runs at its physical address although it is linked high,
 * so every symbol it touches before the jump to the high half goes
 * through PA(). It lives in .head.text, first in the image, so the
 * multiboot2 header lands within the first 32 KiB of the file.
 */
#include <asm-generic/boot_stack.h>
#include <asm/msr-index.h>
#include <asm/page.h>

#define PA(x)		((x) - KERNEL_VMA_BASE)

#define MB2_MAGIC	0xe85250d6
#define MB2_ARCH_I386	0
#define CR0_PE		(1 << 0)
#define CR0_WP		(1 << 16)
#define CR0_PG		(1 << 31)
#define CR4_PAE		(1 << 5)
#define PTE_PRESENT	(1 << 0)
#define PTE_WRITE	(1 << 1)
#define PTE_HUGE	(1 << 7)
#define PML4_INDEX_DIRECT ((PAGE_OFFSET >> 39) & 511)

	.cfi_sections .debug_frame		/* unwind tables for gdb (no .eh_frame) */
	.section .head.text, "ax"
	.code32

	.balign 8
multiboot2_header:
	.long MB2_MAGIC
	.long MB2_ARCH_I386
	.long multiboot2_header_end - multiboot2_header
	.long -(MB2_MAGIC + MB2_ARCH_I386 + (multiboot2_header_end - multiboot2_header))
	/* end tag */
	.short 0
	.short 0
	.long 8
multiboot2_header_end:

	.globl startup_32
startup_32:
	cli
	cld
	movl	%eax, PA(boot_magic)
	movl	%ebx, PA(boot_info_phys)
	movl	$PA(boot_stack_top), %esp
	/* A CPU without TSC, PAE, long mode, NX or APIC stops here, saying so. */
	call	verify_cpu
	/* The TSC at entry, for kernel/bench.c: under -icount it counts instructions. */
	rdtsc
	movl	%eax, PA(boot_entry_cycles)
	movl	%edx, PA(boot_entry_cycles) + 4

	/* Zero .bss: the loaders are supposed to, but a learner's loader may not. */
	movl	$PA(__bss_start), %edi
	movl	$PA(__bss_stop), %ecx
	subl	%edi, %ecx
	shrl	$2, %ecx
	xorl	%eax, %eax
	rep stosl
	/* The magic, the info pointer and the TSC live in .data, so they survived. */

	/*
	 * Boot page tables, 2 MiB pages:
	 *   PML4[0]   -> identity map of [0, 1 GiB): we are running there now;
	 *   PML4[273] -> the direct map: [0, 2 GiB) at PAGE_OFFSET;
	 *   PML4[511] -> PDPT[510], [511]: [0, 2 GiB) at KERNEL_VMA_BASE.
	 * The last two share their page directories.
	 */
	movl	$PA(boot_pdpt_low), %eax
	orl	$(PTE_PRESENT | PTE_WRITE), %eax
	movl	%eax, PA(boot_pml4)
	movl	$PA(boot_pdpt_high), %eax
	orl	$(PTE_PRESENT | PTE_WRITE), %eax
	movl	%eax, PA(boot_pml4) + 511 * 8
	movl	$PA(boot_pdpt_direct), %eax
	orl	$(PTE_PRESENT | PTE_WRITE), %eax
	movl	%eax, PA(boot_pml4) + PML4_INDEX_DIRECT * 8

	movl	$PA(boot_pd), %eax
	orl	$(PTE_PRESENT | PTE_WRITE), %eax
	movl	%eax, PA(boot_pdpt_low)
	movl	%eax, PA(boot_pdpt_high) + 510 * 8
	movl	%eax, PA(boot_pdpt_direct)
	addl	$PAGE_SIZE, %eax
	movl	%eax, PA(boot_pdpt_high) + 511 * 8
	movl	%eax, PA(boot_pdpt_direct) + 8

	/* 1024 PD entries (two PD pages back to back) of 2 MiB each. */
	movl	$PA(boot_pd), %edi
	movl	$(PTE_PRESENT | PTE_WRITE | PTE_HUGE), %eax
	movl	$1024, %ecx
1:	movl	%eax, (%edi)
	movl	$0, 4(%edi)
	addl	$0x200000, %eax
	addl	$8, %edi
	loop	1b

	/* Long mode: PAE, the page tables, EFER.LME (and NXE for later), then paging. */
	movl	%cr4, %eax
	orl	$CR4_PAE, %eax
	movl	%eax, %cr4
	movl	$PA(boot_pml4), %eax
	movl	%eax, %cr3
	movl	$MSR_EFER, %ecx
	rdmsr
	orl	$(EFER_LME | EFER_NXE), %eax
	wrmsr
	movl	%cr0, %eax
	orl	$(CR0_PE | CR0_PG | CR0_WP), %eax
	movl	%eax, %cr0

	lgdt	PA(boot_gdt_desc)
	ljmp	$0x08, $PA(startup_64_low)

	.code64
startup_64_low:
	/* Still at the physical address: jump to the kernel's linked address. */
	movabsq	$startup_64, %rax
	jmp	*%rax

startup_64:
	/*
	 * For gdb: no caller. The return address is undefined here, so
	 * backtraces end at this frame instead of at a made-up one at address 0.
	 * Our own unwinder stops at %rbp = 0.
	 */
	.cfi_startproc
	.cfi_undefined rip
	movl	$0x10, %eax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	xorl	%eax, %eax
	movw	%ax, %fs
	movw	%ax, %gs
	/*
	 * Per-CPU data (include/kernel/percpu.h): until setup_per_cpu_areas()
	 * gives this CPU an area of its own, %gs points at the template in the
	 * image. (The selector load above zeroed the base; now set it.)
	 */
	movl	$MSR_GS_BASE, %ecx
	movabsq	$__per_cpu_load, %rax
	movq	%rax, %rdx
	shrq	$32, %rdx
	wrmsr
	/* Reload the GDT through its high address: the identity map will go away. */
	movabsq	$boot_gdt_desc64, %rax
	lgdt	(%rax)
	movabsq	$boot_stack_top, %rsp
	/* Drop the identity map: from now on a NULL pointer faults. */
	movabsq	$boot_pml4, %rax
	movq	$0, (%rax)
	movq	%cr3, %rax
	movq	%rax, %cr3
	xorl	%ebp, %ebp		/* the end of the frame-pointer chain */
	call	start_kernel
1:	cli
	hlt
	jmp	1b
	.cfi_endproc

	.section .rodata
	.balign 8
boot_gdt:
	.quad	0
	.quad	0x00af9a000000ffff	/* 0x08: 64-bit code */
	.quad	0x00cf92000000ffff	/* 0x10: data */
boot_gdt_end:
boot_gdt_desc:
	.short	boot_gdt_end - boot_gdt - 1
	.long	PA(boot_gdt)
	.balign 8
boot_gdt_desc64:
	.short	boot_gdt_end - boot_gdt - 1
	.quad	boot_gdt

	/* QEMU's PVH boot: XEN_ELFNOTE_PHYS32_ENTRY (type 18), name "Xen". */
	.section .note.Xen, "a"
	.balign 4
	.long	2f - 1f
	.long	4f - 3f
	.long	18
1:	.asciz	"Xen"
2:	.balign 4
3:	.quad	PA(startup_32)
4:	.balign 4

	.data
	.balign 4
	.globl boot_magic, boot_info_phys
boot_magic:
	.long	0
boot_info_phys:
	.long	0
	.balign 8
	.globl boot_entry_cycles
boot_entry_cycles:
	.quad	0

	.section .bss..page_aligned, "aw", @nobits
	.balign PAGE_SIZE
	.globl boot_pml4
boot_pml4:
	.skip	PAGE_SIZE
boot_pdpt_low:
	.skip	PAGE_SIZE
boot_pdpt_high:
	.skip	PAGE_SIZE
boot_pdpt_direct:
	.skip	PAGE_SIZE
boot_pd:
	.skip	2 * PAGE_SIZE
	/* Left unmapped by paging_init(): a boot-stack overflow faults here. */
	boot_stack


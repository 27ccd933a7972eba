/*
 * sorttable fixture, 32-bit ARM: an exception table written in scrambled
 * order (the scheme of x86_64.S: entry N is insn_N -> fixup_N with data
 * 0xdead0000 + N).
 *
 * arm.lds puts the table at 0xffff0000 with code above it (.text.late),
 * below it (.text, kernel-like 0xc0008000) and at the bottom of the
 * address space (.text.low, 0x8000). .text.low is reached from the table
 * only by wrapping around 2^32, as the kernel's 32-bit arithmetic does:
 * its entries must sort first, not last. Entries 2 and 9 share an
 * instruction (ordered by fixup); 6 and 4 share both (stable: 6 first).
 */
	.include "ex_table.inc"

	.arm
	.section .text.low, "ax", %progbits
insn_1:		nop
fixup_1:
fixup_9:	nop
insn_2:
insn_9:		nop
fixup_2:	nop

	.text
insn_3:		nop
fixup_5:	nop
insn_4:
insn_6:		nop
fixup_3:
fixup_4:
fixup_6:	nop
insn_5:		nop

	.section .text.late, "ax", %progbits
insn_7:		nop
fixup_8:	nop
insn_8:		nop
fixup_7:
fixup_10:	nop
insn_10:	nop

	.text
	entry 8, insn_8, fixup_8
	entry 5, insn_5, fixup_5
	entry 2, insn_2, fixup_2
	entry 10, insn_10, fixup_10
	entry 6, insn_6, fixup_6
	entry 1, insn_1, fixup_1
	entry 7, insn_7, fixup_7
	entry 4, insn_4, fixup_4
	entry 9, insn_9, fixup_9
	entry 3, insn_3, fixup_3

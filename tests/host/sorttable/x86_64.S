/*
 * sorttable fixture, x86_64: an exception table written in scrambled order.
 *
 * Entry N says "insn_N may fault, resume at fixup_N" and carries data
 * 0xdead0000 + N; tests/host/sorttable_test.c reads the labels' addresses
 * back with nm, so it knows what every entry must mean wherever it ends up.
 * x86_64.lds puts .text below the table and .text.late above it, at
 * kernel-like addresses, so the offsets have both signs. Two entries share
 * an instruction with different fixups (5, 12: ordered by fixup) and two
 * share both (8 before 9 in the input: a stable sort keeps that).
 */
	.include "ex_table.inc"

	.text
insn_1:		nop
insn_2:		nop
fixup_2:
fixup_12:
insn_5:
insn_12:	nop
insn_3:		nop
fixup_1:
fixup_5:	nop
insn_8:
insn_9:		nop
fixup_4:
fixup_8:
fixup_9:	nop
insn_6:		nop
		nop

	.section .text.late, "ax", @progbits
fixup_3:	nop
insn_4:		nop
insn_10:	nop
fixup_6:
fixup_7:	nop
insn_7:		nop
fixup_10:
fixup_11:	nop
insn_11:	nop

	.text
	entry 7, insn_7, fixup_7
	entry 3, insn_3, fixup_3
	entry 11, insn_11, fixup_11
	entry 5, insn_5, fixup_5
	entry 1, insn_1, fixup_1
	entry 8, insn_8, fixup_8
	entry 10, insn_10, fixup_10
	entry 12, insn_12, fixup_12
	entry 2, insn_2, fixup_2
	entry 9, insn_9, fixup_9
	entry 6, insn_6, fixup_6
	entry 4, insn_4, fixup_4

/*
 * sorttable fixture: a table that cannot be sorted. x86_64-far.lds puts
 * fixup_far exactly 2 GiB below the fixup field of the first entry, the
 * farthest a 32-bit offset reaches. Sorting moves that entry one place
 * up, 12 bytes farther away, where the offset no longer fits: the tool
 * must refuse and leave the file alone.
 */
	.text
insn_low:	nop
insn_high:	nop

	.section .text.far, "ax", @progbits
fixup_far:	nop

	.section __ex_table, "a"
	.long insn_high - ., fixup_far - ., 1
	.long insn_low - ., insn_low - ., 2

/* sorttable fixture: an exception table of 25 bytes, two entries and a stray byte. */
	.text
insn_1:	nop
insn_2:	nop

	.section __ex_table, "a"
	.long insn_2 - ., insn_2 - ., 0
	.long insn_1 - ., insn_1 - ., 0
	.byte 0

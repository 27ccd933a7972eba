/* sorttable fixture: code and no exception table entries at all. */
	.text
start:	nop
	ret

/*
 * A made-up "kernel image" for the kallsyms host test (kallsyms_test.c):
 * symbols of known sizes at known offsets, all in one section so that their
 * distances in this object are their distances in the linked test program.
 * The test makes its table from `nm` of this object (plus the lines in
 * kallsyms_fixture_extra.nm), so `_text` here plays the kernel's _text and
 * the local `_end` the kernel's _end. The bytes are never executed.
 *
 * Offsets below are from the start of the section; _text is at 0x100.
 * Assembled with -Wa,-L so that the .L label reaches the symbol table, as
 * such labels do in real kernels (GNU as keeps e.g. .LANCHOR on ARM).
 */
	.text
	.balign 16

/* Below _text: outside the image, like x86_64 per-CPU variables linked at 0. */
	.globl below_text
	.type below_text, %function
below_text:				/* 0x000 */
	.skip 0x10, 0xcc
	.size below_text, 0x10
	.skip 0xf0, 0xcc

/* _text shares its address with a sized function, which is preferred. */
	.globl _text
_text:					/* 0x100 */
	.globl fixture_start
	.type fixture_start, %function
fixture_start:
	.skip 0x20, 0xcc
	.size fixture_start, 0x20

	.skip 0x10, 0xcc		/* 0x120: padding, in no symbol */

/* A static function beats a global label without a size (a section-start symbol, say). */
	.globl fixture_marker
fixture_marker:
	.type fixture_local, %function
fixture_local:				/* 0x130 */
	.skip 0x18, 0xcc
	.size fixture_local, 0x18
	.skip 0x8, 0xcc			/* 0x148: padding */

/* Four names for one function: global beats weak beats local, "_" loses. */
	.type a_local_alias, %function
	.weak a_weak_alias
	.type a_weak_alias, %function
	.globl __global_alias
	.type __global_alias, %function
	.globl global_alias
	.type global_alias, %function
a_local_alias:				/* 0x150 */
a_weak_alias:
__global_alias:
global_alias:
	.skip 0x30, 0xcc
	.size a_local_alias, 0x30
	.size a_weak_alias, 0x30
	.size __global_alias, 0x30
	.size global_alias, 0x30

/* A label without an ELF size covers the bytes up to the next symbol. */
	.globl fixture_label
fixture_label:				/* 0x180 */
	.skip 0x40, 0xcc

	.globl fixture_object
	.type fixture_object, %object
fixture_object:				/* 0x1c0 */
	.skip 0x24, 0
	.size fixture_object, 0x24

/* Never in the table: an ARM-style mapping symbol and an assembler-local label. */
"$d":					/* 0x1e4 */
	.skip 4, 0
.Lfixture_local_label:			/* 0x1e8 */
	.skip 8, 0

	.globl fixture_last
	.type fixture_last, %function
fixture_last:				/* 0x1f0 */
	.skip 0x10, 0xcc
	.size fixture_last, 0x10

/*
 * 0x200 .. 0x300: no symbols here; kallsyms_fixture_extra.nm describes this
 * area with nm lines that this assembler cannot produce.
 */
	.skip 0x100, 0xcc

/* Local, so that it cannot clash with the C library's _end. */
_end:					/* 0x300 */
	.globl at_end
	.type at_end, %function
at_end:					/* at _end: outside the image */
	.skip 0x10, 0xcc
	.size at_end, 0x10

/* Absolute: a number, not an address, even though it looks like one in range. */
	.globl fixture_absolute
	.set fixture_absolute, 0x180

	.section .note.GNU-stack,"",%progbits

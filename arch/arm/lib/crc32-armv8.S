/*
 * CRC-32 and CRC-32C with the ARMv8 CRC instructions, in A32: a word per
 * instruction, then the last bytes one at a time. Reached only through the
 * alternatives in asm/crc32.h, on a CPU whose ID_ISAR5 reports them.
 *
 * The kernel is built for ARMv7-A, where these instructions do not exist,
 * so this file tells the assembler it is ARMv8 code.
 *
 *   u32 crc32_le_armv8(u32 crc (r0), const void *p (r1), size_t len (r2))
 *   u32 crc32c_armv8(u32 crc (r0), const void *p (r1), size_t len (r2))
 *
 * Word loads need no alignment: SCTLR.A is off and the memory is normal.
 */
	.arch		armv8-a
	.arch_extension	crc
	.text
	.arm

.macro CRC32_FUNC name, word, byte
	.globl	\name
	.type	\name, %function
\name:
	subs	r2, r2, #4
	blo	2f
1:	ldr	r3, [r1], #4
	\word	r0, r0, r3
	subs	r2, r2, #4
	bhs	1b
2:	adds	r2, r2, #4
	beq	4f
3:	ldrb	r3, [r1], #1
	\byte	r0, r0, r3
	subs	r2, r2, #1
	bne	3b
4:	bx	lr
	.size	\name, . - \name
.endm

	CRC32_FUNC crc32_le_armv8, crc32w, crc32b
	CRC32_FUNC crc32c_armv8, crc32cw, crc32cb

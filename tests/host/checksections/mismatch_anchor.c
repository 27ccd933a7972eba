/*
 * ARM: gcc reaches the static variables of a file through a section anchor,
 * a local label .LANCHORn at the start of their block, and puts each
 * variable's offset from it in the load or store instruction. The
 * relocation names the anchor; the tool must never print such a label but
 * the variable at the anchor: exact with one variable per section, as here,
 * the first of the block (a guess) with several. On x86_64 these are
 * ordinary references to static objects.
 */
#include <kernel/init.h>

static int boot_only_count __initdata = 7;
static const char boot_only_name[8] __initconst = "anchor";

int late_count(void)
{
	return boot_only_count;
}

char late_name_char(unsigned int i)
{
	return boot_only_name[i % 8];
}

int __init boot_anchor_touch(void)
{
	return boot_only_count + boot_only_name[0];
}

/*
 * The same in assembly, with the offset folded into the address as gcc
 * also writes it (.LANCHOR0+4): on ARM the relocation names the local
 * label, and the offset is the immediate of the movw/movt pair.
 */
#ifdef __arm__
#define ASM_LOAD_WORD1							\
	"	movw	r0, #:lower16:.Lasm_anchor+4\n"			\
	"	movt	r0, #:upper16:.Lasm_anchor+4\n"			\
	"	bx	lr\n"
#else
#define ASM_LOAD_WORD1							\
	"	leaq	.Lasm_anchor+4(%rip), %rax\n"			\
	"	ret\n"
#endif

__asm__(".pushsection .init.data, \"aw\"\n"
	".Lasm_anchor:\n"
	"asm_boot_word0:	.long 0\n"
	"asm_boot_word1:	.long 1\n"
	".popsection\n"
	".pushsection .text, \"ax\"\n"
	".globl asm_late_word1\n"
	"asm_late_word1:\n"
	ASM_LOAD_WORD1
	".popsection\n");

/*
 * 32-bit ARM population count (include/kernel/hweight.h): the portable
 * version. A32 has no popcount instruction outside NEON (vcnt), and the
 * kernel keeps away from the FP/NEON registers it never saves.
 *
 * Included by <kernel/hweight.h>, after its declarations: include that one.
 */
#ifndef _ASM_HWEIGHT_H
#define _ASM_HWEIGHT_H

#include <asm-generic/hweight.h>

#endif

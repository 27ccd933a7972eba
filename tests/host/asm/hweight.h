/*
 * The host's "arch" for kernel/lib's population count
 * (include/kernel/hweight.h): the portable versions, as in
 * tests/host/asm/crc32.h.
 *
 * Included by <kernel/hweight.h>, after its declarations: include that one.
 */
#ifndef _HOST_ASM_HWEIGHT_H
#define _HOST_ASM_HWEIGHT_H

#include <asm-generic/hweight.h>

#endif

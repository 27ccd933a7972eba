/*
 * open()'s flags whose values differ between arches (Linux's
 * arch/arm/include/uapi/asm/fcntl.h); include/kernel/file.h has the shared
 * ones.
 */
#ifndef _ASM_FCNTL_H
#define _ASM_FCNTL_H

#define O_DIRECTORY	040000
#define O_NOFOLLOW	0100000

#endif

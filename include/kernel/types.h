/*
 * Fixed-width integer types, bool and size_t for the kernel.
 *
 * They come from the compiler's freestanding headers (stdint.h, stddef.h,
 * stdbool.h are part of every freestanding C implementation), so the same
 * definitions work in the kernel and in the host tests of kernel/lib.
 */
#ifndef _KERNEL_TYPES_H
#define _KERNEL_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

/* A physical address: 64 bits even on 32-bit ARM, where LPAE could reach past 4 GiB. */
typedef u64 phys_addr_t;

#endif

/*
 * Random bytes (kernel/random.c): not cryptographic, different at every
 * call and every boot.
 */
#ifndef _KERNEL_RANDOM_H
#define _KERNEL_RANDOM_H

#include <kernel/types.h>

void get_random_bytes(void *buf, size_t len);

#endif

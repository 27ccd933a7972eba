/*
 * Portable population count (see include/kernel/hweight.h).
 *
 * Counting "in parallel": first every 2-bit field is replaced by the number
 * of 1s in it, then neighbouring fields are added into 4-bit fields, then
 * 8-bit ones; a multiplication by 0x01010101... finally adds all the bytes
 * into the top byte. No loop and no branch, whatever the input.
 */
#include <kernel/hweight.h>

unsigned int __sw_hweight32(u32 w)
{
	w -= (w >> 1) & 0x55555555;
	w = (w & 0x33333333) + ((w >> 2) & 0x33333333);
	w = (w + (w >> 4)) & 0x0f0f0f0f;
	return (w * 0x01010101) >> 24;
}

unsigned int __sw_hweight64(u64 w)
{
	w -= (w >> 1) & 0x5555555555555555ull;
	w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
	w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (w * 0x0101010101010101ull) >> 56;
}

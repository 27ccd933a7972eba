/*
 * The ARM EABI's memory-clearing helpers (RTABI, section 4.3.4): clang
 * calls __aeabi_memclr*() to zero a structure, as gcc calls memset().
 * Each is memset() with the arguments the ABI gives it; the 4 and 8
 * forms only promise an aligned destination, which memset() does not
 * need.
 */
#include <kernel/export.h>
#include <kernel/string.h>

void __aeabi_memclr(void *dest, size_t n);
void __aeabi_memclr4(void *dest, size_t n);
void __aeabi_memclr8(void *dest, size_t n);

void __aeabi_memclr(void *dest, size_t n)
{
	memset(dest, 0, n);
}
EXPORT_SYMBOL(__aeabi_memclr);

void __aeabi_memclr4(void *dest, size_t n)
{
	memset(dest, 0, n);
}
EXPORT_SYMBOL(__aeabi_memclr4);

void __aeabi_memclr8(void *dest, size_t n)
{
	memset(dest, 0, n);
}
EXPORT_SYMBOL(__aeabi_memclr8);

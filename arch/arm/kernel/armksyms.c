/*
 * ARM's exports that no C file defines: the EABI division helpers the
 * compiler calls for a / b, from arch/arm/lib/aeabi_div.S and (64-bit)
 * libgcc. A module divides like the kernel, so it needs them too; Linux's
 * arch/arm/kernel/armksyms.c exports the same.
 */
#include <kernel/export.h>

/* Not C functions (their results come back in r0 and r1): declared only to be named. */
void __aeabi_uidiv(void);
void __aeabi_idiv(void);
void __aeabi_uidivmod(void);
void __aeabi_idivmod(void);
void __aeabi_uldivmod(void);
void __aeabi_ldivmod(void);

EXPORT_SYMBOL(__aeabi_uidiv);
EXPORT_SYMBOL(__aeabi_idiv);
EXPORT_SYMBOL(__aeabi_uidivmod);
EXPORT_SYMBOL(__aeabi_idivmod);
EXPORT_SYMBOL(__aeabi_uldivmod);
EXPORT_SYMBOL(__aeabi_ldivmod);

/*
 * The vermagic string: what a module and the kernel must agree on for the
 * module's code to run in this kernel. scripts/modpost writes it into each
 * module's .modinfo (vermagic=, which modinfo prints) from this header,
 * compiled with the kernel's flags, so a module built for the other arch
 * or by the other compiler says so. As Linux's VERMAGIC_STRING: the
 * release, then a word for each property that changes the ABI.
 */
#ifndef _KERNEL_VERMAGIC_H
#define _KERNEL_VERMAGIC_H

#define SK_RELEASE	"0.1"

#define VERMAGIC_STRING	SK_RELEASE " SMP mod_unload " SK_ARCH " " SK_COMPILER

#endif

/*
 * The special sections only ARM has, as rows of the registry
 * (include/kernel/section_registry.h): none. Every section of the ARM
 * image is a generic one.
 */
#ifndef _ASM_SECTIONS_H
#define _ASM_SECTIONS_H

#define ARCH_SPECIAL_SECTIONS(X)

#endif

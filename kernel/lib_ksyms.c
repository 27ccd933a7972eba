/*
 * The exports of kernel/lib, the kernel's C library. Those files are also
 * compiled for the host tests (tests/host), where an export section would
 * mean nothing, so their exports are listed here instead, as Linux's
 * arch/arm/kernel/armksyms.c lists those its assembler files cannot carry.
 */
#include <kernel/bsearch.h>
#include <kernel/export.h>
#include <kernel/kstrtox.h>
#include <kernel/sort.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

/* memcpy() and memset() may be the arch's (x86_64: arch/x86_64/lib/memcpy.S). */
EXPORT_SYMBOL(memcpy);
EXPORT_SYMBOL(memmove);
EXPORT_SYMBOL(memset);
EXPORT_SYMBOL(memcmp);
EXPORT_SYMBOL(memchr);
EXPORT_SYMBOL(strlen);
EXPORT_SYMBOL(strnlen);
EXPORT_SYMBOL(strcmp);
EXPORT_SYMBOL(strncmp);
EXPORT_SYMBOL(strchr);
EXPORT_SYMBOL(strrchr);
EXPORT_SYMBOL(strstr);
EXPORT_SYMBOL(strscpy);
EXPORT_SYMBOL(strsep);

EXPORT_SYMBOL(snprintf);
EXPORT_SYMBOL(vsnprintf);
EXPORT_SYMBOL(scnprintf);
EXPORT_SYMBOL(vscnprintf);

EXPORT_SYMBOL(kstrtoull);
EXPORT_SYMBOL(kstrtoll);
EXPORT_SYMBOL(kstrtoul);
EXPORT_SYMBOL(kstrtouint);
EXPORT_SYMBOL(kstrtoint);
EXPORT_SYMBOL(kstrtobool);

EXPORT_SYMBOL(sort);
EXPORT_SYMBOL(bsearch);

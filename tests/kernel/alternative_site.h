/*
 * What the alternative suite asks of each arch's alternative test: whether
 * a site holds its replacement as patching must leave it. Each arch answers
 * from its own instruction encodings (tests/kernel/<arch>/), not with
 * kernel/alternative.c's alt_patched_bytes(), so that a mistake there shows.
 */
#ifndef TESTS_KERNEL_ALTERNATIVE_SITE_H
#define TESTS_KERNEL_ALTERNATIVE_SITE_H

#include <kernel/alternative.h>

bool alt_site_holds_replacement(const struct alt_instr *a);

#endif

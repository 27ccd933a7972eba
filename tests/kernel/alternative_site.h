/*
 * What the alternative suite and each arch's alternative test share.
 *
 * The arch's test answers whether a site holds its replacement as patching
 * must leave it, from its own instruction encodings (tests/kernel/<arch>/),
 * not with kernel/alternative.c's alt_patched_bytes(), so that a mistake
 * there shows. The generic suite (alternative_test.c) finds records and
 * checks the arch's small test functions, made by its TEST_FUNC macro: a
 * function name whose body is one alternative, and copies name_old and
 * name_new of the two instruction sequences.
 */
#ifndef TESTS_KERNEL_ALTERNATIVE_SITE_H
#define TESTS_KERNEL_ALTERNATIVE_SITE_H

#include <kernel/alternative.h>
#include <kernel/ktest.h>

bool alt_site_holds_replacement(const struct alt_instr *a);

const struct alt_instr *alt_find_record(const void *site);
void alt_expect_site(struct ktest *t, const void *fn, const u8 *old, const u8 *old_end,
		     const u8 *new, const u8 *new_end, bool patched);

#define DECLARE_TEST_FUNC(name)						\
	int name(void);							\
	extern const u8 name##_old[], name##_old_end[], name##_new[], name##_new_end[]

#define EXPECT_SITE(t, name, patched)					\
	alt_expect_site(t, name, name##_old, name##_old_end, name##_new, name##_new_end, patched)

#endif

/*
 * ktest: the in-kernel self-test framework, registered through special
 * sections so that adding a suite needs no list edited by hand.
 *
 *   static void my_case(struct ktest *t) { KTEST_EXPECT_EQ(t, 1 + 1, 2); }
 *   static const struct ktest_case my_cases[] = { KTEST_CASE(my_case), {} };
 *   static const struct ktest_suite my_suite = { "my", my_cases };
 *   ktest_suite(my_suite);        // runs after init memory is freed
 *   ktest_init_suite(my_suite);   // or: runs before, may use __init code
 *
 * ktest_suite() stores a pointer to the suite in .ktest_suites;
 * ktest_init_suite() stores it in .init.ktest_suites, inside the init
 * region, so that suite (and its __init cases) is freed with init memory.
 * Results are printed as KTAP version 1, one subtest per suite.
 *
 * KTEST_EXPECT_* record a failure and go on; KTEST_ASSERT_* record it and
 * return from the test function at once (use them in the case function
 * itself, where a return ends the case).
 */
#ifndef _KERNEL_KTEST_H
#define _KERNEL_KTEST_H

#include <kernel/compiler.h>
#include <kernel/types.h>

struct ktest {
	const char *name;
	bool failed;
	const char *skip_reason;	/* set by ktest_skip() */
};

struct ktest_case {
	const char *name;
	void (*run)(struct ktest *t);
};

struct ktest_suite {
	const char *name;
	const struct ktest_case *cases;	/* ends with an empty entry */
};

#define KTEST_CASE(fn)	{ #fn, fn }

#define ktest_suite(suite)						\
	DEFINE_SECTION_ENTRY(const struct ktest_suite *const, __ktest_ptr_##suite, \
			     ".ktest_suites") = &suite

#define ktest_init_suite(suite)						\
	DEFINE_SECTION_ENTRY(const struct ktest_suite *const, __ktest_ptr_##suite, \
			     ".init.ktest_suites") = &suite

__printf(4, 5) void ktest_fail(struct ktest *t, const char *file, int line,
			       const char *fmt, ...);
void ktest_skip(struct ktest *t, const char *reason);
__printf(1, 2) void ktest_diag(const char *fmt, ...);

/* The init table first (it prints the KTAP header), then the other one. */
void ktest_run_init_suites(void);
void ktest_run_suites(void);
/*
 * Suites a layer runs itself (user space's programs, kernel/ktest_user.c):
 * ktest_plan_add() counts them in the plan, from an initcall (the plan is
 * printed at boot step 16); ktest_name_selected() applies ktest.filter=;
 * ktest_report() prints each one's top-level "ok N NAME" or "not ok N
 * NAME" and counts a failure in the verdict.
 */
void ktest_plan_add(size_t suites);
bool ktest_name_selected(const char *name);
/* A suite a layer runs starts now; ktest_report() ends it (its cost is recorded). */
void ktest_suite_begin(void);
void ktest_report(const char *name, bool ok);

/*
 * What each suite cost, in the order they ran: the instructions from its
 * start to its top-level "ok" line (the arch's counter, <asm/bench.h>:
 * exact under QEMU's -icount). `make bench` prints it (kernel/bench.c).
 */
struct ktest_cost {
	char name[24];
	u64 insns;
};
#define KTEST_MAX_COSTS		128
extern struct ktest_cost ktest_costs[KTEST_MAX_COSTS];
extern unsigned int nr_ktest_costs;
/*
 * The boot's verdict for QEMU's exit status, said in words when it is not a
 * pass: QEMU_EXIT_PASS when at least one suite ran and no case failed, else
 * QEMU_EXIT_TESTS_FAILED (some case failed, or ktest.filter matched nothing).
 */
int ktest_exit_status(void);

#define KTEST_EXPECT_TRUE(t, cond)						\
	do {									\
		if (!(cond))							\
			ktest_fail(t, __FILE__, __LINE__, "expected %s", #cond);\
	} while (0)

#define KTEST_EXPECT_FALSE(t, cond)	KTEST_EXPECT_TRUE(t, !(cond))

#define KTEST_EXPECT_OP(t, a, op, b)						\
	do {									\
		long long __a = (long long)(a), __b = (long long)(b);		\
		if (!(__a op __b))						\
			ktest_fail(t, __FILE__, __LINE__,			\
				   "expected %s %s %s, got %#llx and %#llx",	\
				   #a, #op, #b, __a, __b);			\
	} while (0)

#define KTEST_EXPECT_EQ(t, a, b)	KTEST_EXPECT_OP(t, a, ==, b)
#define KTEST_EXPECT_NE(t, a, b)	KTEST_EXPECT_OP(t, a, !=, b)
#define KTEST_EXPECT_LT(t, a, b)	KTEST_EXPECT_OP(t, a, <, b)
#define KTEST_EXPECT_LE(t, a, b)	KTEST_EXPECT_OP(t, a, <=, b)
#define KTEST_EXPECT_GT(t, a, b)	KTEST_EXPECT_OP(t, a, >, b)
#define KTEST_EXPECT_GE(t, a, b)	KTEST_EXPECT_OP(t, a, >=, b)

#define KTEST_EXPECT_STREQ(t, a, b)						\
	do {									\
		const char *__a = (a), *__b = (b);				\
		if (strcmp(__a, __b))						\
			ktest_fail(t, __FILE__, __LINE__,			\
				   "expected %s == %s, got \"%s\" and \"%s\"",	\
				   #a, #b, __a, __b);				\
	} while (0)

/* The ASSERT forms end the case: they return from the calling test function. */
#define KTEST_ASSERT_TRUE(t, cond)						\
	do {									\
		KTEST_EXPECT_TRUE(t, cond);					\
		if ((t)->failed)						\
			return;							\
	} while (0)

#define KTEST_ASSERT_EQ(t, a, b)						\
	do {									\
		KTEST_EXPECT_EQ(t, a, b);					\
		if ((t)->failed)						\
			return;							\
	} while (0)

#endif

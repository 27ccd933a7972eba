/*
 * The "moduleparam" suite: the parameter types of module_param()
 * (kernel/module/param_ops.c) parse what `insmod NAME.ko name=value`
 * gives them, refuse what they cannot hold without touching the variable,
 * and print the value back.
 */
#include <kernel/errno.h>
#include <kernel/ktest.h>
#include <kernel/moduleparam.h>
#include <kernel/string.h>

static void set_and_get_each_type(struct ktest *t)
{
	int i = 0;
	unsigned int u = 0;
	long l = 0;
	unsigned long ul = 0;
	bool b = false;
	char *s = NULL;
	const struct kernel_param kps[] = {
		{ "i", &param_ops_int, 0444, &i }, { "u", &param_ops_uint, 0444, &u },
		{ "l", &param_ops_long, 0444, &l }, { "ul", &param_ops_ulong, 0444, &ul },
		{ "b", &param_ops_bool, 0444, &b }, { "s", &param_ops_charp, 0444, &s },
	};
	const char *const in[] = { "-12", "0x10", "-5000000", "42", "on", "world" };
	const char *const out[] = { "-12", "16", "-5000000", "42", "Y", "world" };
	char buf[64];

	for (size_t k = 0; k < ARRAY_SIZE(kps); k++) {
		KTEST_EXPECT_EQ(t, kps[k].ops->set(in[k], &kps[k]), 0);
		KTEST_EXPECT_EQ(t, kps[k].ops->get(buf, &kps[k]), (int)strlen(out[k]));
		KTEST_EXPECT_STREQ(t, buf, out[k]);
	}
	KTEST_EXPECT_EQ(t, i, -12);
	KTEST_EXPECT_EQ(t, u, 16);
	KTEST_EXPECT_TRUE(t, b);
	KTEST_EXPECT_TRUE(t, s == in[5]);
}

static void bad_values_refused(struct ktest *t)
{
	int i = 7;
	unsigned int u = 7;
	bool b = false;
	const struct kernel_param ki = { "i", &param_ops_int, 0444, &i };
	const struct kernel_param ku = { "u", &param_ops_uint, 0444, &u };
	const struct kernel_param kb = { "b", &param_ops_bool, 0444, &b };

	KTEST_EXPECT_EQ(t, ki.ops->set("12abc", &ki), -EINVAL);
	KTEST_EXPECT_EQ(t, ki.ops->set("99999999999", &ki), -ERANGE);
	KTEST_EXPECT_EQ(t, ku.ops->set("-1", &ku), -EINVAL);
	KTEST_EXPECT_EQ(t, i, 7);
	KTEST_EXPECT_EQ(t, u, 7);
	KTEST_EXPECT_EQ(t, kb.ops->set("maybe", &kb), -EINVAL);
	/* A bare "b" (no =value) sets a bool, as on Linux's command lines. */
	KTEST_EXPECT_EQ(t, kb.ops->set(NULL, &kb), 0);
	KTEST_EXPECT_TRUE(t, b);
}

static const struct ktest_case moduleparam_cases[] = {
	KTEST_CASE(set_and_get_each_type),
	KTEST_CASE(bad_values_refused),
	{}
};

static const struct ktest_suite moduleparam_suite = { "moduleparam", moduleparam_cases };
ktest_suite(moduleparam_suite);

/*
 * The "setup" suite: the command line's two passes (kernel/params.c). Every
 * early_param() handler runs in the first, before any __setup() handler; the
 * __setup() ones in the second; no handler in both. Two probes, one of each
 * kind, count their runs and note their turn. tests/matrix's params lines
 * name them, the __setup() one first: a single pass over the line, in its
 * order, would run that one first; one handler for both passes, twice.
 * Without them on the command line, the case is skipped.
 */
#include <kernel/init.h>
#include <kernel/ktest.h>

struct probe {
	int runs;
	int turn;	/* of its last run: 1 for the first probe to run, 2 for the second */
};

static struct probe early_probe, late_probe;
static int next_turn = 1;

static int __init run_probe(struct probe *p)
{
	p->runs++;
	p->turn = next_turn++;
	return 0;
}

static int __init setup_early(char *val)
{
	(void)val;
	return run_probe(&early_probe);
}
early_param("ktest.setup_early", setup_early);

static int __init setup_late(char *val)
{
	(void)val;
	return run_probe(&late_probe);
}
__setup("ktest.setup_late", setup_late);

static void early_pass_first_each_once(struct ktest *t)
{
	if (!early_probe.runs && !late_probe.runs) {
		ktest_skip(t, "ktest.setup_early and ktest.setup_late are not on the command line");
		return;
	}
	KTEST_EXPECT_EQ(t, early_probe.runs, 1);
	KTEST_EXPECT_EQ(t, late_probe.runs, 1);
	KTEST_EXPECT_EQ(t, early_probe.turn, 1);
	KTEST_EXPECT_EQ(t, late_probe.turn, 2);
}

static const struct ktest_case setup_cases[] = {
	KTEST_CASE(early_pass_first_each_once),
	{}
};

static const struct ktest_suite setup_suite = { "setup", setup_cases };
ktest_suite(setup_suite);

/*
 * Host test of kernel/lib/cmdline.c, the command-line tokenizer behind
 * __setup() and early_param(): a table of command lines and the
 * (name, value) pairs they must split into, covering bare flags, empty
 * values, "=" inside values, both quoting styles, runs of spaces and
 * tabs, and a long line of many parameters.
 */
#include <stdio.h>
#include <string.h>

#include "ktap_host.h"
#include "klib.h"
#include <kernel/cmdline.h>

#define MAX_PARAMS 8

struct expect {
	const char *line;
	const char *pairs[MAX_PARAMS][2];	/* name, value (NULL: a bare flag) */
};

static const struct expect table_cases[] = {
	{ "", { { NULL } } },
	{ "quiet", { { "quiet", NULL } } },
	{ "loglevel=7", { { "loglevel", "7" } } },
	{ "a= b", { { "a", "" }, { "b", NULL } } },
	{ "x=y=z", { { "x", "y=z" } } },
	{ "name=\"a b\" next", { { "name", "a b" }, { "next", NULL } } },
	{ "\"name=a b\" next", { { "name", "a b" }, { "next", NULL } } },
	{ "  lead \t tabs\t", { { "lead", NULL }, { "tabs", NULL } } },
	{ "q=\"\" e", { { "q", "" }, { "e", NULL } } },
	{ "unterminated=\"a b", { { "unterminated", "a b" } } },
	{ "initcall_blacklist=a,b -- rest", { { "initcall_blacklist", "a,b" }, { "--", NULL },
					      { "rest", NULL } } },
};

static void check_line(const struct expect *e)
{
	char buf[512];
	char *args, *param, *val;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", e->line);
	args = skip_spaces(buf);
	while (*args) {
		args = next_arg(args, &param, &val);
		EXPECT(n < MAX_PARAMS && e->pairs[n][0], "\"%s\": extra parameter \"%s\"", e->line,
		       param);
		if (n >= MAX_PARAMS || !e->pairs[n][0])
			return;
		EXPECT(strcmp(param, e->pairs[n][0]) == 0, "\"%s\": name %d is \"%s\", want \"%s\"",
		       e->line, n, param, e->pairs[n][0]);
		if (e->pairs[n][1])
			EXPECT(val && strcmp(val, e->pairs[n][1]) == 0,
			       "\"%s\": value %d is \"%s\", want \"%s\"", e->line, n,
			       val ? val : "(none)", e->pairs[n][1]);
		else
			EXPECT(!val, "\"%s\": %s should be a bare flag, got \"%s\"", e->line, param,
			       val);
		n++;
	}
	EXPECT(n == MAX_PARAMS || !e->pairs[n][0], "\"%s\": only %d parameters", e->line, n);
}

static void table(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(table_cases); i++)
		check_line(&table_cases[i]);
}

/* 300 parameters in one line: every one comes out, in order, none merged. */
static void many_parameters(void)
{
	static char buf[300 * 16];
	char *args, *param, *val;
	size_t len = 0;
	int n = 0;

	for (int i = 0; i < 300; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "p%d=%d ", i, i * 3);
	args = skip_spaces(buf);
	while (*args) {
		char want_name[16], want_val[16];

		args = next_arg(args, &param, &val);
		snprintf(want_name, sizeof(want_name), "p%d", n);
		snprintf(want_val, sizeof(want_val), "%d", n * 3);
		EXPECT(strcmp(param, want_name) == 0 && val && strcmp(val, want_val) == 0,
		       "parameter %d is %s=%s", n, param, val ? val : "(none)");
		n++;
	}
	EXPECT(n == 300, "%d parameters, want 300", n);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(table),
	KTAP_CASE(many_parameters),
};

KTAP_MAIN(cases)

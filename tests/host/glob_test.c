/*
 * Host test of kernel/lib/glob.c: a table of patterns with the answers the
 * glob.h rules give (stars, '?', classes with ranges, negation, a leading
 * ']', unclosed '['), then random patterns over a small alphabet checked
 * against the C library's fnmatch(), which follows the same rules when
 * backslash escapes are off.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_host.h"
#include "klib.h"

static void table(void)
{
	static const struct {
		const char *pattern, *str;
		bool match;
	} cases[] = {
		{ "", "", true },
		{ "", "a", false },
		{ "a", "", false },
		{ "abc", "abc", true },
		{ "abc", "abd", false },
		{ "abc", "ab", false },
		{ "ab", "abc", false },
		{ "*", "", true },
		{ "*", "anything", true },
		{ "**", "", true },
		{ "a*", "a", true },
		{ "a*", "abc", true },
		{ "a*", "ba", false },
		{ "*c", "abc", true },
		{ "*c", "abd", false },
		{ "a*b*c", "aXbYc", true },
		{ "a*b*c", "abcbc", true },
		{ "a*b*c", "acb", false },
		{ "*a*b", "ab", true },
		{ "?", "a", true },
		{ "?", "", false },
		{ "??", "a", false },
		{ "a?c", "abc", true },
		{ "*?", "", false },
		{ "?*", "ab", true },
		{ "[abc]", "b", true },
		{ "[abc]", "d", false },
		{ "[abc]", "", false },
		{ "[a-z]", "m", true },
		{ "[a-z]", "M", false },
		{ "[0-9][0-9]", "42", true },
		{ "[!a-z]", "M", true },
		{ "[!a-z]", "m", false },
		{ "[!x]", "y", true },
		{ "[!x]", "x", false },
		{ "[]]", "]", true },
		{ "[]a]", "a", true },
		{ "[!]]", "]", false },
		{ "[!]]", "a", true },
		{ "[a-]", "-", true },
		{ "[a-]", "b", false },
		{ "[-a]", "-", true },
		{ "[z-a]", "m", false },
		{ "[\xe0-\xef]", "\xe9", true },
		{ "[", "[", true },
		{ "[abc", "[abc", true },
		{ "[abc", "a", false },
		{ "a[", "a[", true },
		{ "[!", "[!", true },
		{ "percpu*", "percpu_basic", true },
		{ "*_alloc*", "page_alloc_free", true },
		{ "ktest.*", "ktest.filter", true },
		{ "a*a*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		EXPECT(glob_match(cases[i].pattern, cases[i].str) == cases[i].match,
		       "glob_match(\"%s\", \"%s\") must be %s", cases[i].pattern, cases[i].str,
		       cases[i].match ? "true" : "false");
}

static void random_vs_fnmatch(void)
{
	static const char pattern_chars[] = "ab*?[]!-";
	char pattern[9], str[9];
	int round;
	size_t i, plen, slen;

	for (round = 0; round < 200000; round++) {
		plen = rand() % sizeof(pattern);
		slen = rand() % sizeof(str);
		for (i = 0; i < plen; i++)
			pattern[i] = pattern_chars[rand() % strlen(pattern_chars)];
		pattern[plen] = '\0';
		for (i = 0; i < slen; i++)
			str[i] = "ab-]"[rand() % 4];
		str[slen] = '\0';
		EXPECT(glob_match(pattern, str) == !fnmatch(pattern, str, FNM_NOESCAPE),
		       "glob_match(\"%s\", \"%s\") is %d, fnmatch says %d", pattern, str,
		       glob_match(pattern, str), !fnmatch(pattern, str, FNM_NOESCAPE));
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(table),
	KTAP_CASE(random_vs_fnmatch),
};

KTAP_MAIN(cases)

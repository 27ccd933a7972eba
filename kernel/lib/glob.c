/*
 * Wildcard matching (see include/kernel/glob.h).
 *
 * No recursion, so a hostile pattern cannot overflow a kernel stack. Only
 * the most recent '*' is remembered: when a later part fails to match, that
 * star takes one more character and matching resumes after it. Going back
 * to an earlier star never helps, because the latest star can already
 * absorb anything an earlier one could, so this is both correct and
 * O(len(pattern) * len(str)) at worst.
 */
#include <kernel/glob.h>

/*
 * Does c belong to the class that starts after the '[' at class? Sets *end
 * to the closing ']', or to NULL if the class is never closed.
 */
static bool class_matches(const char *class, unsigned char c, const char **end)
{
	bool negate = *class == '!';
	const char *first = class + negate;
	const char *p;
	bool found = false;

	/* A ']' in first place is a member, not the end of the class. */
	for (p = first; *p && (*p != ']' || p == first); p++) {
		unsigned char low = *p, high = *p;

		if (p[1] == '-' && p[2] && p[2] != ']') {
			high = p[2];
			p += 2;
		}
		if (low <= c && c <= high)
			found = true;
	}
	*end = *p ? p : NULL;
	return found != negate;
}

/*
 * Match one pattern element at *pattern against c. On a match, advance
 * *pattern past the element and return true.
 */
static bool element_matches(const char **pattern, unsigned char c)
{
	const char *p = *pattern;
	const char *end;

	if (*p == '?') {
		*pattern = p + 1;
		return true;
	}
	if (*p == '[' && p[1]) {
		bool found = class_matches(p + 1, c, &end);

		if (end) {
			*pattern = end + 1;
			return found;
		}
	}
	/* An ordinary character, or a '[' that opens no class. */
	if ((unsigned char)*p != c)
		return false;
	*pattern = p + 1;
	return true;
}

bool glob_match(const char *pattern, const char *str)
{
	const char *star_pattern = NULL;	/* just after the latest '*' */
	const char *star_str = NULL;		/* where that star's match ends */

	for (;;) {
		if (*pattern == '*') {
			/* First let the star match nothing. */
			star_pattern = ++pattern;
			star_str = str;
			continue;
		}
		if (!*str)
			return !*pattern;
		if (*pattern && element_matches(&pattern, *str)) {
			str++;
			continue;
		}
		if (!star_pattern)
			return false;
		/* Mismatch: the star takes one more character, try again after it. */
		pattern = star_pattern;
		str = ++star_str;
	}
}

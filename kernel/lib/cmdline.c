/*
 * The command-line tokenizer (see include/kernel/cmdline.h).
 *
 * Quotes group spaces into one parameter and are removed, so that
 * `name="a b"` hands "a b" to the handler. Parsing works in place on a
 * copy of the command line, never allocating: it runs before any allocator.
 */
#include <kernel/cmdline.h>
#include <kernel/ctype.h>
#include <kernel/types.h>

char *skip_spaces(const char *s)
{
	while (isspace(*s))
		s++;
	return (char *)s;
}

/* Remove every '"' from s, in place. */
static void strip_quotes(char *s)
{
	char *out = s;

	for (; *s; s++)
		if (*s != '"')
			*out++ = *s;
	*out = '\0';
}

char *next_arg(char *args, char **param, char **val)
{
	bool in_quote = false;
	char *equals = NULL;
	char *p = args;

	for (; *p; p++) {
		if (*p == '"')
			in_quote = !in_quote;
		else if (isspace(*p) && !in_quote)
			break;
		else if (*p == '=' && !equals)
			equals = p;
	}
	if (*p)
		*p++ = '\0';

	*param = args;
	*val = NULL;
	if (equals) {
		*equals = '\0';
		*val = equals + 1;
		strip_quotes(*val);
	}
	strip_quotes(*param);
	return skip_spaces(p);
}

/*
 * Splitting a kernel command line into parameters: pure C, shared by the
 * kernel's parameter handling (kernel/params.c) and the host tests.
 */
#ifndef _KERNEL_CMDLINE_H
#define _KERNEL_CMDLINE_H

/*
 * Take the next parameter off `args` (which must not start with a space),
 * in place: terminate it, strip its double quotes, and point *param at its
 * name and *val at its value (NULL for a bare flag, "" for "name=").
 * Accepts name=value, name="value with spaces" and "name=value with spaces".
 * Returns where the following parameter starts (past any spaces).
 */
char *next_arg(char *args, char **param, char **val);

/* Skip leading spaces. */
char *skip_spaces(const char *s);

#endif

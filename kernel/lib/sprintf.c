/*
 * The forms of formatted output built on vsnprintf() (kernel/lib/vsprintf.c,
 * which does all the formatting): snprintf() takes its arguments directly,
 * and the "c" forms return what was really stored rather than what would
 * have been, so that calls can be chained along one buffer:
 *
 *	len += scnprintf(line + len, sizeof(line) - len, " %lu", n);
 */
#include <kernel/sprintf.h>

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return len;
}

int vscnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	int len = vsnprintf(buf, size, fmt, ap);

	if (size == 0)
		return 0;
	return (size_t)len < size ? len : (int)(size - 1);
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return len;
}

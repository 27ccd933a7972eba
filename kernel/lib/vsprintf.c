/*
 * vsnprintf(): formatted output into a buffer (see include/kernel/sprintf.h;
 * the other entry points, snprintf() and the "c" forms, are in sprintf.c).
 *
 * One pass over the format. All output goes through put_char(), which
 * stores a byte only while there is room (keeping one byte for the NUL) but
 * always counts it: the count is the C99 return value. A number is built
 * backwards in a small buffer, then written as
 *	[spaces] [sign] [0x] [zeros] digits [spaces]
 * and working out those four lengths is all there is to C's padding rules.
 *
 * %p prints "0x" and the pointer in hex, zero-padded to the pointer's width
 * (0xffffffff80100000 on x86_64, 0xc0100000 on ARM). Linux hashes a plain %p
 * to hide kernel addresses and prints the raw value only for %px; a teaching
 * kernel has nothing to hide, so %p here is Linux's %px with a 0x in front.
 * Only 'S', 's' and 'B' directly after %p select an extension; any other
 * character there is printed as it stands. %pB is for return addresses in
 * backtraces: a call that ends a function returns just past its end, so the
 * symbol is looked up at addr - 1 (and the offset printed for addr).
 */
#include <kernel/ctype.h>
#include <kernel/kallsyms.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

/* The flags of one conversion. */
#define LEFT	(1u << 0)	/* '-': pad on the right */
#define PLUS	(1u << 1)	/* '+': a sign even when positive */
#define SPACE	(1u << 2)	/* ' ': a space where '+' would go */
#define SPECIAL	(1u << 3)	/* '#': 0x before hex, a leading 0 in octal */
#define ZEROPAD	(1u << 4)	/* '0': pad with zeros between sign and digits */
#define FLAG_CHARS	"-+ #0"	/* the flags above, in bit order */
#define UPPER	(1u << 5)	/* %X: 0X and A-F */
#define POINTER	(1u << 6)	/* %p: 0x even before a zero */

/* A larger width or precision is a bug; capping it keeps the int arithmetic safe. */
#define FIELD_MAX	32767

struct spec {
	unsigned int flags;
	int width;		/* 0 when none was given */
	int precision;		/* -1 when none was given */
};

/* The size of the integer argument: %hhd, %hd, %d, %ld, %lld, and %zd or %td. */
enum length { LEN_CHAR, LEN_SHORT, LEN_INT, LEN_LONG, LEN_LLONG, LEN_SIZE };

struct out {
	char *buf;
	size_t size;
	size_t len;		/* bytes produced so far, stored or not */
};

static void put_char(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_chars(struct out *o, const char *s, size_t n)
{
	while (n--)
		put_char(o, *s++);
}

static void put_repeat(struct out *o, char c, int n)
{
	for (; n > 0; n--)
		put_char(o, c);
}

/* Spaces that bring a field of len bytes up to its width, before or after it. */
static void pad_before(struct out *o, const struct spec *spec, size_t len)
{
	if (!(spec->flags & LEFT) && len < (size_t)spec->width)
		put_repeat(o, ' ', spec->width - len);
}

static void pad_after(struct out *o, const struct spec *spec, size_t len)
{
	if ((spec->flags & LEFT) && len < (size_t)spec->width)
		put_repeat(o, ' ', spec->width - len);
}

static void put_field(struct out *o, const char *s, size_t len, const struct spec *spec)
{
	pad_before(o, spec, len);
	put_chars(o, s, len);
	pad_after(o, spec, len);
}

/*
 * Divide *n by base and return the remainder. On 32-bit ARM a 64-bit
 * division is a slow libgcc routine (__aeabi_uldivmod), so numbers that fit
 * in a long, the common case, are divided as longs.
 */
static unsigned int divide(unsigned long long *n, unsigned int base)
{
	unsigned long long rem;

	if (*n <= ~0UL) {
		unsigned long small = *n;

		*n = small / base;
		return small % base;
	}
	rem = *n % base;
	*n /= base;
	return rem;
}

static void put_number(struct out *o, unsigned long long num, char sign, unsigned int base,
		       struct spec spec)
{
	const char *digit_chars = spec.flags & UPPER ? "0123456789ABCDEF" : "0123456789abcdef";
	char digits[22];	/* 2^64 - 1 has 22 octal digits */
	const char *prefix = "";
	bool zero = num == 0;
	int ndigits = 0, nzeros, len;

	/* C: a zero printed with precision 0 has no digits at all. */
	if (!(zero && spec.precision == 0)) {
		do
			digits[ndigits++] = digit_chars[divide(&num, base)];
		while (num);
	}
	if (base == 16 && ((spec.flags & POINTER) || ((spec.flags & SPECIAL) && !zero)))
		prefix = spec.flags & UPPER ? "0X" : "0x";

	/* '0' asks for digits up to the width; an explicit precision overrides it. */
	if ((spec.flags & ZEROPAD) && !(spec.flags & LEFT) && spec.precision < 0)
		spec.precision = spec.width - (sign != 0) - (int)strlen(prefix);
	nzeros = spec.precision - ndigits;
	/* '#' with octal: make the first digit a 0 if it is not one already. */
	if (base == 8 && (spec.flags & SPECIAL) && nzeros <= 0 && (!zero || ndigits == 0))
		nzeros = 1;
	if (nzeros < 0)
		nzeros = 0;

	len = (sign != 0) + (int)strlen(prefix) + nzeros + ndigits;
	pad_before(o, &spec, len);
	if (sign)
		put_char(o, sign);
	put_chars(o, prefix, strlen(prefix));
	put_repeat(o, '0', nzeros);
	while (ndigits)
		put_char(o, digits[--ndigits]);
	pad_after(o, &spec, len);
}

static void put_pointer(struct out *o, unsigned long addr, struct spec spec)
{
	spec.flags |= POINTER;
	spec.precision = 2 * sizeof(void *);
	put_number(o, addr, 0, 16, spec);
}

static void put_symbol_text(struct out *o, const char *name, unsigned long offset,
			    unsigned long size, bool with_offset, const char *modname)
{
	const struct spec plain = { .flags = 0, .width = 0, .precision = -1 };

	put_chars(o, name, strnlen(name, KSYM_NAME_LEN));
	if (with_offset) {
		put_chars(o, "+0x", 3);
		put_number(o, offset, 0, 16, plain);
		put_chars(o, "/0x", 3);
		put_number(o, size, 0, 16, plain);
	}
	if (modname[0]) {
		put_chars(o, " [", 2);
		put_chars(o, modname, strnlen(modname, KSYM_NAME_LEN));
		put_char(o, ']');
	}
}

/* %pS, %pB, %ps: "name+0xoff/0xsize" or "name" (" [module]" after a module's), else as %p. */
static void put_symbol(struct out *o, unsigned long addr, bool with_offset,
		       bool return_address, const struct spec *spec)
{
	char name[KSYM_NAME_LEN], modname[KSYM_NAME_LEN];
	unsigned long size, offset;
	struct out measure = { .buf = NULL, .size = 0, .len = 0 };

	modname[0] = '\0';
	if (!kallsyms_lookup(addr - return_address, &size, &offset, name) &&
	    !module_address_lookup(addr - return_address, &size, &offset, modname, name)) {
		put_pointer(o, addr, *spec);
		return;
	}
	offset += return_address;
	/* Print once into nowhere to learn the length that the padding needs. */
	put_symbol_text(&measure, name, offset, size, with_offset, modname);
	pad_before(o, spec, measure.len);
	put_symbol_text(o, name, offset, size, with_offset, modname);
	pad_after(o, spec, measure.len);
}

static unsigned long long get_unsigned(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_CHAR:
		return (unsigned char)va_arg(*ap, unsigned int);
	case LEN_SHORT:
		return (unsigned short)va_arg(*ap, unsigned int);
	case LEN_LONG:
		return va_arg(*ap, unsigned long);
	case LEN_LLONG:
		return va_arg(*ap, unsigned long long);
	case LEN_SIZE:
		return va_arg(*ap, size_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

/* %zd and %td both read a ptrdiff_t: the signed type as wide as size_t. */
static long long get_signed(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_CHAR:
		return (signed char)va_arg(*ap, int);
	case LEN_SHORT:
		return (short)va_arg(*ap, int);
	case LEN_LONG:
		return va_arg(*ap, long);
	case LEN_LLONG:
		return va_arg(*ap, long long);
	case LEN_SIZE:
		return va_arg(*ap, ptrdiff_t);
	default:
		return va_arg(*ap, int);
	}
}

static void put_signed(struct out *o, long long value, struct spec spec)
{
	/* Negate in unsigned arithmetic: -LLONG_MIN does not fit in a long long. */
	unsigned long long magnitude = value;
	char sign = 0;

	if (value < 0) {
		magnitude = 0 - magnitude;
		sign = '-';
	} else if (spec.flags & PLUS) {
		sign = '+';
	} else if (spec.flags & SPACE) {
		sign = ' ';
	}
	put_number(o, magnitude, sign, 10, spec);
}

/* The flag a character stands for, 0 if none: FLAG_CHARS[n] is bit n (LEFT .. ZEROPAD). */
static unsigned int flag_bit(char c)
{
	const char *p = c ? strchr(FLAG_CHARS, c) : NULL;

	return p ? 1u << (p - FLAG_CHARS) : 0;
}

/* A width or precision: digits, or '*' to take it from an int argument. */
static int read_field(const char **fmt, va_list *ap)
{
	int n = 0;

	if (**fmt == '*') {
		(*fmt)++;
		n = va_arg(*ap, int);
		if (n > FIELD_MAX)
			return FIELD_MAX;
		return n < -FIELD_MAX ? -FIELD_MAX : n;
	}
	while (isdigit(**fmt)) {
		n = n * 10 + (*(*fmt)++ - '0');
		if (n > FIELD_MAX)
			n = FIELD_MAX;
	}
	return n;
}

/*
 * Print the conversion that starts at the '%' in fmt and return the
 * character after it. A conversion that is not understood, or one cut off
 * by the end of the format, is printed as it stands.
 */
static const char *convert(struct out *o, const char *fmt, va_list *ap)
{
	const char *start = fmt++;
	struct spec spec = { .flags = 0, .width = 0, .precision = -1 };
	enum length len = LEN_INT;
	unsigned long addr;
	const char *s;
	char c;

	while (flag_bit(*fmt))
		spec.flags |= flag_bit(*fmt++);
	spec.width = read_field(&fmt, ap);
	if (spec.width < 0) {
		/* C: a negative '*' width is the '-' flag and a positive width. */
		spec.flags |= LEFT;
		spec.width = -spec.width;
	}
	if (*fmt == '.') {
		fmt++;
		spec.precision = read_field(&fmt, ap);
		/* A negative '*' precision counts as none. */
		if (spec.precision < 0)
			spec.precision = -1;
	}

	if (*fmt == 'h') {
		fmt++;
		len = LEN_SHORT;
		if (*fmt == 'h') {
			fmt++;
			len = LEN_CHAR;
		}
	} else if (*fmt == 'l') {
		fmt++;
		len = LEN_LONG;
		if (*fmt == 'l') {
			fmt++;
			len = LEN_LLONG;
		}
	} else if (*fmt == 'z' || *fmt == 't') {
		fmt++;
		len = LEN_SIZE;
	}

	switch (*fmt) {
	case 'd':
	case 'i':
		put_signed(o, get_signed(ap, len), spec);
		break;
	case 'u':
		put_number(o, get_unsigned(ap, len), 0, 10, spec);
		break;
	case 'o':
		put_number(o, get_unsigned(ap, len), 0, 8, spec);
		break;
	case 'X':
		spec.flags |= UPPER;
		put_number(o, get_unsigned(ap, len), 0, 16, spec);
		break;
	case 'x':
		put_number(o, get_unsigned(ap, len), 0, 16, spec);
		break;
	case 'c':
		c = (char)va_arg(*ap, int);
		put_field(o, &c, 1, &spec);
		break;
	case 's':
		s = va_arg(*ap, const char *);
		if (!s)
			s = "(null)";
		put_field(o, s, strnlen(s, spec.precision < 0 ? SIZE_MAX : (size_t)spec.precision),
			  &spec);
		break;
	case 'p':
		addr = (unsigned long)va_arg(*ap, void *);
		if (fmt[1] == 'S' || fmt[1] == 's' || fmt[1] == 'B') {
			fmt++;
			put_symbol(o, addr, *fmt != 's', *fmt == 'B', &spec);
		} else {
			put_pointer(o, addr, spec);
		}
		break;
	case '%':
		put_char(o, '%');
		break;
	case '\0':
		put_chars(o, start, fmt - start);
		return fmt;
	default:
		put_chars(o, start, fmt + 1 - start);
		break;
	}
	return fmt + 1;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { .buf = buf, .size = size, .len = 0 };
	va_list args;

	/* A copy that can be handed on by address: va_list is an array on x86_64. */
	va_copy(args, ap);
	while (*fmt) {
		if (*fmt == '%')
			fmt = convert(&o, fmt, &args);
		else
			put_char(&o, *fmt++);
	}
	va_end(args);

	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len;
}

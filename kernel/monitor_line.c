/*
 * The serial monitor's input: one line, read and edited as it is typed,
 * then split into words (kernel/monitor.c runs the command).
 *
 * Input is polled: the UART's receive interrupt is not used, so the prompt
 * asks the console's read() for a byte in a loop (cpu_relax() between tries). A
 * line is edited as it is typed: backspace or DEL rubs out a character,
 * Ctrl-U the line, Ctrl-C abandons it; escape sequences (arrow keys, a
 * terminal's OSC reports) are swallowed. Enter is CR, LF or CR LF.
 * Ctrl-D (EOT) is the end of input: the line so far runs, then the
 * session ends as `poweroff` does. A UART cannot see the end of a pipe,
 * so scripts/qemu sends EOT when its own input ends.
 *
 * A line holds MONITOR_LINE_MAX - 1 characters (255): each one past that
 * rings the bell and is dropped, and the prompt then says the line was too
 * long instead of running what is left of it. Words are split at spaces
 * and tabs, except inside double quotes, which are taken off as Linux's
 * command line parser does: `insmod hello.ko whom="a b"` gives whom the
 * value a b.
 */
#include <asm/processor.h>
#include <kernel/console.h>
#include <kernel/monitor.h>

#define CTRL(c)		((c) & 0x1f)
#define DEL		0x7f
#define ESC		0x1b
#define BEL		0x07
#define EOT		CTRL('D')

/* The last byte was CR: an LF right after it is the same Enter (CR LF). */
static bool after_cr;

static int getc_polled(void)
{
	int c;

	while ((c = console_read()) < 0)
		cpu_relax();
	return c;
}

/*
 * Escape sequences a terminal sends: CSI (ESC [, parameter bytes 0x20-0x3f,
 * a final byte 0x40-0x7e: arrow keys), SS3 (ESC O and one byte: keypad
 * keys) and OSC (ESC ], then text up to BEL or ESC \\: a terminal's answers
 * about its colours or title). ESC followed by anything else is ESC alone,
 * and that byte is an ordinary key: ESC then Enter still ends the line.
 */
enum escape_state { ESC_NONE, ESC_START, ESC_CSI, ESC_SS3, ESC_OSC, ESC_OSC_ESC };

/* Feed one byte to the escape parser; true if it belonged to a sequence. */
static bool swallow_escape(enum escape_state *state, int c)
{
	switch (*state) {
	case ESC_NONE:
		if (c != ESC)
			return false;
		*state = ESC_START;
		return true;
	case ESC_START:
		*state = c == '[' ? ESC_CSI : c == 'O' ? ESC_SS3 : c == ']' ? ESC_OSC : ESC_NONE;
		return *state != ESC_NONE;
	case ESC_CSI:
		if (c >= 0x20 && c < 0x40)
			return true;
		*state = ESC_NONE;
		return c >= 0x40 && c < 0x7f;
	case ESC_SS3:
		*state = ESC_NONE;
		return c >= 0x20 && c < 0x7f;
	case ESC_OSC:
		if (c == BEL)
			*state = ESC_NONE;
		else if (c == ESC)
			*state = ESC_OSC_ESC;
		return true;
	case ESC_OSC_ESC:
		*state = c == '\\' ? ESC_NONE : ESC_OSC;
		return true;
	}
	return false;
}

/*
 * Read one line into buf, echoing and editing it. False when the input
 * ended (EOT): buf then holds what was typed before it. *cut: characters
 * were dropped because the line was full.
 */
bool monitor_read_line(char *buf, size_t size, bool *cut)
{
	size_t len = 0;
	enum escape_state escape = ESC_NONE;

	*cut = false;
	for (;;) {
		int c = getc_polled();
		bool was_cr = after_cr;

		after_cr = c == '\r';
		if (swallow_escape(&escape, c))
			continue;
		if (c == '\n' && was_cr)
			continue;
		if (c == '\r' || c == '\n' || c == EOT) {
			console_write("\n", 1);
			buf[len] = '\0';
			return c != EOT;
		}
		if (c == '\b' || c == DEL) {
			if (len) {
				len--;
				console_write("\b \b", 3);
			}
		} else if (c == CTRL('U')) {
			for (; len; len--)
				console_write("\b \b", 3);
			*cut = false;
		} else if (c == CTRL('C')) {
			console_write("^C\n", 3);
			buf[0] = '\0';
			return true;
		} else if (c >= ' ' && c < DEL) {
			if (len + 1 < size) {
				buf[len++] = c;
				console_write(&buf[len - 1], 1);
			} else {
				console_write("\a", 1);
				*cut = true;
			}
		}
	}
}

/*
 * The words of line, in place: split at spaces and tabs outside double
 * quotes, the quotes taken off. Each word takes at least two bytes of the
 * line (a character and its end), so ARGS_MAX pointers always suffice.
 */
int monitor_split_words(char *line, char **argv)
{
	int argc = 0;

	for (char *in = line; *in;) {
		char *out = in;
		bool quoted = false;

		if (*in == ' ' || *in == '\t') {
			in++;
			continue;
		}
		argv[argc++] = out;
		for (; *in && (quoted || (*in != ' ' && *in != '\t')); in++) {
			if (*in == '"')
				quoted = !quoted;
			else
				*out++ = *in;
		}
		if (*in)
			in++;
		*out = '\0';
	}
	return argc;
}

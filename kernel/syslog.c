/*
 * The kernel log and syslog(2), what dmesg reads (Linux's kernel/printk/,
 * much reduced): every printk() message, whatever its level, is kept in a
 * ring of LOG_BUF_LEN bytes as a record (the cycle counter when it came,
 * its level, its text); when the ring is full the oldest records go. A
 * reader gets them as lines "<level>[seconds.micros] text", the form
 * Linux's syslog(2) hands out (dmesg strips the "<level>" unless asked for
 * it): the newest lines that fit its buffer.
 *
 * The core's printk() writes to the console and calls log_store(), weak
 * and empty there (kernel/printk.c): this file, in the user-space layer,
 * is the log. Storing is two copies and no formatting, as in Linux, since
 * every boot message pays it; a read formats. The clear mark
 * (SYSLOG_ACTION_CLEAR) is where the next record went at the time: what
 * READ_ALL returns starts there. SYSLOG_ACTION_READ, which on Linux waits
 * for new lines, answers at once with what is new since the last such
 * read. CONSOLE_OFF, CONSOLE_ON and CONSOLE_LEVEL (dmesg -D, -E, -n) set
 * the console's level as Linux does: only messages below it reach the
 * line.
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/spinlock.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/time.h>
#include <kernel/uaccess.h>

#define LOG_BUF_LEN	(8 * 1024)	/* Linux's default is 128 KiB; a boot's messages are ~3 KiB here */
#define CONSOLE_LOGLEVEL_MIN	1	/* Linux's: emergencies still reach the line */

#define SYSLOG_ACTION_CLOSE		0
#define SYSLOG_ACTION_OPEN		1
#define SYSLOG_ACTION_READ		2
#define SYSLOG_ACTION_READ_ALL		3
#define SYSLOG_ACTION_READ_CLEAR	4
#define SYSLOG_ACTION_CLEAR		5
#define SYSLOG_ACTION_CONSOLE_OFF	6
#define SYSLOG_ACTION_CONSOLE_ON	7
#define SYSLOG_ACTION_CONSOLE_LEVEL	8
#define SYSLOG_ACTION_SIZE_UNREAD	9
#define SYSLOG_ACTION_SIZE_BUFFER	10

/* A record's head in the ring; its text (len bytes) follows it. */
struct log_rec {
	u64 cycles;
	u16 len;
	u8 level;
};

static char log_buf[LOG_BUF_LEN] __aligned(8);
/* Byte counts since boot: the records are [log_first, log_next), at log_buf[pos % LOG_BUF_LEN]. */
static u64 log_first, log_next;
static u64 clear_mark;		/* READ_ALL starts here at the earliest */
static u64 read_mark;		/* what READ has handed out */
static DEFINE_SPINLOCK(log_lock);

/*
 * A record's bytes in the ring: its head and text, rounded up to 8 so that
 * every record starts 8-aligned. The text then lies word-aligned like
 * printk()'s buffer, and memcpy() moves it a word at a time (misaligned,
 * the portable memcpy() goes byte by byte: 4 instructions a byte).
 */
static size_t rec_size(size_t len)
{
	return (sizeof(struct log_rec) + len + 7) & ~(size_t)7;
}

/* Copy len bytes into the ring at pos, wrapping at its end. */
static void ring_write(u64 pos, const void *src, size_t len)
{
	size_t at = pos % LOG_BUF_LEN, first = len < LOG_BUF_LEN - at ? len : LOG_BUF_LEN - at;

	memcpy(log_buf + at, src, first);
	memcpy(log_buf, (const char *)src + first, len - first);
}

/* Copy len bytes at pos out of ring (the log or a copy of it), wrapping at its end. */
static void ring_read(const char *ring, u64 pos, void *dst, size_t len)
{
	size_t at = pos % LOG_BUF_LEN, first = len < LOG_BUF_LEN - at ? len : LOG_BUF_LEN - at;

	memcpy(dst, ring + at, first);
	memcpy((char *)dst + first, ring, len - first);
}

void log_store(int level, const char *text, size_t len)
{
	struct log_rec r = { .cycles = get_cycles(), .level = level };
	unsigned long flags;
	size_t at;

	r.len = len < LOG_BUF_LEN / 4 ? len : LOG_BUF_LEN / 4;
	spin_lock_irqsave(&log_lock, flags);
	while (log_next + rec_size(r.len) - log_first > LOG_BUF_LEN) {
		struct log_rec old;

		ring_read(log_buf, log_first, &old, sizeof(old));
		log_first += rec_size(old.len);
	}
	at = log_next % LOG_BUF_LEN;
	if (at + sizeof(r) + r.len <= LOG_BUF_LEN) {
		/* Most records, every one of a boot: no wrap, the head stored as it is. */
		*(struct log_rec *)(log_buf + at) = r;	/* 8-aligned */
		memcpy(log_buf + at + sizeof(r), text, r.len);
	} else {
		ring_write(log_next, &r, sizeof(r));
		ring_write(log_next + sizeof(r), text, r.len);
	}
	log_next += rec_size(r.len);
	spin_unlock_irqrestore(&log_lock, flags);
}

/*
 * The record at pos of a copy of the ring as a line, into out if it fits
 * in room (out NULL: not written): the line's length; *size is the
 * record's in the ring.
 */
static size_t format_rec(const char *ring, u64 pos, char *out, size_t room, size_t *size)
{
	struct log_rec r;
	char prefix[40], last = '\n';
	u32 usec = 0;
	u64 sec;
	size_t n;

	ring_read(ring, pos, &r, sizeof(r));
	*size = rec_size(r.len);
	sec = cycles_to_sec(r.cycles, USEC_PER_SEC, &usec);
	n = scnprintf(prefix, sizeof(prefix), "<%u>[%5llu.%06u] ", r.level,
		      (unsigned long long)sec, (unsigned int)usec);
	if (r.len)
		ring_read(ring, pos + sizeof(r) + r.len - 1, &last, 1);
	if (out && n + r.len + (last != '\n') <= room) {
		memcpy(out, prefix, n);
		ring_read(ring, pos + sizeof(r), out + n, r.len);
		if (last != '\n')
			out[n + r.len] = '\n';
	}
	return n + r.len + (last != '\n');
}

/*
 * Up to len bytes of lines into ubuf: the newest records from 'from' on
 * that fit. *mark (if any) moves past them. The ring is copied under the
 * lock and formatted outside it. ubuf NULL: only the length of all the
 * lines from 'from' on (SYSLOG_ACTION_SIZE_UNREAD).
 */
static long read_log(char __user *ubuf, int len, u64 from, u64 *mark)
{
	char *ring, *out;
	u64 first, next, start, pos;
	size_t total = 0, n = 0, size;
	unsigned long flags;
	long err = 0;

	ring = kmalloc(LOG_BUF_LEN);
	out = kmalloc(len ? len : 1);
	if (!ring || !out) {
		kfree(ring);
		kfree(out);
		return -ENOMEM;
	}
	spin_lock_irqsave(&log_lock, flags);
	memcpy(ring, log_buf, LOG_BUF_LEN);
	first = log_first;
	next = log_next;
	spin_unlock_irqrestore(&log_lock, flags);
	start = from > first ? from : first;
	for (pos = start; pos < next; pos += size)
		total += format_rec(ring, pos, NULL, 0, &size);
	if (!ubuf) {
		kfree(ring);
		kfree(out);
		return total;
	}
	while (total > (size_t)len) {
		total -= format_rec(ring, start, NULL, 0, &size);
		start += size;
	}
	for (pos = start; pos < next; pos += size)
		n += format_rec(ring, pos, out + n, len - n, &size);
	if (copy_to_user(ubuf, out, n))
		err = -EFAULT;
	else if (mark)
		*mark = next;
	kfree(ring);
	kfree(out);
	return err ? err : (long)n;
}

/* The console's level before SYSLOG_ACTION_CONSOLE_OFF, for CONSOLE_ON (0: not off). */
static int saved_loglevel;

SYSCALL_DEFINE3(syslog, int, type, char __user *, buf, int, len)
{
	unsigned long flags;

	switch (type) {
	case SYSLOG_ACTION_CLOSE:
	case SYSLOG_ACTION_OPEN:
		return 0;
	case SYSLOG_ACTION_READ:
	case SYSLOG_ACTION_READ_ALL:
	case SYSLOG_ACTION_READ_CLEAR:
		if (!buf || len < 0)
			return -EINVAL;
		if (!len)
			return 0;
		if (type == SYSLOG_ACTION_READ)
			return read_log(buf, len, read_mark, &read_mark);
		return read_log(buf, len, clear_mark,
				type == SYSLOG_ACTION_READ_CLEAR ? &clear_mark : NULL);
	case SYSLOG_ACTION_CLEAR:
		spin_lock_irqsave(&log_lock, flags);
		clear_mark = log_next;
		spin_unlock_irqrestore(&log_lock, flags);
		return 0;
	case SYSLOG_ACTION_CONSOLE_OFF:
		if (!saved_loglevel)
			saved_loglevel = console_loglevel;
		console_loglevel = CONSOLE_LOGLEVEL_MIN;
		return 0;
	case SYSLOG_ACTION_CONSOLE_ON:
		if (saved_loglevel)
			console_loglevel = saved_loglevel;
		saved_loglevel = 0;
		return 0;
	case SYSLOG_ACTION_CONSOLE_LEVEL:
		if (len < 1 || len > 8)
			return -EINVAL;
		console_loglevel = len;
		saved_loglevel = 0;
		return 0;
	case SYSLOG_ACTION_SIZE_UNREAD:
		return read_log(NULL, 0, read_mark, NULL);
	case SYSLOG_ACTION_SIZE_BUFFER:
		return LOG_BUF_LEN;
	default:
		return -EINVAL;
	}
}

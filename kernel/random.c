/*
 * Random bytes for user programs: getrandom() and the 16 bytes of
 * AT_RANDOM that seed each program's stack protector and pointer guard.
 *
 * Not cryptographic: a 64-bit generator (splitmix64) whose state takes in
 * the cycle counter at every call, so two calls, two boots, two programs
 * differ. Enough for what C libraries use it for (hash seeds, guards);
 * a kernel that must resist an attacker needs an entropy pool instead.
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/random.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#define GRND_NONBLOCK	0x0001
#define GRND_RANDOM	0x0002
#define GRND_INSECURE	0x0004
#define CHUNK		64

static DEFINE_SPINLOCK(random_lock);
static u64 state;

static u64 next(void)
{
	u64 z;

	state += 0x9e3779b97f4a7c15ULL ^ get_cycles();
	z = state;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void get_random_bytes(void *buf, size_t len)
{
	unsigned long flags;
	u8 *p = buf;

	spin_lock_irqsave(&random_lock, flags);
	while (len) {
		u64 r = next();
		size_t n = len < sizeof(r) ? len : sizeof(r);

		memcpy(p, &r, n);
		p += n;
		len -= n;
	}
	spin_unlock_irqrestore(&random_lock, flags);
}

SYSCALL_DEFINE3(getrandom, char __user *, buf, size_t, count, unsigned int, flags)
{
	u8 chunk[CHUNK];
	size_t done = 0;

	if (flags & ~(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	if (count > 0x1ffffff)
		count = 0x1ffffff;	/* Linux's cap on one call */
	while (done < count) {
		size_t n = count - done < CHUNK ? count - done : CHUNK;

		get_random_bytes(chunk, n);
		if (copy_to_user(buf + done, chunk, n))
			return done ? (long)done : -EFAULT;
		done += n;
	}
	return done;
}

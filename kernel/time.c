/*
 * The clock and sleep system calls: clock_gettime, clock_getres,
 * gettimeofday, time (x86_64), nanosleep, clock_nanosleep, with 32-bit
 * ARM's *_time64 forms (64-bit seconds; glibc asks those first there). Linux's
 * kernel/time/posix-timers.c and hrtimer.c, reduced.
 *
 * Every clock is the cycle counter (get_cycles(), calibrated at boot,
 * converted by kernel/clocksource.c without a divide): CLOCK_MONOTONIC
 * counts from the machine's reset; CLOCK_REALTIME (and gettimeofday) adds
 * the seconds of the battery clock's date at boot minus the counter's then
 * (read_persistent_clock64(), the arch's RTC), so a program sees today's
 * date; nothing sets it later (no settimeofday). There is no vDSO: each read is a
 * system call. A sleep is schedule_hrtimeout() to the cycle, rounded up,
 * so it never ends early. A request past KTIME_MAX (2^63 - 1 ns, 292
 * years) is KTIME_MAX, as in Linux.
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/sched.h>
#include <kernel/sched_signal.h>
#include <kernel/syscalls.h>
#include <kernel/time.h>
#include <kernel/time64.h>
#include <kernel/timer.h>
#include <kernel/uaccess.h>
#include <generated/unistd.h>

#define CLOCK_REALTIME		0
#define CLOCK_MONOTONIC		1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID	3
#define CLOCK_MONOTONIC_RAW	4
#define CLOCK_REALTIME_COARSE	5
#define CLOCK_MONOTONIC_COARSE	6
#define CLOCK_BOOTTIME		7
#define TIMER_ABSTIME		0x01
#define KTIME_MAX		((u64)INT64_MAX)
#define KTIME_SEC_MAX		(KTIME_MAX / NSEC_PER_SEC)

/* What a program passes: seconds and nanoseconds in longs (old) or 64 bits (time64). */
struct old_timespec {
	long tv_sec, tv_nsec;
};

struct kernel_timespec {
	s64 tv_sec;
	long long tv_nsec;
};

static bool clock_valid(int id)
{
	return id >= CLOCK_REALTIME && id <= CLOCK_BOOTTIME;
}

static u64 now_ns(void)
{
	return cycles_to_ns(get_cycles());
}

long put_timespec(void __user *uts, u64 sec, u32 nsec, bool time64)
{
	struct kernel_timespec t64 = { sec, nsec };
	struct old_timespec t = { sec, nsec };

	if (time64)
		return copy_to_user(uts, &t64, sizeof(t64)) ? -EFAULT : 0;
	return copy_to_user(uts, &t, sizeof(t)) ? -EFAULT : 0;
}

int get_timespec64(struct timespec64 *ts, const void __user *uts, bool time64)
{
	struct kernel_timespec t64;
	struct old_timespec t;

	if (time64) {
		if (copy_from_user(&t64, uts, sizeof(t64)))
			return -EFAULT;
	} else {
		if (copy_from_user(&t, uts, sizeof(t)))
			return -EFAULT;
		t64.tv_sec = t.tv_sec;
		t64.tv_nsec = t.tv_nsec;
	}
	ts->tv_sec = t64.tv_sec;
	ts->tv_nsec = t64.tv_nsec;
	return 0;
}

long get_timespec_ns(const void __user *uts, u64 *ns, bool time64)
{
	struct timespec64 t64;
	int err = get_timespec64(&t64, uts, time64);

	if (err)
		return err;
	if (t64.tv_sec < 0 || t64.tv_nsec < 0 || t64.tv_nsec >= (long)NSEC_PER_SEC)
		return -EINVAL;
	if ((u64)t64.tv_sec >= KTIME_SEC_MAX)
		*ns = KTIME_MAX;
	else
		*ns = (u64)t64.tv_sec * NSEC_PER_SEC + t64.tv_nsec;
	return 0;
}

/* CLOCK_REALTIME's seconds at a counter reading of 0 (wall_clock_init()). */
static u64 wall_offset_sec;

static bool is_realtime(int id)
{
	return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE;
}

static int __init wall_clock_init(void)
{
	u32 rest;
	s64 now = read_persistent_clock64();
	u64 up = cycles_to_sec(get_cycles(), NSEC_PER_SEC, &rest);

	if (now > (s64)up)
		wall_offset_sec = now - up;
	return 0;
}
/*
 * Before any file is stamped (the initramfs is unpacked at rootfs_initcall): the ramfs keeps
 * the clock it read for up to a jiffy (kernel/fs/ramfs.c), which must not be 1970's.
 */
core_initcall(wall_clock_init);

static long do_clock_gettime(int id, void __user *tp, bool time64)
{
	u32 nsec;
	u64 sec;

	if (!clock_valid(id))
		return -EINVAL;
	sec = cycles_to_sec(get_cycles(), NSEC_PER_SEC, &nsec);
	return put_timespec(tp, sec + (is_realtime(id) ? wall_offset_sec : 0), nsec, time64);
}

static long do_clock_getres(int id, void __user *tp, bool time64)
{
	if (!clock_valid(id))
		return -EINVAL;
	if (!tp)
		return 0;
	/* One cycle, in whole nanoseconds (at least 1): a 32-bit divide, in a rare call. */
	return put_timespec(tp, 0, cycle_freq_hz >= NSEC_PER_SEC ? 1 : NSEC_PER_SEC / (u32)cycle_freq_hz,
		      time64);
}

/*
 * Sleep until now_ns() reaches the deadline (or for the duration), to the
 * cycle: the timer fires at the deadline (kernel/timer.c), so a 100 us nap
 * lasts 100 us, not until the next tick. A signal ends it early with
 * EINTR (a handler ran; any other signal that wakes a sleeper ends the
 * program); the time left is not written back.
 */
static long do_nanosleep(int id, const void __user *rqtp, bool absolute, bool time64)
{
	u64 ns, deadline, offset = wall_offset_sec * NSEC_PER_SEC;
	long err = get_timespec_ns(rqtp, &ns, time64);

	if (err)
		return err;
	/* An absolute time of the wall clock, as a time of the counter (one before boot: now). */
	if (absolute && is_realtime(id))
		ns = ns > offset ? ns - offset : 0;
	deadline = absolute ? ns : now_ns() + ns;	/* + KTIME_MAX: under 2^64 for 292 years */
	while (now_ns() < deadline) {
		set_current_state(THREAD_SLEEPING);
		if (signal_pending(current)) {
			set_current_state(THREAD_RUNNING);
			return -EINTR;
		}
		schedule_hrtimeout(ns_to_cycles_up(deadline));
	}
	return 0;
}

SYSCALL_DEFINE2(clock_gettime, int, which_clock, void __user *, tp)
{
	return do_clock_gettime(which_clock, tp, false);
}

SYSCALL_DEFINE2(clock_getres, int, which_clock, void __user *, tp)
{
	return do_clock_getres(which_clock, tp, false);
}

SYSCALL_DEFINE2(nanosleep, const void __user *, rqtp, void __user *, rmtp)
{
	(void)rmtp;
	return do_nanosleep(CLOCK_MONOTONIC, rqtp, false, false);
}

SYSCALL_DEFINE4(clock_nanosleep, int, which_clock, int, flags, const void __user *, rqtp,
		void __user *, rmtp)
{
	(void)rmtp;
	if (!clock_valid(which_clock))
		return -EINVAL;
	return do_nanosleep(which_clock, rqtp, flags & TIMER_ABSTIME, false);
}

#ifdef __NR_clock_gettime64
SYSCALL_DEFINE2(clock_gettime64, int, which_clock, void __user *, tp)
{
	return do_clock_gettime(which_clock, tp, true);
}

SYSCALL_DEFINE2(clock_getres_time64, int, which_clock, void __user *, tp)
{
	return do_clock_getres(which_clock, tp, true);
}

SYSCALL_DEFINE4(clock_nanosleep_time64, int, which_clock, int, flags,
		const void __user *, rqtp, void __user *, rmtp)
{
	(void)rmtp;
	if (!clock_valid(which_clock))
		return -EINVAL;
	return do_nanosleep(which_clock, rqtp, flags & TIMER_ABSTIME, true);
}
#endif

void ktime_get_real_ts64(struct timespec64 *ts)
{
	u32 nsec;

	ts->tv_sec = cycles_to_sec(get_cycles(), NSEC_PER_SEC, &nsec) + wall_offset_sec;
	ts->tv_nsec = nsec;
}

SYSCALL_DEFINE2(gettimeofday, void __user *, tv, void __user *, tz)
{
	u32 usec;
	u64 sec = cycles_to_sec(get_cycles(), USEC_PER_SEC, &usec) + wall_offset_sec;
	long tv_val[2] = { sec, usec };
	int tz_val[2] = { 0, 0 };

	if (tv && copy_to_user(tv, tv_val, sizeof(tv_val)))
		return -EFAULT;
	if (tz && copy_to_user(tz, tz_val, sizeof(tz_val)))
		return -EFAULT;
	return 0;
}

#ifdef __NR_time
/* x86_64's oldest clock call: the wall clock's whole seconds, returned and stored at tloc. */
SYSCALL_DEFINE1(time, long __user *, tloc)
{
	u32 usec;
	long sec = cycles_to_sec(get_cycles(), USEC_PER_SEC, &usec) + wall_offset_sec;

	if (tloc && put_user(sec, tloc))
		return -EFAULT;
	return sec;
}
#endif

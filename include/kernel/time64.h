/*
 * A point of the wall clock to the nanosecond (Linux's struct timespec64):
 * what an inode's times hold, whatever the arch's own timespec is.
 */
#ifndef _KERNEL_TIME64_H
#define _KERNEL_TIME64_H

#include <kernel/types.h>

struct timespec64 {
	s64 tv_sec;
	long tv_nsec;
};

/* The wall clock now (CLOCK_REALTIME, kernel/time.c). */
void ktime_get_real_ts64(struct timespec64 *ts);
/*
 * A timespec from user space, as the arch's long-sized one (time64 false)
 * or as the 64-bit one of 32-bit ARM's *_time64 calls: 0, or -EFAULT.
 * Nothing is checked: each call has its own rules for the values.
 */
int get_timespec64(struct timespec64 *ts, const void __user *uts, bool time64);
/*
 * kernel/time.c, for the calls that take a timeout: a duration from user
 * space in nanoseconds (2^63 - 1 past 292 years); -EINVAL when negative or
 * tv_nsec is not below 10^9. And a duration back, as sec and nsec.
 */
long get_timespec_ns(const void __user *uts, u64 *ns, bool time64);
long put_timespec(void __user *uts, u64 sec, u32 nsec, bool time64);

#endif

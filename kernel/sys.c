/*
 * System calls about the calling process itself and the system: ids,
 * uname, the thread-id address, yielding, resource limits, sysinfo, and
 * prctl()'s name options (Linux's kernel/sys.c).
 */
#include <asm/unistd.h>
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/mm.h>
#include <kernel/process.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/time.h>
#include <kernel/uaccess.h>
#include <kernel/vermagic.h>
#include <generated/unistd.h>

#include "sched_internal.h"

/* One thread per process: the thread's id is its process id. */
SYSCALL_DEFINE0(getpid)
{
	return current->id;
}

#define RLIMIT_STACK	3
#define RLIM_NLIMITS	16
#define RLIM_INFINITY	(~0ULL)

SYSCALL_DEFINE0(gettid)
{
	return current->id;
}

/* 0 for a process started by the kernel, or whose parent has ended. */
SYSCALL_DEFINE0(getppid)
{
	unsigned long flags;
	int ppid;

	spin_lock_irqsave(&tasklist_lock, flags);
	ppid = current->parent && current->parent->mm ? current->parent->id : 0;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ppid;
}

SYSCALL_DEFINE1(set_tid_address, int __user *, tidptr)
{
	current->clear_child_tid = tidptr;
	return current->id;
}

SYSCALL_DEFINE0(sched_yield)
{
	schedule();
	return 0;
}

struct new_utsname {
	char sysname[65], nodename[65], release[65], version[65], machine[65], domainname[65];
};

/* The ABI is Linux's, so the system says it is Linux; the release says which kernel it is. */
SYSCALL_DEFINE1(uname, struct new_utsname __user *, name)
{
	struct new_utsname u;

	memset(&u, 0, sizeof(u));
	strscpy(u.sysname, "Linux", sizeof(u.sysname));
	strscpy(u.nodename, "specialk", sizeof(u.nodename));
	strscpy(u.release, SK_RELEASE "-specialk", sizeof(u.release));
	strscpy(u.version, "Special K " SK_RELEASE, sizeof(u.version));
	strscpy(u.machine, UTS_MACHINE, sizeof(u.machine));
	strscpy(u.domainname, "(none)", sizeof(u.domainname));
	return copy_to_user(name, &u, sizeof(u)) ? -EFAULT : 0;
}

/* The limits are fixed: the stack's size, nothing else limited. They cannot be changed. */
static u64 limit(unsigned int resource)
{
	return resource == RLIMIT_STACK ? USER_STACK_SIZE : RLIM_INFINITY;
}

SYSCALL_DEFINE4(prlimit64, int, pid, unsigned int, resource, const void __user *, new_rlim,
		u64 __user *, old_rlim)
{
	u64 old[2];

	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	if (pid && pid != current->id)
		return -ESRCH;
	if (new_rlim)
		return -EPERM;
	old[0] = old[1] = limit(resource);
	if (old_rlim && copy_to_user(old_rlim, old, sizeof(old)))
		return -EFAULT;
	return 0;
}

#if defined(__NR_getrlimit) || defined(__NR_ugetrlimit)
static long do_getrlimit(unsigned int resource, unsigned long __user *rlim)
{
	unsigned long lim[2];

	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	lim[0] = lim[1] = (unsigned long)limit(resource);
	return copy_to_user(rlim, lim, sizeof(lim)) ? -EFAULT : 0;
}
#endif

#ifdef __NR_getrlimit
SYSCALL_DEFINE2(getrlimit, unsigned int, resource, unsigned long __user *, rlim)
{
	return do_getrlimit(resource, rlim);
}
#endif

#ifdef __NR_ugetrlimit
SYSCALL_DEFINE2(ugetrlimit, unsigned int, resource, unsigned long __user *, rlim)
{
	return do_getrlimit(resource, rlim);
}
#endif

/*
 * Linux's struct sysinfo: longs, so 112 bytes on x86_64 and 64 on ARM (the
 * padding _f makes up 20 bytes after mem_unit on a 32-bit arch).
 */
struct sysinfo {
	long uptime;			/* seconds since boot */
	unsigned long loads[3];		/* load averages: none kept, 0 */
	unsigned long totalram, freeram, sharedram, bufferram;	/* in mem_unit */
	unsigned long totalswap, freeswap;	/* no swap: 0 */
	u16 procs, pad;
	unsigned long totalhigh, freehigh;	/* no high memory: 0 */
	u32 mem_unit;
	char _f[20 - 2 * sizeof(long) - sizeof(u32)];
};

/*
 * The memory figures in pages (mem_unit = PAGE_SIZE): freeram is
 * nr_free_pages(), which lets a user program see that pages come back
 * (tests/user/ktest/user_fuzz.c checks it after every round).
 */
SYSCALL_DEFINE1(sysinfo, struct sysinfo __user *, info)
{
	struct sysinfo si;

	memset(&si, 0, sizeof(si));
	si.uptime = cycle_freq_hz ? (long)(get_cycles() / cycle_freq_hz) : 0;
	si.totalram = totalram_pages();
	si.freeram = nr_free_pages();
	si.mem_unit = PAGE_SIZE;
	for (int i = 0; i < NR_THREADS; i++)
		if (READ_ONCE(thread_table[i].state) != THREAD_UNUSED && thread_table[i].mm)
			si.procs++;
	return copy_to_user(info, &si, sizeof(si)) ? -EFAULT : 0;
}

#define PR_SET_NAME	15
#define PR_GET_NAME	16
#define TASK_COMM_LEN	16	/* the name's size in prctl(), NUL included */

/*
 * prctl(): only the thread's name, what /proc/PID/stat's second field and
 * the kernel's messages show (BusyBox names a child that runs an applet
 * without execve() so). It is cut to TASK_COMM_LEN - 1 bytes, as on Linux.
 * Every other option is EINVAL, Linux's answer to one it does not know.
 */
SYSCALL_DEFINE5(prctl, int, option, unsigned long, arg2, unsigned long, arg3,
		unsigned long, arg4, unsigned long, arg5)
{
	char name[TASK_COMM_LEN];
	long n;

	(void)arg3, (void)arg4, (void)arg5;
	if (option == PR_SET_NAME) {
		n = strncpy_from_user(name, (const char __user *)arg2, sizeof(name) - 1);
		if (n < 0)
			return n;
		name[n] = '\0';
		strscpy(current->name, name, sizeof(current->name));
		return 0;
	}
	if (option == PR_GET_NAME) {
		strscpy(name, current->name, sizeof(name));
		return copy_to_user((char __user *)arg2, name, sizeof(name)) ? -EFAULT : 0;
	}
	return -EINVAL;
}

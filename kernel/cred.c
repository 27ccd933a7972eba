/*
 * Credentials and the file-creation mask: getuid() and its kin, setuid(),
 * setgid(), getgroups() and umask() (Linux's kernel/sys.c and kernel/groups.c).
 *
 * A root-only world: every process starts as uid 0, gid 0, in the one
 * supplementary group 0, and a fork copies its parent's. Only setuid() and
 * setgid() change them, so a process's real, effective and saved ids are
 * always the same one id (thread->uid, ->gid), and the rules are Linux's
 * for that case: root (euid 0) may set any id, and then is root no more;
 * anyone else only the id it has. Nothing checks the ids yet (a file's
 * owner is not kept): they are what programs such as id(1) read.
 *
 * ARM also has the old 16-bit calls (getuid, setuid ... under their plain
 * names), which glibc no longer makes; here they take and give the same
 * values as the 32-bit ones (the ids stay below 65536 unless set higher).
 */
#include <kernel/errno.h>
#include <kernel/sched.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>
#include <generated/unistd.h>

#define INVALID_ID	((u32)-1)

/* Where the 32-bit calls have names of their own (ARM), the plain ones are the old 16-bit ones. */
#ifdef __NR_getuid32
#define OLD_ID_SIZE	2
#else
#define OLD_ID_SIZE	4
#endif

/* An id as a plain-named call passes it: 16-bit -1 is -1. */
static u32 old_id(u32 id)
{
	return OLD_ID_SIZE == 2 && id == 0xffff ? INVALID_ID : id;
}

SYSCALL_DEFINE0(getuid)
{
	return current->uid;
}

SYSCALL_DEFINE0(geteuid)
{
	return current->uid;
}

SYSCALL_DEFINE0(getgid)
{
	return current->gid;
}

SYSCALL_DEFINE0(getegid)
{
	return current->gid;
}

static long set_id(u32 *id, u32 want)
{
	if (want == INVALID_ID)
		return -EINVAL;
	if (current->uid != 0 && want != *id)
		return -EPERM;
	*id = want;
	return 0;
}

SYSCALL_DEFINE1(setuid, u32, uid)
{
	return set_id(&current->uid, old_id(uid));
}

SYSCALL_DEFINE1(setgid, u32, gid)
{
	return set_id(&current->gid, old_id(gid));
}

/* The one supplementary group, gid 0, as entries of width bytes (4; 2 for ARM's old call). */
static long do_getgroups(int size, void __user *list, size_t width)
{
	u32 group = 0;

	if (size < 0)
		return -EINVAL;
	if (size == 0)
		return 1;
	return copy_to_user(list, &group, width) ? -EFAULT : 1;
}

SYSCALL_DEFINE2(getgroups, int, size, void __user *, list)
{
	return do_getgroups(size, list, OLD_ID_SIZE);
}

/* The mask comes off the mode of every file and directory a process creates. */
SYSCALL_DEFINE1(umask, int, mask)
{
	int old = current->umask;

	current->umask = mask & 0777;
	return old;
}

#ifdef __NR_getuid32
SYSCALL_DEFINE0(getuid32)
{
	return current->uid;
}

SYSCALL_DEFINE0(geteuid32)
{
	return current->uid;
}

SYSCALL_DEFINE0(getgid32)
{
	return current->gid;
}

SYSCALL_DEFINE0(getegid32)
{
	return current->gid;
}

SYSCALL_DEFINE1(setuid32, u32, uid)
{
	return set_id(&current->uid, uid);
}

SYSCALL_DEFINE1(setgid32, u32, gid)
{
	return set_id(&current->gid, gid);
}

SYSCALL_DEFINE2(getgroups32, int, size, void __user *, list)
{
	return do_getgroups(size, list, 4);
}
#endif

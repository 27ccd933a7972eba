/*
 * System calls about the calling process itself.
 */
#include <kernel/sched.h>
#include <kernel/syscalls.h>

/* One thread per process for now: the thread's id is its process id. */
SYSCALL_DEFINE0(getpid)
{
	return current->id;
}

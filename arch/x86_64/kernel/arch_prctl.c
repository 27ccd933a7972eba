/*
 * arch_prctl(2): a program sets and reads its FS base, the TLS pointer
 * (ARCH_SET_FS, ARCH_GET_FS). A system call, so user space's, apart from
 * process.c, which loads the FS base at each switch: the core does not
 * bring in the user accessors for it.
 */
#include <asm/msr-index.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/sched.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#define ARCH_SET_FS	0x1002	/* the options (Linux's asm/prctl.h) */
#define ARCH_GET_FS	0x1003

SYSCALL_DEFINE2(arch_prctl, int, option, unsigned long, addr)
{
	switch (option) {
	case ARCH_SET_FS:
		if (addr >= TASK_SIZE)
			return -EPERM;
		current->arch.fsbase = addr;
		native_write_msr(MSR_FS_BASE, addr);
		return 0;
	case ARCH_GET_FS:
		return put_user(current->arch.fsbase, (unsigned long __user *)addr);
	default:
		return -EINVAL;
	}
}

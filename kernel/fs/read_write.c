/*
 * read and write. For now the only file descriptors are 1 and 2, standard
 * output and error, and both are the console.
 */
#include <asm/processor.h>
#include <kernel/console.h>
#include <kernel/errno.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#define CHUNK	256	/* bytes copied in at a time, on the kernel stack */

/*
 * The bytes written, as in Linux: a fault after some were written returns
 * that many; a fault before any returns -EFAULT.
 */
SYSCALL_DEFINE3(write, unsigned int, fd, const char __user *, buf, size_t, count)
{
	char chunk[CHUNK];
	size_t done = 0;

	if (fd != 1 && fd != 2)
		return -EBADF;
	while (done < count) {
		size_t n = count - done < CHUNK ? count - done : CHUNK;
		size_t left = copy_from_user(chunk, buf + done, n);

		console_write(chunk, n - left);
		done += n - left;
		if (left)
			return done ? (long)done : -EFAULT;
	}
	return done;
}

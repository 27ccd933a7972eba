/*
 * How insmod words a failed load, in kmod's words: one text for the
 * monitor's insmod (kernel/monitor_modules.c) and for the user program
 * /sbin/insmod (tests/user/kmod.c), so that the same error reads the same
 * from both. A plain C header on purpose: the user program includes it
 * too, after its <errno.h> (the kernel's files after kernel/errno.h; the
 * numbers are Linux's in both).
 *
 *   insmod: ERROR: could not load module PATH: No such file or directory
 *   insmod: ERROR: could not insert module PATH: Invalid parameters
 */
#ifndef _KERNEL_INSMOD_ERROR_H
#define _KERNEL_INSMOD_ERROR_H

/* The file could not be opened or read, then the loader refused it; %s: the path, the reason. */
#define INSMOD_LOAD_ERROR	"insmod: ERROR: could not load module %s: %s\n"
#define INSMOD_INSERT_ERROR	"insmod: ERROR: could not insert module %s: %s\n"

/* strerror()'s text (glibc's) for the errors opening a file or loading a module can give. */
static inline const char *insmod_errno_text(int err)
{
	switch (err) {
	case ENOENT:	return "No such file or directory";
	case EIO:	return "Input/output error";
	case ENOEXEC:	return "Exec format error";
	case EBADF:	return "Bad file descriptor";
	case EAGAIN:	return "Resource temporarily unavailable";
	case ENOMEM:	return "Cannot allocate memory";
	case EACCES:	return "Permission denied";
	case EFAULT:	return "Bad address";
	case EBUSY:	return "Device or resource busy";
	case EEXIST:	return "File exists";
	case ENODEV:	return "No such device";
	case ENOTDIR:	return "Not a directory";
	case EISDIR:	return "Is a directory";
	case EINVAL:	return "Invalid argument";
	case EFBIG:	return "File too large";
	case ERANGE:	return "Numerical result out of range";
	case ENAMETOOLONG: return "File name too long";
	case ENOSYS:	return "Function not implemented";
	case ELOOP:	return "Too many levels of symbolic links";
	case EOPNOTSUPP: return "Operation not supported";
	default:	return "Unknown error";
	}
}

/* kmod's mod_strerror(): what a refused insert means, then the plain texts. */
static inline const char *insmod_strerror(int err)
{
	switch (err) {
	case ENOEXEC:	return "Invalid module format";
	case ENOENT:	return "Unknown symbol in module, or unknown parameter (see dmesg)";
	case EINVAL:	return "Invalid parameters";
	default:	return insmod_errno_text(err);
	}
}

#endif

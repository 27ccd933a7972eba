/*
 * Facts of 32-bit ARM's system-call ABI the generic calls need (the
 * numbers themselves are generated: generated/unistd.h).
 */
#ifndef _ASM_UNISTD_H
#define _ASM_UNISTD_H

/* What uname() says the machine is: Linux's name for an ARMv7 little-endian CPU. */
#define UTS_MACHINE	"armv7l"

/* clone()'s last arguments are (tls, child_tid), not (child_tid, tls): Linux's CLONE_BACKWARDS. */
#define CLONE_BACKWARDS

#endif

/*
 * Facts of x86_64's system-call ABI the generic calls need (the numbers
 * themselves are generated: generated/unistd.h).
 */
#ifndef _ASM_UNISTD_H
#define _ASM_UNISTD_H

/* What uname() says the machine is. */
#define UTS_MACHINE	"x86_64"

#endif

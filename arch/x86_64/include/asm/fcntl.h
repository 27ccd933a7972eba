/*
 * open()'s flags whose values differ between arches (x86_64's are Linux's
 * generic ones); include/kernel/file.h has the shared ones.
 */
#ifndef _ASM_FCNTL_H
#define _ASM_FCNTL_H

#define O_DIRECTORY	00200000
#define O_NOFOLLOW	00400000

#endif

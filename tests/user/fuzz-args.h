/*
 * What fuzz-calls.c (the calls) asks of fuzz-args.c (their arguments):
 * one random-number stream per process, and a value of each argument kind.
 */
#ifndef _USER_FUZZ_ARGS_H
#define _USER_FUZZ_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#define PAGE		4096

/*
 * Argument kinds, one letter each: F fd, P pointer, L length, N number,
 * G flags, S path, D path that must not succeed (unlink, mkdir), X path
 * that cannot run, O open flags, Q pipe's int[2], V iovec array, T and U
 * a sleep's timespec (longs, 64-bit), I pid, C clone flags (the exit
 * signal SIGCHLD or SIGURG: a child's end must not kill), K a clone's
 * stack (mostly none: the child runs on a copy of ours), A address of
 * an own mapping and Z a length within it, B brk, H mmap hint, M mmap
 * flags, R arch_prctl code, W a sigset's size, E an rt_sigaction struct
 * (SIG_IGN only), J a signal the fuzzer ignores, Y its own pid or none,
 * p a pollfd array, m a poll's timeout (0 ms), t and u a timespec as T and U
 * but never none (a poll without a timeout could wait for ever).
 */
long fuzz_arg(char kind);

/* Seed the stream, map the scratch area; numbers: random_numbers of fuzz_setup(). */
bool fuzz_args_init(uint32_t seed, bool numbers);
void fuzz_reseed(uint32_t seed);
uint32_t fuzz_next(void);

/* What later calls may pass: an fd a call returned, a mapping mmap gave. */
void fuzz_add_fd(long fd);
void fuzz_add_map(unsigned long addr, unsigned long len);

#endif

/*
 * The system-call fuzzer's generator (fuzz-calls.c), used by the suite
 * user_fuzz (ktest/user_fuzz.c), which runs it in several processes at
 * once and checks that the kernel survives and gives every page back.
 */
#ifndef _USER_FUZZ_CALLS_H
#define _USER_FUZZ_CALLS_H

#include <stdbool.h>
#include <stdint.h>

/* A seed's successor, well mixed: seeds of rounds and processes come from it. */
uint32_t fuzz_mix(uint32_t x);

/*
 * In a fresh child: seed the generator, close fd 0-2 (no random write
 * reaches the console), map the scratch area, open the files and pipe ends
 * the calls pick from (extra_fd too, the writable file the parent opened,
 * or -1). random_numbers: also call random numbers the table does not
 * name (only on Special K, where they answer -ENOSYS; on Linux they could
 * be anything).
 */
void fuzz_setup(uint32_t seed, int extra_fd, bool random_numbers);

/* Make calls system calls, then wait for the children they forked; never returns. */
void __attribute__((noreturn)) fuzz_run(long calls);

#endif

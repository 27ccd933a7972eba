/*
 * The user-mode self-test's memory layout (tests/kernel/usermode_test.c),
 * shared with each arch's user program (tests/kernel/<arch>/usermode_blob.S),
 * which is copied to UM_CODE and started at one of its entry points:
 *   usermode_syscalls  makes the calls below, storing each result (a long)
 *                      in its slot of the data page, then exit_group(UM_EXIT)
 *   usermode_segv      loads from address 0
 *   usermode_ill       an undefined instruction
 *   usermode_spin      sets UM_STARTED, spins until the kernel sets UM_FLAG, then
 *                      exit_group(0); exit_group(1) if it never comes (UM_SPINS rounds)
 * The data page at UM_DATA belongs to the test, not to the address space:
 * it outlives the program, so the test can read the slots afterwards.
 */
#ifndef _TESTS_USERMODE_H
#define _TESTS_USERMODE_H

#define UM_CODE		0x400000	/* the program, read + execute */
#define UM_DATA		0x600000	/* the slots, read + write */
#define UM_STACK_TOP	0x800000	/* one page of stack below */
#define UM_UNMAPPED	0x12345000	/* nothing here */
#define UM_EXIT		42
#define UM_MESSAGE	"# usermode: hello from ring 3\n"
#define UM_TLS_MAGIC	0x5e1f		/* the kernel puts it at UM_DATA + UM_TLS_OFF */
#define UM_TLS_OFF	0x800
#define UM_FLAG_OFF	0x900
#define UM_STARTED_OFF	0x908
#define UM_SPINS	200000000

/* Slots, in longs from UM_DATA. */
#define UM_SLOT_WRITE		0	/* write(1, message, length) */
#define UM_SLOT_WRITE_NULL	1	/* write(1, NULL, 5) */
#define UM_SLOT_WRITE_KERNEL	2	/* write(1, a kernel address, 5) */
#define UM_SLOT_WRITE_UNMAPPED	3	/* write(1, UM_UNMAPPED, 5) */
#define UM_SLOT_GETPID		4
#define UM_SLOT_ENOSYS		5	/* system call 1000 */
#define UM_SLOT_TLS		6	/* the word at the TLS pointer, after setting it to
					   UM_DATA + UM_TLS_OFF (x86_64: arch_prctl; ARM: set_tls) */
#define UM_SLOT_DONE		7	/* 1 just before exit_group */
#define UM_NR_SLOTS		8

#endif

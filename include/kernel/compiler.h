/*
 * Short names for the GCC/clang attributes the kernel uses, as Linux spells them.
 */
#ifndef _KERNEL_COMPILER_H
#define _KERNEL_COMPILER_H

#define __used		__attribute__((__used__))
#define __unused	__attribute__((__unused__))
#define __noreturn	__attribute__((__noreturn__))
#define __noinline	__attribute__((__noinline__))
#define __always_inline	inline __attribute__((__always_inline__))
#define __aligned(x)	__attribute__((__aligned__(x)))
#define __packed	__attribute__((__packed__))
#define __section(s)	__attribute__((__section__(s)))
#define __printf(a, b)	__attribute__((__format__(printf, a, b)))
#define __weak		__attribute__((__weak__))

/*
 * One entry of a table section (include/kernel/section_registry.h): a static
 * object of `type` named `name` in section `sec`, kept although nothing names
 * it (__used) and aligned as every table is. Followed by its initializer:
 *	DEFINE_SECTION_ENTRY(const struct bench_case, __bench_case_foo,
 *			     ".bench_cases") = { "foo", foo };
 * The table is walked with for_each_section_entry() (include/kernel/sections.h).
 */
#define DEFINE_SECTION_ENTRY(type, name, sec)				\
	static type name __used __section(sec) __aligned(sizeof(void *))
/* A pointer into user space: never dereference it, pass it to include/kernel/uaccess.h. */
#define __user

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
/* Where the function that uses it will return to: its caller, for reports (Linux's _RET_IP_). */
#define _RET_IP_	((unsigned long)__builtin_return_address(0))

#define barrier()	__asm__ __volatile__("" ::: "memory")

/*
 * Make the compiler forget what it knows about var's value. Needed where a
 * linker symbol may legitimately be 0 (the zero-based per-CPU section): C
 * says an object's address is never null, and gcc folds such tests away.
 */
#define OPTIMIZER_HIDE_VAR(var)	__asm__("" : "=r"(var) : "0"(var))

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define ALIGN(x, a)	(((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a) - 1)) == 0)

#define __stringify_1(x) #x
#define __stringify(x)	__stringify_1(x)

/* Read or write exactly once: the compiler may not merge, tear or drop the access. */
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

#ifndef __ASSEMBLER__
#include <kernel/types.h>

/*
 * Where a place-relative 32-bit offset points: the offset's own address plus
 * its value. Tables of the special sections store such offsets (".long sym - ."),
 * half the size of a pointer on 64-bit and never relocated at run time.
 */
static inline void *offset_to_ptr(const s32 *off)
{
	return (void *)((unsigned long)off + *off);
}
#endif

#endif

/*
 * Per-CPU variables: one copy of a variable for every CPU.
 *
 *   DEFINE_PER_CPU(u64, irq_count);          in one .c file
 *   DECLARE_PER_CPU(u64, irq_count);         in a header, for the others
 *
 *   this_cpu_inc(irq_count);                 this CPU's copy
 *   per_cpu(irq_count, 2)                    CPU 2's copy (an lvalue)
 *   per_cpu_ptr(&irq_count, cpu), this_cpu_ptr(&irq_count)
 *
 * DEFINE_PER_CPU puts the variable in .data..percpu. The linker gathers
 * that section into one block, the template (PERCPU_SECTION and
 * PERCPU_VADDR in linker/sections.lds.h), which lies in the init region.
 * At boot step 9 setup_per_cpu_areas() (kernel/percpu.c) copies the
 * template once for every possible CPU and records where each copy went:
 *
 *   CPU n's copy of var is at  &var + __per_cpu_offset[n]
 *
 * A CPU finds its own offset in a register the arch keeps for the purpose
 * (asm/percpu.h): the GS segment base on x86_64, where .data..percpu is
 * linked at address 0 so that &var is the offset inside every copy and
 * %gs:var is this CPU's copy in a single instruction; TPIDRPRW on ARM.
 * Until step 9 that register points at the template itself, so per-CPU
 * variables (smp_processor_id() among them) work from the first line of
 * start_kernel() on the boot CPU.
 *
 * The this_cpu_*() operations are atomic with respect to the CPU doing
 * them (an interrupt cannot split them), not with respect to other CPUs:
 * each CPU touches its own copy, which is the point.
 */
#ifndef _KERNEL_PERCPU_H
#define _KERNEL_PERCPU_H

#include <kernel/threads.h>
#include <kernel/compiler.h>
#include <kernel/sections.h>
#include <kernel/types.h>

/* The cache-line size the shared-aligned variant pads to (64 on every CPU we boot). */
#define SMP_CACHE_BYTES		64

#define DEFINE_PER_CPU_SECTION(type, name, suffix)			\
	__section(".data..percpu" suffix) __typeof__(type) name

#define DECLARE_PER_CPU(type, name)					\
	extern DEFINE_PER_CPU_SECTION(type, name, "")
#define DEFINE_PER_CPU(type, name)					\
	DEFINE_PER_CPU_SECTION(type, name, "")

/*
 * For a variable that other CPUs also write (a mailbox, a lock): alone on
 * its cache line, so that writing it does not steal the line holding its
 * neighbours from their owner. The linker places these together
 * (.data..percpu..shared_aligned, after the page-aligned ones).
 */
#define DECLARE_PER_CPU_SHARED_ALIGNED(type, name)			\
	extern DEFINE_PER_CPU_SECTION(type, name, "..shared_aligned")	\
	__aligned(SMP_CACHE_BYTES)
#define DEFINE_PER_CPU_SHARED_ALIGNED(type, name)			\
	DEFINE_PER_CPU_SECTION(type, name, "..shared_aligned")		\
	__aligned(SMP_CACHE_BYTES)

/* Where each CPU's copy went: area - __per_cpu_start. */
extern unsigned long __per_cpu_offset[NR_CPUS];
#define per_cpu_offset(cpu)	(__per_cpu_offset[cpu])

/*
 * ptr + offset, done on integers: the compiler must not reason about the
 * pointer's object (on x86_64 &var may even be 0, which C says no object's
 * address is), only add.
 */
#define SHIFT_PERCPU_PTR(ptr, offset)					\
	({								\
		unsigned long __p = (unsigned long)(ptr);		\
		OPTIMIZER_HIDE_VAR(__p);				\
		(__typeof__(ptr))(__p + (offset));			\
	})

#define per_cpu_ptr(ptr, cpu)	SHIFT_PERCPU_PTR(ptr, per_cpu_offset(cpu))
#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), cpu))

/*
 * Each area also holds its own offset: what my_cpu_offset() reads where the
 * base register cannot be read cheaply (x86_64), and what a debugger reads.
 */
DECLARE_PER_CPU(unsigned long, this_cpu_off);

/*
 * The arch's half: my_cpu_offset() and set_my_cpu_offset(), and where it
 * can do better than the generic forms below, this_cpu_read/write/add.
 */
#include <asm/irqflags.h>
#include <asm/percpu.h>

#define this_cpu_ptr(ptr)	SHIFT_PERCPU_PTR(ptr, my_cpu_offset())

#ifndef this_cpu_read
#define this_cpu_read(var)	READ_ONCE(*this_cpu_ptr(&(var)))
#endif
#ifndef this_cpu_write
#define this_cpu_write(var, val) WRITE_ONCE(*this_cpu_ptr(&(var)), (val))
#endif
#ifndef this_cpu_add
/* Read, add, write this CPU's copy with interrupts off: nothing on this CPU gets in between. */
#define this_cpu_add(var, val)						\
	do {								\
		unsigned long __flags = arch_local_irq_save();		\
		__typeof__(&(var)) __ptr = this_cpu_ptr(&(var));	\
		*(volatile __typeof__(var) *)__ptr += (val);		\
		arch_local_irq_restore(__flags);			\
	} while (0)
#endif
#define this_cpu_sub(var, val)	this_cpu_add(var, -(__typeof__(var))(val))
#define this_cpu_inc(var)	this_cpu_add(var, 1)
#define this_cpu_dec(var)	this_cpu_sub(var, 1)

/* Size of the template (.data..percpu), hence of each CPU's copy before rounding up. */
static inline size_t percpu_static_size(void)
{
	return (size_t)(__per_cpu_end - __per_cpu_start);
}

/*
 * After the template, each area keeps the rest of its pages, at least
 * PERCPU_MODULE_MIN bytes, for the per-CPU variables of loadable modules
 * (Linux's reserved chunk, the "r" of its boot line): percpu_module_reserve
 * bytes from percpu_module_base() into the area. kernel/module/percpu.c
 * hands them out, the same offset in every area.
 */
#define PERCPU_MODULE_MIN	1024
extern size_t percpu_module_reserve;

static inline size_t percpu_module_base(void)
{
	return (percpu_static_size() + SMP_CACHE_BYTES - 1) & ~(size_t)(SMP_CACHE_BYTES - 1);
}

/* Boot step 9: one area per possible CPU, the template copied into each. */
void setup_per_cpu_areas(void);

#endif

/*
 * Making new code visible to instruction fetch (kernel/module/ writes a
 * module's text through the data side). ARMv7's caches are not coherent
 * between the two: clean the data cache lines to the point of
 * unification, then invalidate every CPU's instruction cache and branch
 * predictor (the IS forms: another CPU may hold lines of code that was
 * at these addresses before).
 */
#ifndef _ASM_CACHEFLUSH_H
#define _ASM_CACHEFLUSH_H

static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	unsigned long ctr, line;

	__asm__ __volatile__("mrc p15, 0, %0, c0, c0, 1" : "=r"(ctr));	/* CTR */
	line = 4ul << ((ctr >> 16) & 0xf);	/* DminLine: log2 of words per line */
	for (unsigned long p = start & ~(line - 1); p < end; p += line)
		__asm__ __volatile__("mcr p15, 0, %0, c7, c11, 1" : : "r"(p) : "memory");
	__asm__ __volatile__("dsb ish\n\t"
			     "mcr p15, 0, %0, c7, c1, 0\n\t"	/* ICIALLUIS */
			     "mcr p15, 0, %0, c7, c1, 6\n\t"	/* BPIALLIS */
			     "dsb ish\n\t"
			     "isb"
			     : : "r"(0) : "memory");
}

#endif

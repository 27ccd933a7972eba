/*
 * Making new code visible to instruction fetch: nothing to do on x86_64,
 * whose instruction cache snoops stores. The code written (a module's
 * text, kernel/module/) has not run on any CPU yet, so none needs to
 * serialise either.
 */
#ifndef _ASM_CACHEFLUSH_H
#define _ASM_CACHEFLUSH_H

static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	(void)start;
	(void)end;
}

#endif

/*
 * special_sections[]: the registry of special sections
 * (include/kernel/section_registry.h) as data, so that the code that lists
 * or checks every section (the "sections" self-test, the monitor's
 * `sections`) walks one array instead of keeping a list of its own. Each
 * entry's size and alignment come from its type here, where every entry
 * type is known.
 */
#include <kernel/alternative.h>
#include <kernel/bench.h>
#include <kernel/bug.h>
#include <kernel/extable.h>
#include <kernel/ktest.h>
#include <kernel/monitor.h>
#include <kernel/sections.h>

#define SECTION_TABLE	1
#define SECTION_BYTES	0
#define SECTION_INIT	true
#define SECTION_KEPT	false

#define SECTION_ROW(name, start, stop, decl, entry, kind, filler, gatherer, user, life) \
	{ name, start, stop, SECTION_##kind ? sizeof(entry) : 0, _Alignof(entry), \
	  SECTION_##life, filler, gatherer, user },

const struct special_section special_sections[] = {
	SPECIAL_SECTIONS(SECTION_ROW)
	ARCH_SPECIAL_SECTIONS(SECTION_ROW)
};
const size_t nr_special_sections = ARRAY_SIZE(special_sections);

const void *section_image_start(const struct special_section *s)
{
	return s->start == __per_cpu_start ? __per_cpu_load : s->start;
}

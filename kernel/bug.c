/*
 * report_bug(): what the trap handlers ask when an undefined instruction
 * traps: is this a BUG() or WARN() site from __bug_table?
 */
#include <kernel/bug.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/stacktrace.h>

unsigned long nr_warnings;

static struct bug_entry *find_bug(unsigned long addr)
{
	for_each_section_entry(struct bug_entry, __start___bug_table, __stop___bug_table, b)
		if ((unsigned long)&b->bug_addr_disp + b->bug_addr_disp == addr)
			return b;
	return NULL;
}

enum bug_trap_type report_bug(unsigned long addr, struct pt_regs *regs)
{
	struct bug_entry *b = find_bug(addr);
	const char *file;

	if (!b)
		return BUG_TRAP_TYPE_NONE;
	file = (const char *)&b->file_disp + b->file_disp;
	if (!(b->flags & BUGFLAG_WARNING)) {
		printk(KERN_EMERG "kernel BUG at %s:%u!\n", file, b->line);
		return BUG_TRAP_TYPE_BUG;
	}
	nr_warnings++;
	if (b->flags & BUGFLAG_DONE)
		return BUG_TRAP_TYPE_WARN;
	if (b->flags & BUGFLAG_ONCE)
		b->flags |= BUGFLAG_DONE;
	printk(KERN_WARNING "------------[ cut here ]------------\n");
	printk(KERN_WARNING "WARNING: at %s:%u %pS\n", file, b->line, (void *)addr);
	show_trap_backtrace(instruction_pointer(regs), frame_pointer(regs));
	printk(KERN_WARNING "---[ end trace ]---\n");
	return BUG_TRAP_TYPE_WARN;
}

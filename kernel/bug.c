/*
 * report_bug(): what the trap handlers ask when an undefined instruction
 * traps: is this a BUG() or WARN() site from __bug_table, the kernel's or a
 * loaded module's?
 *
 * Several CPUs may warn at once, at the same site too: the count is an
 * atomic_t, and a WARN_ON_ONCE() entry is tested and marked done under a
 * lock, so exactly one CPU reports it. A done entry is not reported and not
 * counted (as Linux's warn_count).
 */
#include <kernel/atomic.h>
#include <kernel/bug.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/spinlock.h>
#include <kernel/stacktrace.h>

atomic_t nr_warnings = ATOMIC_INIT(0);
static DEFINE_SPINLOCK(bug_once_lock);

struct bug_entry *find_bug_in(struct bug_entry *table, unsigned int n, unsigned long addr)
{
	/* LAB find_bug: begin */
	for_each_section_entry(struct bug_entry, table, table + n, b)
		if ((unsigned long)&b->bug_addr_disp + b->bug_addr_disp == addr)
			return b;
	return NULL;
	/* LAB find_bug: end */
}

/*
 * The module loader's search of the loaded modules' tables
 * (kernel/module/bug.c) takes the place of this one when it is linked in;
 * without it no WARN() site lies outside the kernel's table.
 */
__weak struct bug_entry *module_find_bug(unsigned long addr)
{
	(void)addr;
	return NULL;
}

static struct bug_entry *find_bug(unsigned long addr)
{
	struct bug_entry *b = find_bug_in((struct bug_entry *)__start___bug_table,
					  section_count(__start___bug_table, __stop___bug_table,
							sizeof(struct bug_entry)), addr);

	return b ? b : module_find_bug(addr);
}

enum bug_trap_type report_bug(unsigned long addr, struct pt_regs *regs)
{
	struct bug_entry *b = find_bug(addr);
	const char *file;
	unsigned long flags;
	bool done;

	if (!b)
		return BUG_TRAP_TYPE_NONE;
	file = (const char *)&b->file_disp + b->file_disp;
	if (!(b->flags & BUGFLAG_WARNING)) {
		printk(KERN_EMERG "kernel BUG at %s:%u!\n", file, b->line);
		return BUG_TRAP_TYPE_BUG;
	}
	spin_lock_irqsave(&bug_once_lock, flags);
	done = b->flags & BUGFLAG_DONE;
	if (b->flags & BUGFLAG_ONCE)
		b->flags |= BUGFLAG_DONE;
	spin_unlock_irqrestore(&bug_once_lock, flags);
	if (done)
		return BUG_TRAP_TYPE_WARN;
	atomic_inc(&nr_warnings);
	printk(KERN_WARNING "------------[ cut here ]------------\n");
	printk(KERN_WARNING "WARNING: at %s:%u %pS\n", file, b->line, (void *)addr);
	show_trap_backtrace(instruction_pointer(regs), frame_pointer(regs));
	printk(KERN_WARNING "---[ end trace ]---\n");
	return BUG_TRAP_TYPE_WARN;
}

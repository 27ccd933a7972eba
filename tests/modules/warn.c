/*
 * warn: a module whose init warns. Its WARN_ON() and WARN_ON_ONCE() sites
 * are entries of its own __bug_table, which report_bug() must find through
 * the loader (kernel/module/bug.c): then each is reported, counted and
 * skipped, and init goes on to return 0. Without that the trap is an
 * unknown undefined instruction, and an oops.
 */
#include <kernel/bug.h>
#include <kernel/module.h>
#include <kernel/printk.h>

/* One site each, whatever the compiler unrolls: each function is called twice. */
static void __noinline warn_always(void)
{
	WARN_ON(true);
}

static void __noinline warn_once(void)
{
	WARN_ON_ONCE(true);
}

static int __init warn_init(void)
{
	warn_always();
	warn_once();
	warn_always();
	warn_once();
	pr_info("warn: init went on after its warnings\n");
	return 0;
}
module_init(warn_init);

static void __exit warn_exit(void)
{
	pr_info("warn: gone\n");
}
module_exit(warn_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Warns from its init: a module's __bug_table");

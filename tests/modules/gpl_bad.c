/*
 * gpl_bad: a module whose license is not GPL-compatible and which uses a
 * GPL-only export, copy_from_kernel_nofault(). modpost only warns (the
 * module must build, to be refused): a loader may not bind the symbol,
 * so loading it fails as in Linux ("Unknown symbol").
 */
#include <kernel/module.h>
#include <kernel/printk.h>
#include <kernel/uaccess.h>

static int __init gpl_bad_init(void)
{
	unsigned long word;

	return get_kernel_nofault(word, (unsigned long *)0);
}
module_init(gpl_bad_init);

MODULE_LICENSE("Proprietary");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Asks for a GPL-only symbol without a GPL-compatible license");

/*
 * init_fail: a module whose init fails after taking memory, and gives it
 * back first: a loader must then undo the whole load (no page left
 * behind) and report the error.
 */
#include <kernel/errno.h>
#include <kernel/mm.h>
#include <kernel/module.h>
#include <kernel/printk.h>

static int __init init_fail_init(void)
{
	void *page = alloc_pages(0);

	if (!page)
		return -ENOMEM;
	free_pages(page, 0);
	pr_info("init_fail: failing on purpose\n");
	return -ENODEV;
}
module_init(init_fail_init);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Fails its init on purpose");

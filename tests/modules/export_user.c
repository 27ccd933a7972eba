/*
 * export_user: a module that uses export_provider's exports, one of them
 * GPL-only (this module's license allows it). Its depends= names
 * export_provider.
 */
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/printk.h>

extern unsigned int export_provider_calls;
int export_provider_add(int a, int b);

static int __init export_user_init(void)
{
	int sum = export_provider_add(40, 2);

	pr_info("export_user: 40 + 2 = %d, after %u calls\n", sum, export_provider_calls);
	return sum == 42 ? 0 : -EINVAL;
}
module_init(export_user_init);

static void __exit export_user_exit(void)
{
	pr_info("export_user: unloaded\n");
}
module_exit(export_user_exit);

MODULE_LICENSE("GPL v2");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Uses export_provider's exports");

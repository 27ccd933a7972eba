/*
 * export_provider: a module that exports a function and a counter for
 * export_user. modpost finds these exports in its ___ksymtab+NAME
 * sections and records export_user's dependency on it (depends=); a
 * loader must load it first and refuse to remove it while export_user
 * is loaded.
 */
#include <kernel/module.h>
#include <kernel/printk.h>

unsigned int export_provider_calls;
EXPORT_SYMBOL(export_provider_calls);

int export_provider_add(int a, int b)
{
	export_provider_calls++;
	return a + b;
}
EXPORT_SYMBOL_GPL(export_provider_add);

static int __init export_provider_init(void)
{
	pr_info("export_provider: loaded\n");
	return 0;
}
module_init(export_provider_init);

static void __exit export_provider_exit(void)
{
	pr_info("export_provider: %u calls\n", export_provider_calls);
}
module_exit(export_provider_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Exports a function and a counter to export_user");

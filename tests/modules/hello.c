/*
 * hello: the smallest useful module. It greets on init and on exit, and
 * takes three parameters (`insmod hello.ko whom=world times=3 shout`; shout is
 * a bool, written `module_param(shout, bool, 0444)` as Linux modules do), so its
 * .modinfo has every field modinfo prints: license, author, description,
 * parm, and modpost's name, vermagic and depends.
 */
#include <kernel/module.h>
#include <kernel/printk.h>

static char *whom = "Special K";
module_param(whom, charp, 0444);
MODULE_PARM_DESC(whom, "who to greet");

static int times = 1;
module_param(times, int, 0444);
MODULE_PARM_DESC(times, "how many times to greet");

static bool shout;
module_param(shout, bool, 0444);
MODULE_PARM_DESC(shout, "end the greeting with '!'");

static int __init hello_init(void)
{
	for (int i = 0; i < times; i++)
		pr_info("hello: hello, %s%s\n", whom, shout ? "!" : "");
	return 0;
}
module_init(hello_init);

static void __exit hello_exit(void)
{
	pr_info("hello: goodbye, %s\n", whom);
}
module_exit(hello_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Greets on load and on removal");

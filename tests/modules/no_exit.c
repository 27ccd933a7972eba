/*
 * no_exit: a module with an init and no exit. Nothing could undo what its
 * init did, so it stays until the machine stops: delete_module() refuses
 * it with EBUSY, as Linux does.
 */
#include <kernel/module.h>

static int __init no_exit_init(void)
{
	return 0;
}
module_init(no_exit_init);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Has no exit, so it stays");

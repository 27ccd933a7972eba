/*
 * fault_fixup: a module that recovers from faults through its own
 * __ex_table. arch_get_kernel_nofault_long() of asm/maccess.h (the arch
 * half of the kernel's nofault access) is inline: each use here puts an
 * entry in this module's __ex_table, which `ld -r` leaves unsorted and the
 * loader must sort and register, so that the fault handler finds the
 * fixup when the load at address 0 (never mapped) faults. A good address
 * must still read through.
 */
#include <asm/maccess.h>
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/printk.h>

static unsigned long fault_fixup_word = 0x5eed;
static unsigned long fault_fixup_faults;

static int __init fault_fixup_init(void)
{
	unsigned long val = 1;
	long bad = arch_get_kernel_nofault_long(&val, (void *)0);
	unsigned long zero = val;
	long good = arch_get_kernel_nofault_long(&val, &fault_fixup_word);

	fault_fixup_faults += bad == -EFAULT;
	pr_info("fault_fixup: read of 0: %ld (value %lu), read of a variable: %ld (value %#lx)\n",
		bad, zero, good, val);
	return bad == -EFAULT && zero == 0 && !good && val == 0x5eed ? 0 : -EIO;
}
module_init(fault_fixup_init);

/* The loaded module's core text also recovers: the exit path reads address 0 again. */
static void __exit fault_fixup_exit(void)
{
	unsigned long val;

	fault_fixup_faults += arch_get_kernel_nofault_long(&val, (void *)0) == -EFAULT;
	pr_info("fault_fixup: %lu faults recovered\n", fault_fixup_faults);
}
module_exit(fault_fixup_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Recovers from faults through its own __ex_table");

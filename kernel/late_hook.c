/*
 * The end of boot's hooks (include/kernel/init.h): how a layer adds to
 * boot steps 18 and 19 without the core naming it. User space adds its
 * self-test programs and /init, the tools the bench figures, the thread
 * listing and the serial monitor; a kernel linked without them (make
 * mini) ends boot with its own self-tests' verdict.
 *
 * A list per phase, in registration order (link order of the layers'
 * initcalls within a level); registered at boot, while one CPU runs the
 * initcalls (only the boot CPU runs them, one at a time), so no lock.
 */
#include <kernel/init.h>
#include <kernel/printk.h>

static struct late_hook *late_hooks[NR_LATE_HOOK_PHASES];

/* What a kernel without a phase's hooks goes without, where the log should say so. */
static const char *const absent[NR_LATE_HOOK_PHASES] = {
	[LATE_HOOK_SELFTESTS] = "no user-space self-tests: user space is not linked in",
	[LATE_HOOK_INIT] = "no first program: user space is not linked in",
};

void register_late_hook(struct late_hook *hook)
{
	struct late_hook **p = &late_hooks[hook->phase];

	while (*p)
		p = &(*p)->next;
	hook->next = NULL;
	*p = hook;
}

int run_late_hooks(enum late_hook_phase phase, int status)
{
	if (!late_hooks[phase] && absent[phase])
		pr_info("%s\n", absent[phase]);
	for (struct late_hook *h = late_hooks[phase]; h; h = h->next)
		status = h->fn(status);
	return status;
}

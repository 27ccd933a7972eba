/*
 * The first program: after its own boot (and self-tests), the kernel runs
 * /init from the initramfs, or the program rdinit= names, with the words
 * after `--` on the command line as its arguments and Linux's environment
 * for init, and waits for it (Linux's kernel_init(), init/main.c).
 *
 * A late hook (include/kernel/init.h), LATE_HOOK_INIT, registered by this
 * file's initcall: the core's rest_init() runs it at boot step 19, with
 * the self-tests' verdict. How the boot ends: "init exited with
 * status N", and QEMU's pass status only if N is 0 and no self-test
 * failed. A program that cannot be run is Linux's "Failed to execute
 * /init (error -N)" and a panic; an initramfs without /init (and no
 * rdinit=) runs nothing, as Linux falls back to its root device: the boot
 * ends with the self-tests' verdict.
 */
#include <asm/processor.h>
#include <kernel/bootinfo.h>
#include <kernel/cmdline.h>
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/process.h>
#include <kernel/string.h>

/*
 * Sized from the command line, so that nothing on it is ever cut: a word
 * after "--" takes two bytes at least (itself and a space), and rdinit='s
 * value is shorter than the line. (Linux has 32 arguments, and panics
 * with "Too many boot init vars" past them.)
 */
#define MAX_INIT_ARGS	(COMMAND_LINE_SIZE / 2)

static char ramdisk_execute_command[COMMAND_LINE_SIZE] = "/init";
static bool rdinit_given;
static char init_args[COMMAND_LINE_SIZE];
static const char *argv_init[MAX_INIT_ARGS + 2];

static int __init rdinit_setup(char *str)
{
	if (!*str) {
		pr_warn("rdinit= names no program: ignored, /init runs if there is one\n");
		return 0;
	}
	strscpy(ramdisk_execute_command, str, sizeof(ramdisk_execute_command));
	rdinit_given = true;
	return 0;
}
__setup("rdinit=", rdinit_setup);

/* argv: the program's path, then each word after "--" (name=value words kept whole). */
static int __init init_args_setup(void)
{
	char *args, *param, *val;
	int argc = 1;
	bool after = false;

	strscpy(init_args, boot_info.cmdline, sizeof(init_args));
	args = skip_spaces(init_args);
	while (*args && argc <= MAX_INIT_ARGS) {
		args = next_arg(args, &param, &val);
		if (!after) {
			after = !strcmp(param, "--") && !val;
			continue;
		}
		if (val)
			val[-1] = '=';	/* next_arg() cut "name=value" at the '=' */
		argv_init[argc++] = param;
	}
	return 0;
}
core_initcall(init_args_setup);

static int run_init_process(int status)
{
	static const char *const envp_init[] = { "HOME=/", "TERM=linux", NULL };
	struct dentry *d;
	int err, wstatus;

	if (!rdinit_given) {
		err = kern_path(ramdisk_execute_command, LOOKUP_FOLLOW, &d);
		if (err == -ENOENT)
			return status;
		if (!err)
			dput(d);
	}
	argv_init[0] = ramdisk_execute_command;
	pr_info("Run %s as init process\n", ramdisk_execute_command);
	err = call_usermodehelper_init(ramdisk_execute_command, argv_init, envp_init, &wstatus);
	if (err) {
		pr_err("Failed to execute %s (error %d)\n", ramdisk_execute_command, err);
		panic("No working init found.");
	}
	if (wstatus & 0x7f) {
		pr_info("init killed by signal %d\n", wstatus & 0x7f);
		return QEMU_EXIT_TESTS_FAILED;
	}
	pr_info("init exited with status %d\n", (wstatus >> 8) & 0xff);
	return wstatus || status != QEMU_EXIT_PASS ? QEMU_EXIT_TESTS_FAILED : QEMU_EXIT_PASS;
}

static struct late_hook init_process_hook = { .phase = LATE_HOOK_INIT, .fn = run_init_process };

static int __init init_process_init(void)
{
	register_late_hook(&init_process_hook);
	return 0;
}
late_initcall(init_process_init);

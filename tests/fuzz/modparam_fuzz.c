/*
 * Fuzzing a module's parameters: how the loader gathers them
 * (kernel/module/params.c: the command line's NAME.param=value words,
 * then what insmod passed, which any process can through init_module(2))
 * and how each type of module_param() takes its value
 * (kernel/module/param_ops.c), for a module "hello" with one parameter of
 * every type. An input is the kernel command line, a NUL, then insmod's
 * arguments (without a NUL, all of it is arguments). A value a parameter
 * takes is checked here to be a terminated string inside the module's
 * kept copy (charp) or to have changed only its own variable; a refusal
 * is an errno. A read out of bounds (ASan), undefined behaviour (UBSan) or
 * a crash is a bug.
 */
#include "fuzz_host.h"

#include <stdlib.h>

#include <kernel/bootinfo.h>
#include <kernel/errno.h>
#include <kernel/module.h>
#include "../../kernel/module/internal.h"

struct boot_info boot_info;

void *kmalloc(size_t size)
{
	return malloc(size);
}

void kfree(const void *p)
{
	free((void *)p);
}

static int times;
static unsigned int count;
static long offset;
static unsigned long mask;
static bool shout;
static char *whom;

static const struct kernel_param params[] = {
	{ "times", &param_ops_int, 0444, &times },
	{ "count", &param_ops_uint, 0444, &count },
	{ "offset", &param_ops_long, 0444, &offset },
	{ "mask", &param_ops_ulong, 0444, &mask },
	{ "shout", &param_ops_bool, 0444, &shout },
	{ "whom", &param_ops_charp, 0444, &whom },
};

/* Known errors only: what load_module() may hand back to the caller. */
static bool known_error(int err)
{
	return !err || err == -EINVAL || err == -ERANGE || err == -ENOMEM;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct module mod = { .name = "hello", .kp = params, .num_kp = 6 };
	const char *nul = memchr(data, '\0', size);
	size_t cmdlen = nul ? (size_t)(nul - (const char *)data) : 0;
	size_t arglen = nul ? size - cmdlen - 1 : size;
	char *args = malloc(arglen + 1);
	char buf[64];
	int err;

	/* What boot_info_set_cmdline() keeps: up to the first NUL, within the size. */
	if (cmdlen > COMMAND_LINE_SIZE - 1)
		cmdlen = COMMAND_LINE_SIZE - 1;
	memcpy(boot_info.cmdline, data, cmdlen);
	boot_info.cmdline[cmdlen] = '\0';
	memcpy(args, nul ? nul + 1 : (const char *)data, arglen);
	args[arglen] = '\0';
	whom = NULL;
	err = module_parse_args(&mod, args);
	if (!known_error(err))
		__builtin_trap();
	/*
	 * A charp points into the module's own copy (at most twice the command
	 * line and the arguments), which must hold its whole value (ASan reads it).
	 */
	if (whom && (whom < mod.args || whom > mod.args + 2 * cmdlen + arglen + 2 ||
		     strlen(whom) > cmdlen + arglen))
		__builtin_trap();
	for (int i = 0; i < 6; i++)
		params[i].ops->get(buf, &params[i]);
	free(mod.args);
	free(args);
	return 0;
}

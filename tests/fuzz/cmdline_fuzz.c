/*
 * Fuzzing the command line: the tokenizer (kernel/lib/cmdline.c) and the
 * __setup dispatch (kernel/params.c) on any bytes a boot loader could hand
 * over, cut to COMMAND_LINE_SIZE as boot_info_set_cmdline() does. The
 * handlers here are of each kind the kernel has (early_param, __setup
 * "name=" and bare, __setup_flag) next to params.c's own (loglevel=,
 * quiet); each reads the whole value it is given, which must be a
 * terminated string inside the kernel's copy (ASan).
 * fuzz_setup.h puts params.c's entries and these in one table.
 */
#include "fuzz_host.h"

#include <kernel/bootinfo.h>
#include "fuzz_setup.h"

struct boot_info boot_info;
static volatile size_t seen;
static bool flag;

static int take(char *val)
{
	seen += strlen(val);
	return val[0] == 'x' ? -1 : 0;
}

static int early_eq(char *val) { return take(val); }
static int early_bare(char *val) { return take(val); }
static int setup_eq(char *val) { return take(val); }
static int setup_prefix(char *val) { return take(val); }
static int setup_bare(char *val) { return take(val); }

early_param("earlycon=", early_eq);
early_param("debug", early_bare);
__setup("crash=", setup_eq);
__setup("init=", setup_prefix);
__setup("nosmp", setup_bare);
__setup_flag("initcall_debug", flag);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int level = console_loglevel;

	size_t n = size < COMMAND_LINE_SIZE - 1 ? size : COMMAND_LINE_SIZE - 1;

	/* What boot_info_set_cmdline() keeps: up to the first NUL, within the size. */
	memcpy(boot_info.cmdline, data, n);
	boot_info.cmdline[n] = '\0';
	parse_early_params();
	parse_args();
	console_loglevel = level;
	return 0;
}

/*
 * Boot parameters from the .init.setup section.
 *
 * The command line (boot_info.cmdline, from multiboot2/PVH or the device
 * tree's /chosen/bootargs) is parsed twice, each time on a fresh copy:
 * parse_early_params() runs only early_param() handlers, right after the
 * boot information is read; parse_args() runs the __setup() handlers later
 * and reports, in one warning, every parameter nobody claimed. Everything
 * after "--" is not for the kernel.
 */
#include <kernel/bootinfo.h>
#include <kernel/cmdline.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

static char cmdline_copy[COMMAND_LINE_SIZE] __initdata;
static char unknown[COMMAND_LINE_SIZE] __initdata;

/* "name=" matches "name=..." ; "name" matches "name" exactly. */
static bool __init setup_matches(const struct obs_kernel_param *p, const char *param,
				 const char *val)
{
	size_t n = strlen(p->str);

	if (n && p->str[n - 1] == '=')
		return val && strncmp(p->str, param, n - 1) == 0 && param[n - 1] == '\0';
	return strcmp(p->str, param) == 0;
}

/* Hand one parameter to the handlers of one kind; true if one took it. */
static bool __init do_setup(char *param, char *val, bool early)
{
	bool known = false;

	for_each_section_entry(const struct obs_kernel_param, __setup_start, __setup_end, p) {
		if (!setup_matches(p, param, val))
			continue;
		known = true;
		if (!p->early != !early)
			continue;
		if (p->flag)
			*p->flag = true;
		else if (p->setup_func(val ? val : (char *)"") != 0)
			pr_warn("Malformed kernel parameter: %s=%s\n", param, val ? val : "");
	}
	return known;
}

static void __init note_unknown(const char *param, const char *val)
{
	size_t len = strlen(unknown);

	snprintf(unknown + len, sizeof(unknown) - len, "%s%s%s%s", len ? " " : "",
		 param, val ? "=" : "", val ? val : "");
}

static void __init parse_cmdline(bool early)
{
	char *args, *param, *val;

	strscpy(cmdline_copy, boot_info.cmdline, sizeof(cmdline_copy));
	args = skip_spaces(cmdline_copy);
	while (*args) {
		args = next_arg(args, &param, &val);
		if (strcmp(param, "--") == 0 && !val)
			break;
		/* NAME.param is for module NAME: its loader reads the command line (kernel/module/). */
		if (!do_setup(param, val, early) && !early && !strchr(param, '.'))
			note_unknown(param, val);
	}
}

void __init parse_early_params(void)
{
	parse_cmdline(true);
}

void __init parse_args(void)
{
	unknown[0] = '\0';
	parse_cmdline(false);
	if (unknown[0])
		pr_warn("Unknown kernel command line parameters \"%s\", ignored.\n", unknown);
}

static int __init set_loglevel(char *val)
{
	if (val[0] < '0' || val[0] > '9' || val[1])
		return -1;
	console_loglevel = val[0] - '0';
	return 0;
}
early_param("loglevel", set_loglevel);

static int __init set_quiet(char *val)
{
	(void)val;
	console_loglevel = CONSOLE_LOGLEVEL_QUIET;
	return 0;
}
early_param("quiet", set_quiet);

/*
 * The monitor's commands on loadable modules, in the words of kmod's
 * tools: `lsmod` (kmod's table), `insmod PATH [param=value...]` (a .ko
 * of the root file system, /lib/modules/NAME.ko for the samples),
 * `rmmod NAME`, and `ksyms [GLOB]`, the exported symbols (the kernel's
 * __ksymtab and __ksymtab_gpl, then each module's) whose name matches.
 * The errors are kmod's too: insmod's "could not insert module" with
 * its explanation of the errno, in the very words of /sbin/insmod
 * (kernel/insmod_error.h), rmmod's "is in use by".
 */
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/glob.h>
#include <kernel/insmod_error.h>
#include <kernel/ksymtab.h>
#include <kernel/module.h>
#include <kernel/monitor.h>
#include <kernel/sections.h>
#include <kernel/slab.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

static void lsmod_line(struct module *mod, void *arg)
{
	struct list_head *p;
	char sep = ' ';

	(void)arg;
	monitor_printf("%-19s %8lu  %u", mod->name, module_size(mod), module_refcount(mod));
	list_for_each(p, &mod->source_list) {
		monitor_printf("%c%s", sep, list_entry(p, struct module_use, source_list)->source->name);
		sep = ',';
	}
	monitor_printf("\n");
}

static int cmd_lsmod(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	monitor_printf("Module                  Size  Used by\n");
	for_each_module(lsmod_line, NULL);
	return 0;
}

/*
 * The parameters as the loader takes them, "name=value ...": the monitor
 * took the quotes off (kernel/monitor_line.c), so each value goes back in
 * double quotes, which keep its spaces (kernel/module/params.c).
 */
static char *join_params(int argc, char **argv)
{
	size_t room = 1, at = 0;
	char *args;

	for (int i = 2; i < argc; i++)
		room += strlen(argv[i]) + 3;
	args = kmalloc(room);
	for (int i = 2; args && i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		at += eq ? snprintf(args + at, room - at, "%.*s=\"%s\" ", (int)(eq - argv[i]),
				    argv[i], eq + 1)
			 : snprintf(args + at, room - at, "%s ", argv[i]);
	}
	if (args)
		args[at] = '\0';
	return args;
}

static int cmd_insmod(int argc, char **argv)
{
	struct dentry *d;
	char *args;
	int err;

	if (argc < 2)
		return -EINVAL;
	err = kern_path(argv[1], LOOKUP_FOLLOW, &d);
	if (err) {
		monitor_printf(INSMOD_LOAD_ERROR, argv[1], insmod_errno_text(-err));
		return 0;
	}
	dput(d);
	args = join_params(argc, argv);
	if (!args)
		err = -ENOMEM;
	else if (load_module_file(argv[1], args, &err))
		err = 0;
	if (err)
		monitor_printf(INSMOD_INSERT_ERROR, argv[1], insmod_strerror(-err));
	kfree(args);
	return 0;
}

static void print_users(struct module *mod, void *arg)
{
	const char *name = arg, *sep = "";
	struct list_head *p;

	if (strcmp(mod->name, name))
		return;
	list_for_each(p, &mod->source_list) {
		monitor_printf("%s%s", sep, list_entry(p, struct module_use, source_list)->source->name);
		sep = " ";
	}
}

static int cmd_rmmod(int argc, char **argv)
{
	int err;

	if (argc != 2)
		return -EINVAL;
	err = delete_module(argv[1]);
	if (err == -ENOENT) {
		monitor_printf("rmmod: ERROR: Module %s is not currently loaded\n", argv[1]);
	} else if (err == -EWOULDBLOCK) {
		monitor_printf("rmmod: ERROR: Module %s is in use by: ", argv[1]);
		for_each_module(print_users, argv[1]);
		monitor_printf("\n");
	} else if (err) {
		monitor_printf("rmmod: ERROR: could not remove module %s: %s\n", argv[1],
			       insmod_errno_text(-err));
	}
	return 0;
}

struct ksyms_query {
	const char *glob;
	unsigned int shown;
};

static void print_table(struct ksyms_query *q, const struct kernel_symbol *syms, unsigned int n,
			bool gpl, const char *owner)
{
	for (unsigned int i = 0; i < n; i++) {
		const char *name = kernel_symbol_name(&syms[i]);

		if (q->glob && !glob_match(q->glob, name))
			continue;
		monitor_printf("%p %s %s%s%s%s\n", (void *)kernel_symbol_value(&syms[i]),
			       gpl ? "GPL   " : "EXPORT", name, owner ? " [" : "", owner ? owner : "",
			       owner ? "]" : "");
		q->shown++;
	}
}

static void print_module_exports(struct module *mod, void *arg)
{
	print_table(arg, mod->syms, mod->num_syms, false, mod->name);
	print_table(arg, mod->gpl_syms, mod->num_gpl_syms, true, mod->name);
}

static int cmd_ksyms(int argc, char **argv)
{
	struct ksyms_query q = { argc == 2 ? argv[1] : NULL, 0 };

	if (argc > 2)
		return -EINVAL;
	print_table(&q, __start___ksymtab, ksymtab_entries(), false, NULL);
	print_table(&q, __start___ksymtab_gpl, ksymtab_gpl_entries(), true, NULL);
	for_each_module(print_module_exports, &q);
	monitor_printf("%u exported symbol%s%s%s\n", q.shown, q.shown == 1 ? "" : "s",
		       q.glob ? " match " : "", q.glob ? q.glob : "");
	return 0;
}

monitor_command("lsmod", "", "the loaded modules, as kmod's lsmod", cmd_lsmod);
monitor_command("insmod", "PATH [PARAM=VALUE...]", "load a module from the root file system",
		cmd_insmod);
monitor_command("rmmod", "NAME", "remove a module (its exit runs)", cmd_rmmod);
monitor_command("ksyms", "[GLOB]", "exported symbols, the kernel's and the modules'",
		cmd_ksyms);

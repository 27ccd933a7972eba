/*
 * The user-space self-tests, user space's part of ktest (kernel/ktest.c):
 * each program in /lib/ktest (tests/user/ktest/) prints its own subtest
 * block, indented as the kernel's suites are; the kernel runs it, counts it
 * in the plan and prints its top-level
 * "ok N NAME" from how it ended, as tests/host's Makefile does for the host
 * tests: exit status 0 and no page lost is "ok", anything else "not ok"
 * with the reason. On an arch without user mode each is a SKIP.
 *
 * ktest.user_args="WORD ..." gives each of them the words as its arguments
 * (argv[1] on): how `make stress` asks user_fuzz for a long run with a seed
 * of its own. Suites that take no arguments ignore them.
 *
 * This file joins the core through two calls it declares: an initcall
 * (late: the initramfs is unpacked by then) finds the programs and adds
 * them to the plan, which ktest prints at boot step 16, and a late hook
 * (include/kernel/init.h) runs them at boot step 18, after the kernel's own
 * suites, so that the self-test steps count every self-test (make bench
 * holds them all to one budget).
 */
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/glob.h>
#include <kernel/init.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/printk.h>
#include <kernel/process.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>

#define USER_SUITES_DIR		"/lib/ktest"
#define MAX_USER_SUITES		32
#define MAX_USER_ARGS		8

static char user_args[128];
static const char *user_argv[MAX_USER_ARGS + 2];	/* the path, the words, NULL */

static int __init set_user_args(char *val)
{
	int n = 1;

	strscpy(user_args, val, sizeof(user_args));
	for (char *p = user_args; *p;) {
		if (*p == ' ') {
			*p++ = '\0';
			continue;
		}
		if (n > MAX_USER_ARGS) {
			pr_warn("ktest.user_args: more than %d words, \"%s\" on ignored\n",
				MAX_USER_ARGS, p);
			*p = '\0';
			break;
		}
		user_argv[n++] = p;
		while (*p && *p != ' ')
			p++;
	}
	return 0;
}
__setup("ktest.user_args=", set_user_args);

static char user_suites[MAX_USER_SUITES][32];
static int nr_user_suites;

static bool add_user_suite(struct dir_context *ctx, const char *name, int len, loff_t pos,
			   unsigned long ino, unsigned int d_type)
{
	(void)ctx;
	(void)pos;
	(void)ino;
	(void)d_type;
	if (name[0] == '.' || len >= (int)sizeof(user_suites[0]))
		return true;
	if (nr_user_suites == MAX_USER_SUITES) {
		pr_warn("ktest: more than %d programs in " USER_SUITES_DIR ": %.*s not run\n",
			MAX_USER_SUITES, len, name);
		return true;
	}
	memcpy(user_suites[nr_user_suites], name, len);
	user_suites[nr_user_suites][len] = '\0';
	if (ktest_name_selected(user_suites[nr_user_suites]))
		nr_user_suites++;
	return true;
}

static void __init find_user_suites(void)
{
	struct dir_context ctx = { .actor = add_user_suite };
	struct dentry *dir;

	if (!kern_path(USER_SUITES_DIR, LOOKUP_FOLLOW, &dir)) {
		iterate_dir(dir, &ctx);
		dput(dir);
	}
}

static void run_user_suite(const char *name)
{
	/*
	 * glibc's malloc() (ARM's suites are glibc programs) grows the heap
	 * 128 KiB past what it was asked for, and does so before main(): 32
	 * pages that every process maps, every fork shares and every exit
	 * unmaps. Its tunable turns that off; musl ignores it.
	 */
	static const char *const envp[] = { "HOME=/", "TERM=linux",
					    "GLIBC_TUNABLES=glibc.malloc.top_pad=0", NULL };
	char path[64];
	unsigned long free_before = nr_free_pages(), fixups = uaccess_fixup_count();
	int status = 0, err;

	ktest_suite_begin();
	snprintf(path, sizeof(path), USER_SUITES_DIR "/%s", name);
	user_argv[0] = path;
	err = call_usermodehelper(path, user_argv, envp, &status);
	ktest_diag("%s: %lu uaccess fixups taken", name, uaccess_fixup_count() - fixups);
	if (err)
		ktest_diag("%s: execve failed (error %d)", name, err);
	else if (status & 0x7f)
		ktest_diag("%s: killed by signal %d", name, status & 0x7f);
	else if (status)
		ktest_diag("%s: exit status %d", name, (status >> 8) & 0xff);
	if (nr_free_pages() != free_before) {
		ktest_diag("%s: leaked %ld page(s)", name, (long)(free_before - nr_free_pages()));
		err = -ENOMEM;
	}
	ktest_report(name, !err && !status);
}

static int run_user_suites(int status)
{
	for (int i = 0; i < nr_user_suites; i++)
		run_user_suite(user_suites[i]);
	return status;
}

static struct late_hook user_suites_hook = { .phase = LATE_HOOK_SELFTESTS,
					     .fn = run_user_suites };

static int __init ktest_user_init(void)
{
	find_user_suites();
	ktest_plan_add(nr_user_suites);
	register_late_hook(&user_suites_hook);
	return 0;
}
late_initcall(ktest_user_init);

/*
 * The "module" suite: the loader (kernel/module/) on the sample modules of
 * tests/modules/, read from the initramfs's /lib/modules. Each case loads,
 * checks what the module did or how the load failed, and removes what
 * it loaded: ktest's page count around each case shows that a load and
 * its removal, or a failed load, leave no page behind.
 */
#include <kernel/bug.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/fs.h>
#include <kernel/kallsyms.h>
#include <kernel/ktest.h>
#include <kernel/module.h>
#include <kernel/pgtable.h>
#include <kernel/slab.h>
#include <kernel/sort.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

static struct module *load(const char *name, const char *args, int *err)
{
	char path[64];

	snprintf(path, sizeof(path), "/lib/modules/%s.ko", name);
	return load_module_file(path, args, err);
}

/* Booted without our initramfs (initrd=none, or one the boot refused): nothing to load. */
static bool no_modules(struct ktest *t)
{
	struct dentry *d;

	if (!kern_path("/lib/modules/hello.ko", 0, &d)) {
		dput(d);
		return false;
	}
	ktest_skip(t, "no /lib/modules in the root file system");
	return true;
}

static void hello_loads_and_leaves(struct ktest *t)
{
	int err = 0;
	struct module *mod;
	unsigned long times, whom, shout;

	if (no_modules(t))
		return;
	mod = load("hello", "times=3 whom=\"the tests\" shout", &err);
	KTEST_ASSERT_TRUE(t, mod != NULL);
	KTEST_EXPECT_EQ(t, err, 0);
	KTEST_EXPECT_TRUE(t, find_module("hello") == mod);
	KTEST_EXPECT_EQ(t, mod->state, MODULE_STATE_LIVE);
	/* Its parameters took the values given, a charp pointing into the kept arguments. */
	times = module_kallsyms_lookup_name("times");
	whom = module_kallsyms_lookup_name("whom");
	KTEST_EXPECT_TRUE(t, times && *(int *)times == 3);
	KTEST_EXPECT_TRUE(t, whom && !strcmp(*(char **)whom, "the tests"));
	/* module_param(shout, bool, 0444), a bare name: true. */
	shout = module_kallsyms_lookup_name("shout");
	KTEST_EXPECT_TRUE(t, shout && *(bool *)shout);
	/* init has run: its regions are gone, the core ones stay, and nothing is W+X. */
	KTEST_EXPECT_TRUE(t, mod->mem[MOD_INIT_TEXT].base == NULL);
	KTEST_EXPECT_TRUE(t, mod->mem[MOD_TEXT].base != NULL);
	KTEST_EXPECT_EQ(t, count_wx_pages(), 0);
	/* Where each section went, for gdb's sk-symbols: .exit.text is core text. */
	for (unsigned int i = 0; i < mod->kallsyms.num_sect; i++)
		if (!strcmp(mod->kallsyms.sect_name[i], ".exit.text"))
			KTEST_EXPECT_TRUE(t, within_module(mod->kallsyms.sect_addr[i], mod));
	KTEST_EXPECT_GT(t, mod->kallsyms.num_sect, 3);
	KTEST_EXPECT_EQ(t, module_kallsyms_lookup_name("hello_init"), 0);
	KTEST_EXPECT_EQ(t, delete_module("hello"), 0);
	KTEST_EXPECT_TRUE(t, find_module("hello") == NULL);
	KTEST_EXPECT_EQ(t, delete_module("hello"), -ENOENT);
}

/* %pS names a module's function and its module, as Linux: "fn+0x10/0x40 [name]". */
static void symbols_name_their_module(struct ktest *t)
{
	int err = 0;
	struct module *mod;
	unsigned long exit_fn, start, size, offset;
	char want[96], got[96], name[KSYM_NAME_LEN], modname[KSYM_NAME_LEN] = "";

	if (no_modules(t))
		return;
	mod = load("hello", "", &err);
	KTEST_ASSERT_TRUE(t, mod != NULL);
	/* gcc keeps the static function's name, clang only its alias cleanup_module. */
	exit_fn = (unsigned long)mod->exit;
	KTEST_EXPECT_TRUE(t, module_address_lookup(exit_fn + 4, &size, &offset, modname, name));
	KTEST_EXPECT_TRUE(t, !strcmp(name, "hello_exit") || !strcmp(name, "cleanup_module"));
	KTEST_EXPECT_STREQ(t, modname, "hello");
	KTEST_EXPECT_EQ(t, offset, 4);
	KTEST_EXPECT_EQ(t, module_kallsyms_lookup_name(name), exit_fn);
	snprintf(want, sizeof(want), "%s+0x4/%#lx [hello]", name, size);
	snprintf(got, sizeof(got), "%pS", (void *)(exit_fn + 4));
	KTEST_EXPECT_STREQ(t, got, want);
	start = (unsigned long)mod->mem[MOD_TEXT].base;
	KTEST_EXPECT_TRUE(t, within_module(start, mod) && is_module_address(start));
	KTEST_EXPECT_EQ(t, delete_module("hello"), 0);
	KTEST_EXPECT_FALSE(t, is_module_address(start));
	/* Both names were copied out: they outlive the module, whose pages are gone now. */
	KTEST_EXPECT_STREQ(t, modname, "hello");
	KTEST_EXPECT_TRUE(t, !strcmp(name, "hello_exit") || !strcmp(name, "cleanup_module"));
}

static void loading_twice_is_eexist(struct ktest *t)
{
	int err = 0;

	if (no_modules(t))
		return;

	KTEST_ASSERT_TRUE(t, load("hello", "", &err) != NULL);
	KTEST_EXPECT_TRUE(t, load("hello", "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -EEXIST);
	KTEST_EXPECT_EQ(t, delete_module("hello"), 0);
}

/* export_user binds export_provider's exports; the provider cannot leave first. */
static void exports_pin_their_owner(struct ktest *t)
{
	int err = 0;
	struct module *provider, *user;
	char *text, line[128];

	if (no_modules(t))
		return;
	provider = load("export_provider", "", &err);
	KTEST_ASSERT_TRUE(t, provider != NULL);
	user = load("export_user", "", &err);
	KTEST_ASSERT_TRUE(t, user != NULL);
	KTEST_EXPECT_EQ(t, module_refcount(provider), 1);
	KTEST_EXPECT_EQ(t, delete_module("export_provider"), -EWOULDBLOCK);
	text = kmalloc(512);
	if (text) {
		/* The newest first, as Linux's list. */
		KTEST_EXPECT_LT(t, module_list_text(text, 512), 512);
		snprintf(line, sizeof(line), "export_user %lu 0 - Live %p\n", module_size(user),
			 user->mem[MOD_TEXT].base);
		KTEST_EXPECT_TRUE(t, !strncmp(text, line, strlen(line)));
		snprintf(line, sizeof(line), "export_provider %lu 1 export_user, Live %p\n",
			 module_size(provider), provider->mem[MOD_TEXT].base);
		KTEST_EXPECT_STREQ(t, strchr(text, '\n') + 1, line);
		kfree(text);
	}
	KTEST_EXPECT_EQ(t, delete_module("export_user"), 0);
	KTEST_EXPECT_EQ(t, module_refcount(provider), 0);
	KTEST_EXPECT_EQ(t, delete_module("export_provider"), 0);
}

/* A module without the provider loaded cannot bind its exports. */
static void unknown_symbol_refused(struct ktest *t)
{
	int err = 0;

	if (no_modules(t))
		return;

	KTEST_EXPECT_TRUE(t, load("export_user", "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOENT);
	KTEST_EXPECT_TRUE(t, find_module("export_user") == NULL);
}

/* A proprietary module does not see EXPORT_SYMBOL_GPL(): "Unknown symbol", as Linux. */
static void gpl_only_refused(struct ktest *t)
{
	int err = 0;

	if (no_modules(t))
		return;

	KTEST_EXPECT_TRUE(t, load("gpl_bad", "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOENT);
	KTEST_EXPECT_TRUE(t, find_module("gpl_bad") == NULL);
}

/* init's error comes back, and everything the load took goes (ktest counts the pages). */
static void failing_init_unwinds(struct ktest *t)
{
	int err = 0;

	if (no_modules(t))
		return;

	KTEST_EXPECT_TRUE(t, load("init_fail", "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENODEV);
	KTEST_EXPECT_TRUE(t, find_module("init_fail") == NULL);
}

static void give_exit(void)
{
}

/* An init and no exit: it stays (EBUSY). Given an exit here, it can leave, pages and all. */
static void no_exit_stays(struct ktest *t)
{
	struct module *mod;
	int err = 0;

	if (no_modules(t))
		return;

	mod = load("no_exit", "", &err);
	KTEST_ASSERT_TRUE(t, mod != NULL);
	KTEST_EXPECT_TRUE(t, mod->init != NULL && mod->exit == NULL);
	KTEST_EXPECT_EQ(t, delete_module("no_exit"), -EBUSY);
	KTEST_EXPECT_TRUE(t, find_module("no_exit") == mod);
	mod->exit = give_exit;
	KTEST_EXPECT_EQ(t, delete_module("no_exit"), 0);
}

/* Its own per-CPU variable, one copy per CPU (init counts on every CPU and checks). */
static void percpu_copies(struct ktest *t)
{
	int err = 0;
	struct module *mod;

	if (no_modules(t))
		return;
	mod = load("percpu_count", "", &err);
	KTEST_ASSERT_TRUE(t, mod != NULL);
	KTEST_EXPECT_GT(t, mod->percpu_size, 0);
	KTEST_EXPECT_EQ(t, delete_module("percpu_count"), 0);
}

/* Its __ex_table is sorted and searched: init's faults and exit's are recovered. */
static void own_extable(struct ktest *t)
{
	int err = 0;
	struct module *mod;

	if (no_modules(t))
		return;
	mod = load("fault_fixup", "", &err);
	KTEST_ASSERT_TRUE(t, mod != NULL);
	KTEST_EXPECT_GE(t, mod->num_exentries, 3);
	for (unsigned int i = 1; i < mod->num_exentries; i++)
		KTEST_EXPECT_LT(t, ex_insn_addr(&mod->extable[i - 1]), ex_insn_addr(&mod->extable[i]));
	KTEST_EXPECT_EQ(t, delete_module("fault_fixup"), 0);
}

/*
 * Its WARN()s are found in its own __bug_table: init warns twice at a
 * WARN_ON() and twice at a WARN_ON_ONCE(), three reports, and still returns 0.
 */
static void own_bug_table(struct ktest *t)
{
	int err = 0, before = atomic_read(&nr_warnings);
	struct module *mod;

	if (no_modules(t))
		return;
	mod = load("warn", "", &err);
	KTEST_ASSERT_TRUE(t, mod != NULL);
	KTEST_EXPECT_EQ(t, mod->num_bugs, 2);
	KTEST_EXPECT_EQ(t, atomic_read(&nr_warnings) - before, 3);
	KTEST_EXPECT_EQ(t, delete_module("warn"), 0);
}

/* Its alternative is patched at load (init compares the site's answer with the CPU's). */
static void own_alternative(struct ktest *t)
{
	int err = 0;

	if (no_modules(t))
		return;

	KTEST_ASSERT_TRUE(t, load("alt_patch", "", &err) != NULL);
	KTEST_EXPECT_EQ(t, delete_module("alt_patch"), 0);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* sort(): the loader sorts each module's __ex_table with it (the kernel's own is sorted
 * at build time, by scripts/sorttable). */
static void sort_ints(struct ktest *t)
{
	int v[50];

	for (int i = 0; i < 50; i++)
		v[i] = (i * 37) % 50;
	sort(v, 50, sizeof(int), cmp_int, NULL);
	for (int i = 0; i < 50; i++)
		KTEST_EXPECT_EQ(t, v[i], i);
}

static const struct ktest_case module_cases[] = {
	KTEST_CASE(hello_loads_and_leaves),
	KTEST_CASE(symbols_name_their_module),
	KTEST_CASE(loading_twice_is_eexist),
	KTEST_CASE(exports_pin_their_owner),
	KTEST_CASE(unknown_symbol_refused),
	KTEST_CASE(gpl_only_refused),
	KTEST_CASE(failing_init_unwinds),
	KTEST_CASE(no_exit_stays),
	KTEST_CASE(percpu_copies),
	KTEST_CASE(own_extable),
	KTEST_CASE(own_alternative),
	KTEST_CASE(own_bug_table),
	KTEST_CASE(sort_ints),
	{}
};

static const struct ktest_suite module_suite = { "module", module_cases };
ktest_suite(module_suite);

/*
 * modpost: the step between compiling a module and linking its .ko, in the
 * role of Linux's scripts/mod/modpost.c.
 *
 *   modpost --symvers KERNEL.elf > Module.symvers
 *   modpost -i Module.symvers [-i ...] -o DIR [-O OUT.symvers] MODULE.o...
 *
 * The first form lists what the kernel exports: it decodes each entry of
 * the linked kernel's __ksymtab and __ksymtab_gpl (three offsets, each
 * from its own field: include/kernel/export.h) and prints one line per
 * symbol in the format of Linux's Module.symvers,
 * "0x00000000<TAB>NAME<TAB>vmlinux<TAB>EXPORT_SYMBOL[_GPL]<TAB>" (no CRCs:
 * the first column is always 0).
 *
 * The second reads the exports of each -i file (the kernel's, and those of
 * modules built before, scripts/symvers.c) and all modules at once, so one
 * may use another's exports; with -O it writes what these modules export,
 * for a later build's -i. For each MODULE.o it
 *   - collects the module's own exports (its ___ksymtab[_gpl]+NAME sections);
 *     a name exported twice, by the kernel or by two modules, is an error;
 *   - resolves every undefined symbol: against the kernel's list, else
 *     against another module's exports, which adds that module to its
 *     depends=. A symbol nobody exports fails the build, naming symbol and
 *     module (`ERROR: modpost: "sym" [NAME.ko] undefined!`, as Linux). A
 *     GPL-only symbol used by a module whose license is not GPL-compatible
 *     is only a warning: the loader refuses that module, and a sample module
 *     shows it refusing, so it must build;
 *   - writes DIR/NAME.mod.c: name= and vermagic= (VERMAGIC_STRING, from
 *     include/kernel/vermagic.h as compiled for the module) and depends=
 *     in .modinfo, and the struct module in .gnu.linkonce.this_module with
 *     the name and, when the module has them, init_module and
 *     cleanup_module (module_init() and module_exit() define them).
 * A module without MODULE_LICENSE() is an error, as in Linux. Nothing is
 * written unless every module passed. Exit status: 0, 1 when a module is
 * wrong, 2 for unreadable input.
 */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elffile.h"
#include "symvers.h"

#define MODULE_NAME_LEN	56	/* include/kernel/module.h */
#define KSYMTAB_ENTRY	12	/* sizeof(struct kernel_symbol) */

struct module {
	const char *path;
	char name[MODULE_NAME_LEN];
	struct elf_file elf;
	const char *license;	/* from .modinfo; NULL without MODULE_LICENSE() */
	bool has_init, has_exit;
	char depends[1024];
};

static int errors;

/* "ERROR: modpost: ..." (counted: nothing is written) or "WARNING: modpost: ...". */
void report(bool is_error, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: modpost: ", is_error ? "ERROR" : "WARNING");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	errors += is_error;
}

void die(const char *what, const char *path)
{
	fprintf(stderr, "modpost: %s: %s\n", path, what);
	exit(2);
}

/* The NUL-terminated string at address addr of the linked file, or fail(). */
static const char *string_at_address(const struct elf_file *o, uint64_t addr)
{
	for (size_t i = 0; i < o->nsections; i++) {
		const struct section *s = &o->sections[i];

		if (!(s->flags & SHF_ALLOC) || s->type == SHT_NOBITS || addr < s->addr ||
		    addr - s->addr >= s->size)
			continue;
		const char *p = (const char *)o->data + s->offset + (addr - s->addr);

		if (!memchr(p, 0, s->size - (addr - s->addr)))
			fail("unterminated export name at %#llx", (unsigned long long)addr);
		return p;
	}
	fail("export name at %#llx is in no section of the file", (unsigned long long)addr);
}

/* Print the kernel's exports of one table in Module.symvers' format. */
static void print_kernel_exports(const struct elf_file *o, const char *table, const char *type)
{
	const struct section *s = section_named(o, table);

	if (!s)
		return;
	if (s->type == SHT_NOBITS || s->size % KSYMTAB_ENTRY)
		fail("%s is not a whole number of %d-byte entries", table, KSYMTAB_ENTRY);
	for (uint64_t off = 0; off < s->size; off += KSYMTAB_ENTRY) {
		int32_t name_offset = (int32_t)read32(o->data + s->offset + off + 4);
		uint64_t field = s->addr + off + 4;

		printf("0x00000000\t%s\tvmlinux\t%s\t\n",
		       string_at_address(o, field + (uint64_t)(int64_t)name_offset), type);
	}
}

static int write_symvers(const char *kernel)
{
	struct elf_file o = { 0 };

	read_elf(&o, "modpost", kernel);
	if (o.type != ET_EXEC)
		fail("not a linked kernel (ELF type %u)", o.type);
	if (!section_named(&o, "__ksymtab"))
		fail("no __ksymtab section: the kernel exports nothing");
	print_kernel_exports(&o, "__ksymtab", "EXPORT_SYMBOL");
	print_kernel_exports(&o, "__ksymtab_gpl", "EXPORT_SYMBOL_GPL");
	free_elf(&o);
	return 0;
}

/* Linux's license_is_gpl_compatible(). */
static bool license_is_gpl_compatible(const char *license)
{
	static const char *const gpl[] = {
		"GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL", "Dual MIT/GPL",
		"Dual MPL/GPL",
	};

	for (size_t i = 0; i < sizeof(gpl) / sizeof(gpl[0]); i++)
		if (!strcmp(license, gpl[i]))
			return true;
	return false;
}

/* The value of the first "tag=value" of .modinfo, or NULL. */
static const char *get_modinfo(const struct elf_file *o, const char *tag)
{
	const struct section *s = section_named(o, ".modinfo");
	size_t len = strlen(tag);

	if (!s || s->type == SHT_NOBITS)
		return NULL;
	const char *p = (const char *)o->data + s->offset, *end = p + s->size;

	if (s->size && end[-1])
		fail(".modinfo does not end with a NUL");
	for (; p < end; p += strlen(p) + 1)
		if (!strncmp(p, tag, len) && p[len] == '=')
			return p + len + 1;
	return NULL;
}

/* The module's name is its file's, NAME.o: what a loader and lsmod call it. */
static void module_name(struct module *m)
{
	const char *base = strrchr(m->path, '/') ? strrchr(m->path, '/') + 1 : m->path;
	size_t len = strlen(base);

	if (len < 3 || strcmp(base + len - 2, ".o"))
		die("a module object must be named NAME.o", m->path);
	len -= 2;
	if (len >= MODULE_NAME_LEN)
		die("module name too long", m->path);
	for (size_t i = 0; i < len; i++)
		if (!(base[i] == '_' || (base[i] >= 'a' && base[i] <= 'z') ||
		      (base[i] >= '0' && base[i] <= '9')))
			die("a module name is made of a-z, 0-9 and _", m->path);
	memcpy(m->name, base, len);
}

/* Read one module: its name, license, init and exit, and its exports. */
static void read_module(struct module *m)
{
	static const char ksymtab[] = "___ksymtab+", ksymtab_gpl[] = "___ksymtab_gpl+";

	module_name(m);
	read_elf(&m->elf, "modpost", m->path);
	if (m->elf.type != ET_REL)
		fail("not a relocatable object (ELF type %u)", m->elf.type);
	if (!m->elf.symtab)
		fail("no symbol table");
	m->license = get_modinfo(&m->elf, "license");
	if (!m->license)
		report(true, "missing MODULE_LICENSE() in %s", m->path);
	for (size_t i = 0; i < m->elf.nsymbols; i++) {
		const struct symbol *s = &m->elf.symbols[i];

		if (!s->defined || s->bind == STB_LOCAL)
			continue;
		m->has_init |= !strcmp(s->name, "init_module");
		m->has_exit |= !strcmp(s->name, "cleanup_module");
	}
	for (size_t i = 0; i < m->elf.nsections; i++) {
		const char *name = m->elf.sections[i].name;

		if (!strncmp(name, ksymtab, sizeof(ksymtab) - 1))
			add_export(name + sizeof(ksymtab) - 1, m->name, false, false);
		else if (!strncmp(name, ksymtab_gpl, sizeof(ksymtab_gpl) - 1))
			add_export(name + sizeof(ksymtab_gpl) - 1, m->name, true, false);
	}
}

static void add_depend(struct module *m, const char *owner)
{
	size_t len = strlen(m->depends), olen = strlen(owner);
	const char *p = m->depends;

	while ((p = strstr(p, owner))) {
		if ((p == m->depends || p[-1] == ',') && (p[olen] == ',' || !p[olen]))
			return;		/* already listed */
		p += olen;
	}
	if (len + olen + 2 > sizeof(m->depends))
		die("too many dependencies", m->path);
	snprintf(m->depends + len, sizeof(m->depends) - len, "%s%s", len ? "," : "", owner);
}

/* Every undefined symbol must be exported by the kernel or another module. */
static void resolve_symbols(struct module *m)
{
	for (size_t i = 0; i < m->elf.nsymbols; i++) {
		const struct symbol *s = &m->elf.symbols[i];
		const struct export *e;

		if (s->shndx != SHN_UNDEF || !s->name[0] || s->bind == STB_LOCAL)
			continue;
		/* Defined by the generated NAME.mod.c. */
		if (!strcmp(s->name, "__this_module"))
			continue;
		e = find_export(s->name);
		if (!e) {
			if (s->bind != STB_WEAK)
				report(true, "\"%s\" [%s.ko] undefined!", s->name, m->name);
			continue;
		}
		if (!strcmp(e->owner, m->name))
			continue;
		if (e->gpl_only && m->license && !license_is_gpl_compatible(m->license))
			report(false, "GPL-incompatible module %s.ko uses GPL-only symbol '%s'",
			       m->name, s->name);
		if (strcmp(e->owner, "vmlinux"))
			add_depend(m, e->owner);
	}
}

static void write_mod_c(const struct module *m, const char *dir)
{
	char path[4096], *text;
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.mod.c", dir, m->name);
	f = open_memstream(&text, &len);
	if (!f)
		die("out of memory", path);
	fprintf(f, "/* %s's struct module and .modinfo: generated by scripts/modpost. */\n"
		   "#include <kernel/module.h>\n"
		   "#include <kernel/vermagic.h>\n\n"
		   "MODULE_INFO(name, \"%s\");\n"
		   "MODULE_INFO(vermagic, VERMAGIC_STRING);\n\n",
		m->name, m->name);
	if (m->has_init)
		fprintf(f, "int init_module(void);\n");
	if (m->has_exit)
		fprintf(f, "void cleanup_module(void);\n");
	fprintf(f, "\nstruct module __this_module __section(\".gnu.linkonce.this_module\") = {\n"
		   "\t.name = \"%s\",\n", m->name);
	if (m->has_init)
		fprintf(f, "\t.init = init_module,\n");
	if (m->has_exit)
		fprintf(f, "\t.exit = cleanup_module,\n");
	fprintf(f, "};\n\nMODULE_INFO(depends, \"%s\");\n", m->depends);
	if (ferror(f) || fclose(f))
		die("out of memory", path);
	write_if_changed(path, text, len);
	free(text);
}

static void __attribute__((noreturn)) usage(void)
{
	fprintf(stderr, "usage: modpost --symvers KERNEL.elf > Module.symvers\n"
			"       modpost -i Module.symvers [-i ...] -o DIR [-O OUT.symvers] "
			"MODULE.o...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *out = NULL;
	struct module *mods;
	int i, n, inputs = 0;

	if (argc == 3 && !strcmp(argv[1], "--symvers"))
		return write_symvers(argv[2]);
	for (i = 1; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "-i"))
			read_symvers(argv[i + 1]), inputs++;
		else if (!strcmp(argv[i], "-o"))
			dir = argv[i + 1];
		else if (!strcmp(argv[i], "-O"))
			out = argv[i + 1];
		else
			usage();
	}
	if (!inputs || !dir || i == argc)
		usage();
	n = argc - i;
	mods = calloc(n, sizeof(*mods));
	if (!mods)
		die("out of memory", argv[0]);
	for (int k = 0; k < n; k++) {
		mods[k].path = argv[i + k];
		read_module(&mods[k]);
	}
	for (int k = 0; k < n; k++)
		resolve_symbols(&mods[k]);
	if (errors)
		return 1;
	for (int k = 0; k < n; k++) {
		write_mod_c(&mods[k], dir);
		free_elf(&mods[k].elf);
	}
	if (out)
		write_module_symvers(out);
	return 0;
}

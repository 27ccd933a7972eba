/*
 * The "module_image" suite: the loader (kernel/module/) on crafted copies
 * of the sample hello.ko, the files a hostile process could hand to
 * init_module(2). Each copy changes a few bytes of the real file, so that
 * everything else about it is a module the loader takes; a refusal must
 * be the errno the loader documents, an accepted file must load and leave
 * as hello does, and ktest's page count around each case shows that
 * nothing stays behind.
 */
#include <kernel/bug.h>
#include <kernel/elf.h>
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/ktest.h>
#include <kernel/module.h>
#include <kernel/slab.h>
#include <kernel/string.h>

/* A kmalloc()ed copy of the file at path, or NULL (the case is skipped). */
static char *module_copy(struct ktest *t, const char *path, size_t *len)
{
	struct dentry *d;
	char *copy;

	if (kern_path(path, 0, &d)) {
		ktest_skip(t, "no /lib/modules in the root file system");
		return NULL;
	}
	*len = d->d_inode->i_size;
	copy = kmalloc(*len);
	if (copy && vfs_read(d->d_inode, copy, *len, 0) != (long)*len) {
		kfree(copy);
		copy = NULL;
	}
	dput(d);
	KTEST_EXPECT_TRUE(t, copy != NULL);
	return copy;
}

static char *hello_copy(struct ktest *t, size_t *len)
{
	return module_copy(t, "/lib/modules/hello.ko", len);
}

static Elf_Shdr *sections(char *file)
{
	return (Elf_Shdr *)(file + ((Elf_Ehdr *)file)->e_shoff);
}

/* The section header named NAME in the ELF image at FILE, or NULL. */
static Elf_Shdr *find_section(char *file, const char *name)
{
	Elf_Ehdr *hdr = (Elf_Ehdr *)file;
	Elf_Shdr *sh = sections(file);
	const char *names = file + sh[hdr->e_shstrndx].sh_offset;

	for (unsigned int i = 1; i < hdr->e_shnum; i++)
		if (!strcmp(names + sh[i].sh_name, name))
			return &sh[i];
	return NULL;
}

/* The relocation that sets the field at offset of the section called name, or NULL. */
static Elf_Rel *section_reloc(char *file, const char *name, size_t offset)
{
	Elf_Shdr *sh = sections(file), *mod = find_section(file, name);

	for (unsigned int i = 1; i < ((Elf_Ehdr *)file)->e_shnum; i++) {
		if ((sh[i].sh_type != SHT_REL && sh[i].sh_type != SHT_RELA) ||
		    &sh[sh[i].sh_info] != mod)
			continue;
		for (size_t at = 0; at < sh[i].sh_size; at += sh[i].sh_entsize) {
			Elf_Rel *r = (Elf_Rel *)(file + sh[i].sh_offset + at);

			if (r->r_offset == offset)
				return r;
		}
	}
	return NULL;
}

static Elf_Rel *this_module_reloc(char *file, size_t offset)
{
	return section_reloc(file, ".gnu.linkonce.this_module", offset);
}

/* The index of the symbol called name in the file's symbol table, or 0. */
static unsigned int find_symbol_index(char *file, const char *name)
{
	Elf_Shdr *sh = sections(file), *symtab = find_section(file, ".symtab");
	Elf_Sym *syms = (Elf_Sym *)(file + symtab->sh_offset);
	const char *names = file + sh[symtab->sh_link].sh_offset;

	for (unsigned int i = 1; i < symtab->sh_size / sizeof(Elf_Sym); i++)
		if (!strcmp(names + syms[i].st_name, name))
			return i;
	return 0;
}

/* Bad files: refused with -ENOEXEC, nothing kept. */
static void bad_images_refused(struct ktest *t)
{
	Elf_Shdr *this_module;
	size_t len;
	int err = 0;
	char *copy = hello_copy(t, &len);

	if (!copy)
		return;
	KTEST_EXPECT_TRUE(t, load_module(copy, len / 2, "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOEXEC);
	copy[18] ^= 0xff;	/* e_machine */
	KTEST_EXPECT_TRUE(t, load_module(copy, len, "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOEXEC);
	copy[18] ^= 0xff;
	/* struct module in read-only memory: the loader's writes to it would fault. */
	this_module = find_section(copy, ".gnu.linkonce.this_module");
	KTEST_ASSERT_TRUE(t, this_module != NULL);
	this_module->sh_flags &= ~SHF_WRITE;
	KTEST_EXPECT_TRUE(t, load_module(copy, len, "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOEXEC);
	this_module->sh_flags |= SHF_WRITE;
	KTEST_EXPECT_TRUE(t, load_module(copy, len, "times=many", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -EINVAL);
	/* An int with no value: refused, not a NULL handed to kstrtoint(). */
	KTEST_EXPECT_TRUE(t, load_module(copy, len, "times", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -EINVAL);
	KTEST_EXPECT_TRUE(t, find_module("hello") == NULL);
	kfree(copy);
}

/*
 * The file's struct module holds garbage in every field the kernel owns
 * (its state, list links, tables, regions, per-CPU area, kallsyms, args):
 * the module loads and leaves as the clean file does, with no warning.
 */
static void file_struct_fields_ignored(struct ktest *t)
{
	size_t len, owned = offsetof(struct module, state);
	int err = 0, warnings = atomic_read(&nr_warnings);
	unsigned int relocs, symbols;
	struct module *mod;
	char *copy = hello_copy(t, &len), *fields;

	if (!copy)
		return;
	mod = load_module(copy, len, "", &err);
	KTEST_ASSERT_TRUE(t, mod != NULL);
	relocs = mod->num_relocs;
	symbols = mod->kallsyms.num;
	KTEST_EXPECT_EQ(t, delete_module("hello"), 0);
	fields = copy + find_section(copy, ".gnu.linkonce.this_module")->sh_offset;
	memset(fields + owned, 0xa5, sizeof(struct module) - owned);
	mod = load_module(copy, len, "", &err);
	kfree(copy);
	KTEST_ASSERT_TRUE(t, mod != NULL);
	KTEST_EXPECT_EQ(t, mod->state, MODULE_STATE_LIVE);
	KTEST_EXPECT_EQ(t, mod->num_relocs, relocs);
	KTEST_EXPECT_EQ(t, mod->kallsyms.num, symbols);
	KTEST_EXPECT_EQ(t, mod->percpu_size, 0);
	KTEST_EXPECT_TRUE(t, mod->bug_table == NULL && mod->extable == NULL);
	KTEST_EXPECT_TRUE(t, list_empty(&mod->source_list) && list_empty(&mod->target_list));
	KTEST_EXPECT_EQ(t, delete_module("hello"), 0);
	KTEST_EXPECT_EQ(t, atomic_read(&nr_warnings), warnings);
}

/*
 * Relocations may set struct module's init and exit only, and those must
 * then be the module's own code: a relocation at its args pointer (which
 * kfree() would get), or an init that is a variable, is -ENOEXEC.
 */
static void this_module_relocations_checked(struct ktest *t)
{
	size_t len;
	Elf_Addr offset, info;
	unsigned int times;
	int err = 0;
	char *copy = hello_copy(t, &len);
	Elf_Rel *init;

	if (!copy)
		return;
	init = this_module_reloc(copy, offsetof(struct module, init));
	times = find_symbol_index(copy, "times");
	KTEST_ASSERT_TRUE(t, init != NULL && times != 0);
	offset = init->r_offset;
	info = init->r_info;
	init->r_offset = offsetof(struct module, args);
	KTEST_EXPECT_TRUE(t, load_module(copy, len, "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOEXEC);
	init->r_offset = offset;
	/* The same relocation type, against the int parameter times. */
	init->r_info = ELF_R_TYPE(info) | (Elf_Addr)times << (sizeof(Elf_Addr) == 8 ? 32 : 8);
	KTEST_EXPECT_TRUE(t, load_module(copy, len, "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOEXEC);
	KTEST_EXPECT_TRUE(t, find_module("hello") == NULL);
	kfree(copy);
}

/*
 * The first entry of a module's table made to point at its struct module
 * (data, never code nor read-only data): its relocation at the entry's
 * first field gets the symbol __this_module. -ENOEXEC, nothing kept; the
 * clean file loads.
 */
static void bad_table_refused(struct ktest *t, const char *path, const char *name,
			      const char *table)
{
	size_t len;
	int err = 0;
	char *copy = module_copy(t, path, &len);
	struct module *mod;
	Elf_Rel *r;
	Elf_Addr info;
	unsigned int sym;

	if (!copy)
		return;
	r = section_reloc(copy, table, 0);
	sym = find_symbol_index(copy, "__this_module");
	KTEST_ASSERT_TRUE(t, r != NULL && sym != 0);
	info = r->r_info;
	r->r_info = ELF_R_TYPE(info) | (Elf_Addr)sym << (sizeof(Elf_Addr) == 8 ? 32 : 8);
	KTEST_EXPECT_TRUE(t, load_module(copy, len, "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOEXEC);
	KTEST_EXPECT_TRUE(t, find_module(name) == NULL);
	/* Not a whole number of entries. */
	r->r_info = info;
	find_section(copy, table)->sh_size -= 1;
	KTEST_EXPECT_TRUE(t, load_module(copy, len, "", &err) == NULL);
	KTEST_EXPECT_EQ(t, err, -ENOEXEC);
	find_section(copy, table)->sh_size += 1;
	mod = load_module(copy, len, "", &err);
	KTEST_EXPECT_TRUE(t, mod != NULL);
	if (mod)
		KTEST_EXPECT_EQ(t, delete_module(name), 0);
	kfree(copy);
}

static void bad_ex_table_refused(struct ktest *t)
{
	bad_table_refused(t, "/lib/modules/fault_fixup.ko", "fault_fixup", "__ex_table");
}

static void bad_bug_table_refused(struct ktest *t)
{
	bad_table_refused(t, "/lib/modules/warn.ko", "warn", "__bug_table");
}

static void bad_altinstructions_refused(struct ktest *t)
{
	bad_table_refused(t, "/lib/modules/alt_patch.ko", "alt_patch", ".altinstructions");
}

static void bad_param_refused(struct ktest *t)
{
	bad_table_refused(t, "/lib/modules/hello.ko", "hello", "__param");
}

static const struct ktest_case module_image_cases[] = {
	KTEST_CASE(bad_ex_table_refused),
	KTEST_CASE(bad_bug_table_refused),
	KTEST_CASE(bad_altinstructions_refused),
	KTEST_CASE(bad_param_refused),
	KTEST_CASE(bad_images_refused),
	KTEST_CASE(file_struct_fields_ignored),
	KTEST_CASE(this_module_relocations_checked),
	{}
};

static const struct ktest_suite module_image_suite = { "module_image", module_image_cases };
ktest_suite(module_image_suite);

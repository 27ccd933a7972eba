/*
 * The module loader's checks of a .ko (kernel/module/elf_check.c, compiled
 * for this machine from the kernel's own source, once per kernel arch:
 * modload_x86_64_test and modload_arm_test) on every sample module the
 * kernel build made for that arch, under ASan and UBSan:
 *
 * - each module as built passes;
 * - the module cut short at every length, and hand-made faults (wrong
 *   class, machine or type, out-of-range section, symbol and relocation
 *   indices, a name table without its NUL, SHN_COMMON, no or two
 *   .gnu.linkonce.this_module, the other arch's file), each refused with
 *   -ENOEXEC and a one-line reason;
 * - hundreds of randomly mutated copies: refused or accepted, never a read
 *   outside the file (each copy is a malloc() block of its exact size, so
 *   ASan sees one), and when accepted, every section, name, symbol and
 *   relocation place the loader goes on to read lies inside the file.
 */
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "klib.h"
#include "ktap_host.h"

#include <asm/module.h>
#include <kernel/printk.h>
#include "../../kernel/module/internal.h"

#define MUTANTS		300

/* What elf_check.c prints: the last message, and how many. */
static char last_msg[256];
static int messages;

int printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	k_vsnprintf(last_msg, sizeof(last_msg), fmt, ap);
	va_end(ap);
	messages++;
	return 0;
}

/* vsnprintf()'s %pS, which nothing here prints. */
const char *kallsyms_lookup(unsigned long addr, unsigned long *symbolsize, unsigned long *offset,
			    char *namebuf)
{
	(void)addr, (void)symbolsize, (void)offset, (void)namebuf;
	return NULL;
}

const char *module_address_lookup(unsigned long addr, unsigned long *symbolsize,
				  unsigned long *offset, char *modname, char *namebuf)
{
	(void)addr, (void)symbolsize, (void)offset, (void)modname, (void)namebuf;
	return NULL;
}

struct ko {
	char path[512];
	unsigned char *data;
	size_t len, this_module_size;
};

static struct ko kos[32];
static size_t nr_kos;

/* The size of .gnu.linkonce.this_module, read the plain way: what this kernel's struct module is. */
static size_t this_module_size(const unsigned char *d)
{
	const Elf_Ehdr *h = (const void *)d;
	const Elf_Shdr *sh = (const void *)(d + h->e_shoff);
	const char *names = (const char *)d + sh[h->e_shstrndx].sh_offset;

	for (int i = 0; i < h->e_shnum; i++)
		if (!strcmp(names + sh[i].sh_name, ".gnu.linkonce.this_module"))
			return sh[i].sh_size;
	return 0;
}

static void read_modules(void)
{
	glob_t g;

	if (glob(KO_DIR "/*.ko", 0, NULL, &g))
		return;
	for (size_t i = 0; i < g.gl_pathc && nr_kos < 32; i++) {
		struct ko *k = &kos[nr_kos];
		FILE *f = fopen(g.gl_pathv[i], "rb");

		if (!f)
			continue;
		snprintf(k->path, sizeof(k->path), "%s", g.gl_pathv[i]);
		fseek(f, 0, SEEK_END);
		k->len = ftell(f);
		rewind(f);
		k->data = malloc(k->len);
		if (fread(k->data, 1, k->len, f) == k->len) {
			k->this_module_size = this_module_size(k->data);
			nr_kos++;
		}
		fclose(f);
	}
	globfree(&g);
}

/* Check a copy of exactly len bytes; the result, with info filled as the loader's. */
static int check(const unsigned char *data, size_t len, size_t modsize, struct load_info *info)
{
	int err;

	memset(info, 0, sizeof(*info));
	info->hdr = malloc(len ? len : 1);
	memcpy(info->hdr, data, len);
	info->len = len;
	messages = 0;
	err = elf_validity_check(info, modsize);
	return err;
}

/* What the loader reads after an accepted check: all of it must be inside the file. */
static unsigned long touch_everything(const struct load_info *info)
{
	const unsigned char *base = (const void *)info->hdr;
	unsigned long sum = 0;

	for (unsigned int i = 1; i < info->hdr->e_shnum; i++) {
		const Elf_Shdr *s = &info->sechdrs[i];

		sum += strlen(info->secstrings + s->sh_name);
		if (s->sh_type != SHT_NOBITS && s->sh_size)
			sum += base[s->sh_offset] + base[s->sh_offset + s->sh_size - 1];
		if (s->sh_type == MODULE_RELOC_TYPE) {
			const Elf_Shdr *t = &info->sechdrs[s->sh_info];
			size_t entsize = s->sh_entsize;

			for (size_t k = 0; k < s->sh_size / entsize; k++) {
				const Elf_Rel *r = (const void *)(base + s->sh_offset + k * entsize);

				sum += info->symtab[ELF_R_SYM(r->r_info)].st_value;
				if (t->sh_type != SHT_NOBITS)
					sum += base[t->sh_offset + r->r_offset + 3];
			}
		}
	}
	for (unsigned int i = 0; i < info->num_syms; i++)
		sum += strlen(info->strtab + info->symtab[i].st_name);
	sum += strlen(info->name);
	if (get_modinfo(info, "vermagic"))
		sum++;
	return sum;
}

static void built_modules_pass(void)
{
	struct load_info info;

	EXPECT(nr_kos >= 6, "%zu modules in %s: build them first (make ARCH=%s modules)", nr_kos,
	       KO_DIR, ARCH_NAME);
	for (size_t i = 0; i < nr_kos; i++) {
		int err = check(kos[i].data, kos[i].len, kos[i].this_module_size, &info);

		EXPECT(err == 0, "%s: %d (%s)", kos[i].path, err, last_msg);
		if (!err) {
			touch_everything(&info);
			EXPECT(get_modinfo(&info, "license") && get_modinfo(&info, "vermagic"),
			       "%s: no license= or vermagic=", kos[i].path);
		}
		free(info.hdr);
	}
}

static void refused(const struct ko *k, const unsigned char *data, size_t len, const char *what)
{
	struct load_info info;
	int err = check(data, len, k->this_module_size, &info);

	EXPECT(err == -ENOEXEC, "%s, %s: %d, want -ENOEXEC", k->path, what, err);
	EXPECT(err == 0 || (messages == 1 && strchr(last_msg, '\n') == last_msg + strlen(last_msg) - 1),
	       "%s, %s: not one line of reason: %d messages, last \"%s\"", k->path, what,
	       messages, last_msg);
	free(info.hdr);
}

static void truncated_anywhere(void)
{
	for (size_t i = 0; i < nr_kos; i++)
		for (size_t len = 0; len < kos[i].len; len += 1 + len / 64)
			refused(&kos[i], kos[i].data, len, "truncated");
}

/* A copy of k to change; hdr and sechdrs point into it. */
struct mutant {
	unsigned char *d;
	Elf_Ehdr *hdr;
	Elf_Shdr *sh;
};

static struct mutant copy_of(const struct ko *k)
{
	struct mutant m;

	m.d = malloc(k->len);
	memcpy(m.d, k->data, k->len);
	m.hdr = (void *)m.d;
	m.sh = (void *)(m.d + m.hdr->e_shoff);
	return m;
}

static const char *name_of(const struct mutant *m, unsigned int i)
{
	return (const char *)m->d + m->sh[m->hdr->e_shstrndx].sh_offset + m->sh[i].sh_name;
}

static unsigned int section(const struct mutant *m, unsigned int type, const char *name)
{
	for (unsigned int i = 1; i < m->hdr->e_shnum; i++)
		if ((!type || m->sh[i].sh_type == type) && (!name || !strcmp(name_of(m, i), name)))
			return i;
	return 0;
}

/* One fault per run: each is made on a fresh copy and must be refused. */
static void mutate(const struct ko *k, int fault)
{
	struct mutant m = copy_of(k);
	unsigned int sym = section(&m, SHT_SYMTAB, NULL), rel = section(&m, MODULE_RELOC_TYPE, NULL);
	unsigned int mod = section(&m, 0, ".gnu.linkonce.this_module");
	unsigned int info = section(&m, 0, ".modinfo");
	Elf_Sym *syms = (void *)(m.d + m.sh[sym].sh_offset);
	unsigned int nsyms = m.sh[sym].sh_size / sizeof(Elf_Sym), defined = 1;
	Elf_Rel *r = (void *)(m.d + m.sh[rel].sh_offset);
	size_t modsize = k->this_module_size;
	static const char *const what[] = {
		"wrong class", "other machine", "not ET_REL", "section headers past the end",
		"too many sections", "names index out of range", "section past the end",
		"symbol entry size", "symbol names without NUL", "symbol section out of range",
		"SHN_COMMON", "symbol name out of range", "relocation symbol out of range",
		"relocation past its section", "relocated section out of range",
		"no .gnu.linkonce.this_module", "two .gnu.linkonce.this_module",
		"struct module of another size", "section names without NUL", "SHN_XINDEX",
	};

	while (defined < nsyms && (syms[defined].st_shndx == SHN_UNDEF ||
				   syms[defined].st_shndx >= SHN_LORESERVE))
		defined++;
	switch (fault) {
	case 0: m.hdr->e_ident[EI_CLASS] ^= 3; break;
	case 1: m.hdr->e_machine = m.hdr->e_machine == EM_ARM ? EM_X86_64 : EM_ARM; break;
	case 2: m.hdr->e_type = 2; break;
	case 3: m.hdr->e_shoff = k->len; break;
	case 4: m.hdr->e_shnum = SHN_LORESERVE; break;
	case 5: m.hdr->e_shstrndx = m.hdr->e_shnum; break;
	case 6: m.sh[sym].sh_offset = k->len - m.sh[sym].sh_size / 2; break;
	case 7: m.sh[sym].sh_entsize = 1; break;
	case 8: m.d[m.sh[m.sh[sym].sh_link].sh_offset + m.sh[m.sh[sym].sh_link].sh_size - 1] = 'x';
		break;
	case 9: syms[defined].st_shndx = m.hdr->e_shnum; break;
	case 10: syms[defined].st_shndx = SHN_COMMON; break;
	case 11: syms[defined].st_name = m.sh[m.sh[sym].sh_link].sh_size; break;
	case 12: r->r_info = (r->r_info & (MODULE_ELF_BITS == 64 ? 0xffffffffu : 0xffu)) |
			     ((Elf_Addr)nsyms << (MODULE_ELF_BITS == 64 ? 32 : 8)); break;
	case 13: r->r_offset = m.sh[m.sh[rel].sh_info].sh_size; break;
	case 14: m.sh[rel].sh_info = m.hdr->e_shnum; break;
	case 15: m.sh[mod].sh_name = m.sh[sym].sh_name; break;
	case 16: m.sh[info].sh_name = m.sh[mod].sh_name; break;
	case 17: modsize += 8; break;
	case 18: m.d[m.sh[m.hdr->e_shstrndx].sh_offset + m.sh[m.hdr->e_shstrndx].sh_size - 1] = 'x';
		break;
	case 19: syms[defined].st_shndx = SHN_XINDEX; break;
	}
	{
		struct load_info li;
		int err = check(m.d, k->len, modsize, &li);

		EXPECT(err == -ENOEXEC, "%s, %s: %d, want -ENOEXEC", k->path, what[fault], err);
		EXPECT(messages == 1 && strlen(last_msg) > 1 &&
		       strchr(last_msg, '\n') == last_msg + strlen(last_msg) - 1,
		       "%s, %s: not one line of reason: \"%s\"", k->path, what[fault], last_msg);
		free(li.hdr);
	}
	free(m.d);
}

static void faults_refused(void)
{
	for (size_t i = 0; i < nr_kos; i++)
		for (int fault = 0; fault < 20; fault++)
			mutate(&kos[i], fault);
}

/* The other kernel arch's modules: another class or machine, refused either way. */
static void other_arch_refused(void)
{
	glob_t g;
	size_t n = 0;

	if (glob(OTHER_KO_DIR "/*.ko", 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++) {
			FILE *f = fopen(g.gl_pathv[i], "rb");
			struct ko k = { .this_module_size = nr_kos ? kos[0].this_module_size : 0 };

			if (!f)
				continue;
			fseek(f, 0, SEEK_END);
			k.len = ftell(f);
			rewind(f);
			k.data = malloc(k.len);
			snprintf(k.path, sizeof(k.path), "%s", g.gl_pathv[i]);
			if (fread(k.data, 1, k.len, f) == k.len) {
				refused(&k, k.data, k.len, "the other arch's module");
				n++;
			}
			free(k.data);
			fclose(f);
		}
		globfree(&g);
	}
	EXPECT(n >= 6, "%zu modules of the other arch in %s", n, OTHER_KO_DIR);
}

/* Random bytes anywhere, mostly where the headers and tables are. */
static void random_mutants(void)
{
	unsigned long accepted = 0, total = 0;

	for (size_t i = 0; i < nr_kos; i++) {
		for (int n = 0; n < MUTANTS; n++) {
			struct mutant m = copy_of(&kos[i]);
			size_t len = kos[i].len, hdrs = m.hdr->e_shoff;
			struct load_info info;
			int flips = 1 + rand() % 4;

			for (int f = 0; f < flips; f++) {
				size_t at = rand() % 2 ? hdrs + rand() % (len - hdrs) : rand() % len;

				if (rand() % 4 == 0)
					m.d[at] ^= 1u << (rand() % 8);
				else
					m.d[at] = rand();
			}
			if (rand() % 8 == 0)
				len -= rand() % len;
			if (!check(m.d, len, kos[i].this_module_size, &info)) {
				touch_everything(&info);
				accepted++;
			} else {
				EXPECT(messages == 1, "%s mutant %d: %d messages", kos[i].path, n,
				       messages);
			}
			total++;
			free(info.hdr);
			free(m.d);
		}
	}
	printf("    # %lu mutants, %lu accepted (the bytes changed were not checked ones)\n",
	       total, accepted);
	EXPECT(total >= 6 * MUTANTS, "only %lu mutants", total);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(built_modules_pass),
	KTAP_CASE(truncated_anywhere),
	KTAP_CASE(faults_refused),
	KTAP_CASE(other_arch_refused),
	KTAP_CASE(random_mutants),
};

int main(int argc, char **argv)
{
	(void)argc;
	read_modules();
	return ktap_run(argv[0], cases, sizeof(cases) / sizeof(cases[0]));
}

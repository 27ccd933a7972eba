/*
 * Host test of the ELF executable checks (kernel/fs/binfmt_elf.c), for one
 * ELF class (ELF_BITS: binfmt_elf64_test reads x86_64 programs,
 * binfmt_elf32_test ARM ones; tests/host/binfmt_elf.mk builds them with
 * the real C libraries; exec_stack.c tests the stack exec builds). Real
 * programs must pass, with the entry point and program header address a
 * loader needs; each corruption the kernel must refuse is made on a copy
 * and must be refused with its reason; the file cut at every length
 * passes exactly when what the segments need is still there. Under ASan:
 * the checks never read outside what the kernel would have read (the
 * header and the program headers, copied to buffers of their exact size).
 */
#include "ktap_host.h"
#include "klib.h"

#include <kernel/binfmts.h>
#include <sanitizer/asan_interface.h>

#if ELF_BITS == 64
static const char *const programs[] = { "musl", "glibc", "glibc-pie", "musl-interp", "glibc-dyn" };
static const struct elf_target target = {
	.machine = EM_X86_64, .min_addr = 0x10000, .task_size = 0x7ffffffff000ULL,
	.dyn_base = 0x555555554000ULL, .page_size = 4096,
};
#else
static const char *const programs[] = { "arm-glibc", "arm-glibc-dyn" };
static const struct elf_target target = {
	.machine = EM_ARM, .min_addr = 0x8000, .task_size = 0xbf000000,
	.dyn_base = 0x7f000000, .page_size = 4096,
};
#endif
#define NR_PROGRAMS	(sizeof(programs) / sizeof(programs[0]))

struct file {
	unsigned char *data;
	size_t size;
};

static struct file load(const char *name)
{
	char path[512];
	struct file f = { NULL, 0 };
	FILE *fp;
	long n;

	snprintf(path, sizeof(path), "%s/%s", BINFMT_DATA, name);
	fp = fopen(path, "rb");
	if (!fp || fseek(fp, 0, SEEK_END) || (n = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET)) {
		printf("    # cannot read %s\n", path);
		exit(1);
	}
	f.data = malloc(n);
	f.size = fread(f.data, 1, n, fp);
	fclose(fp);
	return f;
}

/*
 * What execve() does with a file of size bytes: read the header (what there
 * is of it), check it, read the program headers into a buffer of their size,
 * check them. 0 or the error; *why the reason.
 */
static int check(const unsigned char *data, size_t size, struct elf_image *img,
		 const char **why)
{
	Elf_Ehdr eh;
	Elf_Phdr *ph;
	size_t len;
	int err;

	memset(&eh, 0, sizeof(eh));
	memcpy(&eh, data, size < sizeof(eh) ? size : sizeof(eh));
	err = elf_check_header(&eh, size, &target, why);
	if (err)
		return err;
	len = (size_t)eh.e_phnum * eh.e_phentsize;
	ph = malloc(len);
	memcpy(ph, data + eh.e_phoff, len);
	err = elf_check_phdrs(&eh, ph, size, &target, img, why);
	free(ph);
	return err;
}

static Elf_Ehdr *ehdr(struct file *f)
{
	return (Elf_Ehdr *)f->data;
}

static Elf_Phdr *phdr(struct file *f, int i)
{
	return (Elf_Phdr *)(f->data + ehdr(f)->e_phoff) + i;
}

/* The index of the n-th PT_LOAD (n from 0). */
static int load_index(struct file *f, int n)
{
	for (int i = 0; i < ehdr(f)->e_phnum; i++)
		if (phdr(f, i)->p_type == PT_LOAD && n-- == 0)
			return i;
	return -1;
}

static void real_programs_pass(void)
{
	for (size_t k = 0; k < NR_PROGRAMS; k++) {
		struct file f = load(programs[k]);
		struct elf_image img;
		const char *why = "";
		int err = check(f.data, f.size, &img, &why);
		u64 off;

		EXPECT(!err, "%s: %d (%s)", programs[k], err, why);
		if (err)
			continue;
		EXPECT(img.entry == ehdr(&f)->e_entry + img.load_bias, "%s: entry %#llx",
		       programs[k], (unsigned long long)img.entry);
		EXPECT((ehdr(&f)->e_type == ET_DYN) == (img.load_bias != 0) &&
		       !(img.load_bias & 4095), "%s: bias %#llx", programs[k],
		       (unsigned long long)img.load_bias);
		EXPECT(img.phnum == ehdr(&f)->e_phnum, "%s: phnum %u", programs[k], img.phnum);
		/* AT_PHDR is where the file's program headers land. */
		EXPECT(img.phdr_addr, "%s: no AT_PHDR", programs[k]);
		for (int i = 0; i < ehdr(&f)->e_phnum; i++) {
			Elf_Phdr *p = phdr(&f, i);

			if (p->p_type != PT_LOAD)
				continue;
			EXPECT(img.brk >= p->p_vaddr + p->p_memsz + img.load_bias,
			       "%s: brk %#llx below segment %d", programs[k],
			       (unsigned long long)img.brk, i);
			off = img.phdr_addr - img.load_bias - p->p_vaddr + p->p_offset;
			if (img.phdr_addr - img.load_bias >= p->p_vaddr &&
			    img.phdr_addr - img.load_bias < p->p_vaddr + p->p_filesz)
				EXPECT(off == ehdr(&f)->e_phoff, "%s: AT_PHDR maps offset %#llx",
				       programs[k], (unsigned long long)off);
		}
		free(f.data);
	}
}

/*
 * A dynamically linked program ("-dyn"; Debian's musl-gcc -static-pie,
 * "musl-interp", is one too) names its interpreter, a NUL-terminated path
 * in the file; a static one names none.
 */
static void interpreter_is_named(void)
{
	for (size_t k = 0; k < NR_PROGRAMS; k++) {
		struct file f = load(programs[k]);
		struct elf_image img;
		const char *why = "", *path;
		bool dynamic = strstr(programs[k], "dyn") || strstr(programs[k], "interp");

		EXPECT(!check(f.data, f.size, &img, &why), "%s: %s", programs[k], why);
		EXPECT(!img.interp_len == !dynamic, "%s: PT_INTERP of %llu bytes", programs[k],
		       (unsigned long long)img.interp_len);
		if (img.interp_len && img.interp_off + img.interp_len <= f.size) {
			path = (const char *)f.data + img.interp_off;
			EXPECT(!path[img.interp_len - 1] && strlen(path) == img.interp_len - 1 &&
			       !strncmp(path, "/lib", 4) && strstr(path, "/ld-"), "%s: interpreter %.40s",
			       programs[k], path);
		}
		free(f.data);
	}
}

/* A corruption of one program, the error and (part of) the reason it must give. */
struct corruption {
	const char *name;
	void (*corrupt)(struct file *f);
	int err;
	const char *reason;
};

static void bad_magic(struct file *f) { f->data[1] = 'X'; }
static void wrong_class(struct file *f) { f->data[EI_CLASS] ^= 3; }
static void wrong_byte_order(struct file *f) { f->data[EI_DATA] = 2; }
static void bad_version(struct file *f) { ehdr(f)->e_version = 2; }
static void relocatable(struct file *f) { ehdr(f)->e_type = ET_REL; }
static void wrong_machine(struct file *f) { ehdr(f)->e_machine ^= 0x5a; }
static void bad_phentsize(struct file *f) { ehdr(f)->e_phentsize = 10; }
static void huge_phnum(struct file *f) { ehdr(f)->e_phnum = 0xffff; }
static void no_phdrs(struct file *f) { ehdr(f)->e_phnum = 0; }
static void phdrs_past_end(struct file *f) { ehdr(f)->e_phoff = f->size - 8; }
static void phoff_wraps(struct file *f) { ehdr(f)->e_phoff = (Elf_Addr)-8; }
static void filesz_over_memsz(struct file *f)
{
	Elf_Phdr *p = phdr(f, load_index(f, 1));

	p->p_filesz = p->p_memsz + 1;
}
static void offset_past_end(struct file *f) { phdr(f, load_index(f, 1))->p_offset = f->size; }
static void offset_wraps(struct file *f) { phdr(f, load_index(f, 1))->p_offset = (Elf_Addr)-16; }
static void segment_in_kernel(struct file *f)
{
	phdr(f, load_index(f, 1))->p_vaddr = target.task_size - 0x1000 - ehdr(f)->e_entry * 0;
}
static void segment_wraps(struct file *f) { phdr(f, load_index(f, 1))->p_memsz = (Elf_Addr)-4096; }
static void segment_at_zero(struct file *f)
{
	for (int n = 0; load_index(f, n) >= 0; n++)
		phdr(f, load_index(f, n))->p_vaddr -= phdr(f, load_index(f, 0))->p_vaddr & ~0xfffULL;
	ehdr(f)->e_entry = 0;
}
static void writable_and_executable(struct file *f)
{
	for (int n = 0; load_index(f, n) >= 0; n++)
		if (phdr(f, load_index(f, n))->p_flags & PF_X)
			phdr(f, load_index(f, n))->p_flags |= PF_W;
}
static void segments_overlap(struct file *f)
{
	int last = 0;

	while (load_index(f, last + 1) >= 0)
		last++;
	phdr(f, load_index(f, last))->p_vaddr = phdr(f, load_index(f, last - 1))->p_vaddr;
}
/* A page past the end of the highest segment. */
static void entry_outside(struct file *f)
{
	u64 end = 0;

	for (int i = 0; i < ehdr(f)->e_phnum; i++)
		if (phdr(f, i)->p_type == PT_LOAD && phdr(f, i)->p_vaddr + phdr(f, i)->p_memsz > end)
			end = phdr(f, i)->p_vaddr + phdr(f, i)->p_memsz;
	ehdr(f)->e_entry = end + 4096;
}
/* Inside the file's last segment, which is data, not code. */
static void entry_in_data(struct file *f)
{
	int last = 0;

	while (load_index(f, last + 1) >= 0)
		last++;
	ehdr(f)->e_entry = phdr(f, load_index(f, last))->p_vaddr;
}
/* The program's first PT_INTERP, or its first header that is no PT_LOAD made one. */
static Elf_Phdr *interp_phdr(struct file *f)
{
	for (int i = 0; i < ehdr(f)->e_phnum; i++)
		if (phdr(f, i)->p_type == PT_INTERP)
			return phdr(f, i);
	for (int i = 0; i < ehdr(f)->e_phnum; i++)
		if (phdr(f, i)->p_type != PT_LOAD) {
			phdr(f, i)->p_type = PT_INTERP;
			return phdr(f, i);
		}
	return NULL;
}
static void interp_1_byte(struct file *f) { interp_phdr(f)->p_filesz = 1; }
static void interp_too_long(struct file *f) { interp_phdr(f)->p_filesz = 4097; }
static void interp_past_end(struct file *f)
{
	interp_phdr(f)->p_offset = f->size - 8;
	interp_phdr(f)->p_filesz = 16;
}
static void no_load(struct file *f)
{
	for (int i = 0; i < ehdr(f)->e_phnum; i++)
		if (phdr(f, i)->p_type == PT_LOAD)
			phdr(f, i)->p_type = 0;
}

static const struct corruption corruptions[] = {
	{ "bad magic", bad_magic, -ENOEXEC, "bad magic" },
	{ "wrong class", wrong_class, -ENOEXEC, "wrong class" },
	{ "big-endian", wrong_byte_order, -ENOEXEC, "wrong byte order" },
	{ "e_version 2", bad_version, -ENOEXEC, "unknown ELF version" },
	{ "ET_REL", relocatable, -ENOEXEC, "not an executable" },
	{ "other machine", wrong_machine, -ENOEXEC, "wrong machine" },
	{ "e_phentsize 10", bad_phentsize, -ENOEXEC, "bad e_phentsize" },
	{ "e_phnum 65535", huge_phnum, -ENOEXEC, "bad e_phnum" },
	{ "e_phnum 0", no_phdrs, -ENOEXEC, "bad e_phnum" },
	{ "e_phoff near the end", phdrs_past_end, -ENOEXEC, "program headers past the end" },
	{ "e_phoff wraps", phoff_wraps, -ENOEXEC, "program headers past the end" },
	{ "p_filesz > p_memsz", filesz_over_memsz, -EINVAL, "p_filesz > p_memsz" },
	{ "p_offset at the end", offset_past_end, -EINVAL, "past the end of the file" },
	{ "p_offset wraps", offset_wraps, -EINVAL, "past the end of the file" },
	{ "segment in kernel space", segment_in_kernel, -EINVAL, "reaches kernel space" },
	{ "p_memsz wraps", segment_wraps, -EINVAL, "reaches kernel space" },
	{ "segment at page 0", segment_at_zero, -EINVAL, "maps the first page" },
	{ "W+X segment", writable_and_executable, -EINVAL, "writable and executable" },
	{ "overlapping segments", segments_overlap, -EINVAL, "overlap" },
	{ "entry past the segments", entry_outside, -EINVAL, "entry point outside" },
	{ "entry in data", entry_in_data, -EINVAL, "entry point outside" },
	{ "PT_INTERP of 1 byte", interp_1_byte, -ENOEXEC, "PT_INTERP's size" },
	{ "PT_INTERP of 4097 bytes", interp_too_long, -ENOEXEC, "PT_INTERP's size" },
	{ "PT_INTERP past the end", interp_past_end, -ENOEXEC, "PT_INTERP past the end" },
	{ "no PT_LOAD", no_load, -ENOEXEC, "no loadable segment" },
};

static void corruptions_refused(void)
{
	for (size_t k = 0; k < NR_PROGRAMS; k++) {
		struct file orig = load(programs[k]);

		for (size_t c = 0; c < sizeof(corruptions) / sizeof(corruptions[0]); c++) {
			const struct corruption *x = &corruptions[c];
			struct file f = { NULL, orig.size };
			struct elf_image img;
			const char *why = "";
			int err;

			/* A static-pie program loads anywhere: its page 0 is no page 0. */
			if (x->corrupt == segment_at_zero && ehdr(&orig)->e_type == ET_DYN)
				continue;
			f.data = malloc(orig.size);
			memcpy(f.data, orig.data, orig.size);
			x->corrupt(&f);
			err = check(f.data, f.size, &img, &why);
			EXPECT(err == x->err && strstr(why, x->reason), "%s, %s: %d (%s), not %d (%s)",
			       programs[k], x->name, err, err ? why : "passed", x->err, x->reason);
			free(f.data);
		}
		free(orig.data);
	}
}

/* The bytes the checks need: the header, the program headers, every segment's file data, the interpreter's path. */
static size_t needed(struct file *f)
{
	size_t n = ehdr(f)->e_phoff + (size_t)ehdr(f)->e_phnum * ehdr(f)->e_phentsize;

	for (int i = 0; i < ehdr(f)->e_phnum; i++)
		if ((phdr(f, i)->p_type == PT_LOAD || phdr(f, i)->p_type == PT_INTERP) &&
		    phdr(f, i)->p_offset + phdr(f, i)->p_filesz > n)
			n = phdr(f, i)->p_offset + phdr(f, i)->p_filesz;
	return n;
}

static void truncated_at_every_length(void)
{
	for (size_t k = 0; k < NR_PROGRAMS; k++) {
		struct file f = load(programs[k]);
		size_t need = needed(&f);

		/* The bytes past the cut are poisoned, as a buffer of len bytes would end there:
		 * a fresh copy at each of thousands of lengths was seconds of page faults. */
		for (size_t len = 0; len <= f.size; len += len < 4096 ? 1 : 509) {
			struct elf_image img;
			const char *why = "";
			int err;

			ASAN_POISON_MEMORY_REGION(f.data + len, f.size - len);
			err = check(f.data, len, &img, &why);
			ASAN_UNPOISON_MEMORY_REGION(f.data + len, f.size - len);
			EXPECT(!err == (len >= need), "%s cut at %zu of %zu (%zu needed): %d (%s)",
			       programs[k], len, f.size, need, err, err ? why : "passed");
		}
		free(f.data);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(real_programs_pass),
	KTAP_CASE(interpreter_is_named),
	KTAP_CASE(corruptions_refused),
	KTAP_CASE(truncated_at_every_length),
};

KTAP_MAIN(cases)

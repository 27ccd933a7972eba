/*
 * Host test of the first stack a program gets (kernel/fs/exec_stack.c),
 * for one ELF class (ELF_BITS: exec_stack64_test, exec_stack32_test;
 * tests/host/binfmt_elf.mk builds them): argc, argv, envp and the
 * auxiliary vector where a C library's start-up looks for them, and
 * -E2BIG, with nothing written outside the buffer (ASan), when they do
 * not fit.
 */
#include "ktap_host.h"
#include "klib.h"

#include <kernel/binfmts.h>

/* The stack as a C library's start-up reads it. */
static const char strings[] = "prog\0-x\0\0HOME=/\0TERM=linux";
static const struct linux_binprm bprm = { strings, sizeof(strings), 3, 2, "/bin/prog" };
static const u8 random_bytes[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const struct elf_aux_info aux = { 0x1234, random_bytes, 100, 4096, 0x7f0000 };
static const struct elf_image image = { 0, 0x401000, 0x400040, 9, 0x4a0000, 0, 0 };
#define TOP	0xbefff000ULL

static Elf_Addr word(const unsigned char *buf, size_t size, u64 addr)
{
	Elf_Addr w;

	memcpy(&w, buf + (addr - (TOP - size)), sizeof(w));
	return w;
}

static const char *str(const unsigned char *buf, size_t size, u64 addr)
{
	return (const char *)buf + (addr - (TOP - size));
}

static void stack_as_libc_reads_it(void)
{
	static const char *const want[] = { "prog", "-x", "", "HOME=/", "TERM=linux" };
	size_t size = 4096;
	unsigned char *buf = malloc(size);
	u64 sp = 0, p, seen = 0;
	int err = create_elf_tables(buf, size, TOP, &bprm, &image, &aux, &sp);

	EXPECT(!err, "create_elf_tables: %d", err);
	if (err)
		return;
	EXPECT(sp % 16 == 0 && sp >= TOP - size && sp < TOP, "sp %#llx", (unsigned long long)sp);
	EXPECT(word(buf, size, sp) == 3, "argc %lu", (unsigned long)word(buf, size, sp));
	p = sp + sizeof(Elf_Addr);
	for (int i = 0; i < 5; i++, p += sizeof(Elf_Addr)) {
		if (i == 3) {
			EXPECT(word(buf, size, p) == 0, "argv not NULL-terminated");
			p += sizeof(Elf_Addr);
		}
		EXPECT(!strcmp(str(buf, size, word(buf, size, p)), want[i]), "string %d: %s", i,
		       str(buf, size, word(buf, size, p)));
	}
	EXPECT(word(buf, size, p) == 0, "envp not NULL-terminated");
	for (p += sizeof(Elf_Addr); word(buf, size, p) != AT_NULL; p += 2 * sizeof(Elf_Addr)) {
		Elf_Addr key = word(buf, size, p), val = word(buf, size, p + sizeof(Elf_Addr));

		EXPECT(key < 64, "key %lu", (unsigned long)key);
		if (key >= 64)
			break;
		seen |= 1ULL << key;
		switch (key) {
		case AT_PHDR: EXPECT(val == 0x400040, "AT_PHDR %#lx", (unsigned long)val); break;
		case AT_PHENT: EXPECT(val == sizeof(Elf_Phdr), "AT_PHENT %lu", (unsigned long)val); break;
		case AT_PHNUM: EXPECT(val == 9, "AT_PHNUM"); break;
		case AT_PAGESZ: EXPECT(val == 4096, "AT_PAGESZ"); break;
		case AT_ENTRY: EXPECT(val == 0x401000, "AT_ENTRY"); break;
		case AT_BASE: EXPECT(val == 0x7f0000, "AT_BASE %#lx", (unsigned long)val); break;
		case AT_HWCAP: EXPECT(val == 0x1234, "AT_HWCAP"); break;
		case AT_CLKTCK: EXPECT(val == 100, "AT_CLKTCK"); break;
		case AT_UID: case AT_EUID: case AT_GID: case AT_EGID: case AT_SECURE:
			EXPECT(val == 0, "key %lu: %lu", (unsigned long)key, (unsigned long)val);
			break;
		case AT_RANDOM:
			EXPECT(!memcmp(str(buf, size, val), random_bytes, 16), "AT_RANDOM's bytes");
			break;
		case AT_EXECFN:
			EXPECT(!strcmp(str(buf, size, val), "/bin/prog"), "AT_EXECFN %s",
			       str(buf, size, val));
			break;
		}
	}
	for (int key = AT_PHDR; key <= AT_EXECFN; key++)
		if (key != 10 && key != 15 && (key < 18 || key == 23 || key == 25 || key == 31))
			EXPECT(seen & (1ULL << key), "no auxv entry %d", key);
	free(buf);
}

/* In a buffer too small by any amount: -E2BIG, and nothing written outside it (ASan). */
static void stack_too_small_e2big(void)
{
	size_t fits = 0;

	for (size_t size = 0; size <= 512; size++) {
		unsigned char *buf = malloc(size ? size : 1);
		u64 sp;
		int err = create_elf_tables(buf, size, TOP, &bprm, &image, &aux, &sp);

		EXPECT(err == 0 || err == -E2BIG, "size %zu: %d", size, err);
		if (!err && !fits)
			fits = size;
		EXPECT(!err == (fits && size >= fits), "size %zu fits, %zu did", size, fits);
		free(buf);
	}
	EXPECT(fits > 0, "never fits in 512 bytes");
}

static const struct ktap_case cases[] = {
	KTAP_CASE(stack_as_libc_reads_it),
	KTAP_CASE(stack_too_small_e2big),
};

KTAP_MAIN(cases)

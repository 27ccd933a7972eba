/*
 * The new program's first stack (include/kernel/binfmts.h): what a C
 * library's start-up code reads before main(), laid out as Linux's
 * create_elf_tables() does:
 *
 *   stack_top ->  AT_EXECFN's path, NUL-terminated
 *                 envp's strings, argv's strings (the order execve() got them)
 *                 16 bytes for AT_RANDOM
 *                 (padding to 16 bytes)
 *                 auxv: (key, value) pairs, ending with AT_NULL
 *                 NULL, envp[envc - 1] ... envp[0]
 *                 NULL, argv[argc - 1] ... argv[0]
 *        sp ->    argc
 *
 * Each word is an Elf_Addr, the new program's pointer size. buf is kernel
 * memory standing for [stack_top - size, stack_top); the caller copies it
 * to the stack's pages. Pure C, tested on the host (tests/host/).
 */
#include <kernel/binfmts.h>
#include <kernel/errno.h>
#include <kernel/string.h>

#define RANDOM_BYTES	16
#define NR_AUXV		17	/* the pairs written below, AT_NULL included */

struct stack_writer {
	char *buf;
	u64 base;		/* the user address of buf[0] */
	u64 top;		/* what is taken from here up */
};

/* Take len bytes below what is taken; their user address, or 0 when they do not fit. */
static u64 take(struct stack_writer *w, u64 len, u64 align)
{
	u64 at;

	if (w->top - w->base < len)
		return 0;
	at = (w->top - len) & ~(align - 1);
	if (at < w->base)
		return 0;
	w->top = at;
	return at;
}

static void *at(struct stack_writer *w, u64 addr)
{
	return w->buf + (addr - w->base);
}

static void put_word(struct stack_writer *w, u64 addr, u64 val)
{
	Elf_Addr word = (Elf_Addr)val;

	memcpy(at(w, addr), &word, sizeof(word));
}

int create_elf_tables(void *buf, size_t size, u64 stack_top, const struct linux_binprm *bprm,
		      const struct elf_image *img, const struct elf_aux_info *aux, u64 *sp)
{
	struct stack_writer w = { buf, stack_top - size, stack_top };
	size_t fnlen = strlen(bprm->filename) + 1;
	u64 execfn = take(&w, fnlen, 1);
	u64 strings = take(&w, bprm->strings_len, 1);
	u64 random = take(&w, RANDOM_BYTES, 1);
	u64 nwords = 1 + bprm->argc + 1 + bprm->envc + 1 + 2 * NR_AUXV;
	u64 words = take(&w, nwords * sizeof(Elf_Addr), 16);
	u64 p, s, i = 0;

	if (!execfn || !strings || !random || !words)
		return -E2BIG;
	memcpy(at(&w, execfn), bprm->filename, fnlen);
	memcpy(at(&w, strings), bprm->strings, bprm->strings_len);
	memcpy(at(&w, random), aux->random, RANDOM_BYTES);

	p = words;
	put_word(&w, p, bprm->argc);
	p += sizeof(Elf_Addr);
	/* argv[] then envp[], each string's address, each list ending with NULL. */
	s = strings;
	for (int list = 0; list < 2; list++) {
		int n = list ? bprm->envc : bprm->argc;

		for (int k = 0; k < n; k++) {
			put_word(&w, p, s);
			p += sizeof(Elf_Addr);
			s += strlen(at(&w, s)) + 1;
		}
		put_word(&w, p, 0);
		p += sizeof(Elf_Addr);
	}

	const u64 auxv[NR_AUXV][2] = {
		{ AT_HWCAP, aux->hwcap },	{ AT_PAGESZ, aux->page_size },
		{ AT_CLKTCK, aux->clktck },	{ AT_PHDR, img->phdr_addr },
		{ AT_PHENT, sizeof(Elf_Phdr) },	{ AT_PHNUM, img->phnum },
		{ AT_BASE, aux->base },		{ AT_FLAGS, 0 },
		{ AT_ENTRY, img->entry },	{ AT_UID, 0 },
		{ AT_EUID, 0 },			{ AT_GID, 0 },
		{ AT_EGID, 0 },			{ AT_SECURE, 0 },
		{ AT_RANDOM, random },		{ AT_EXECFN, execfn },
		{ AT_NULL, 0 },
	};
	for (i = 0; i < NR_AUXV; i++) {
		put_word(&w, p, auxv[i][0]);
		put_word(&w, p + sizeof(Elf_Addr), auxv[i][1]);
		p += 2 * sizeof(Elf_Addr);
	}
	*sp = words;
	return 0;
}

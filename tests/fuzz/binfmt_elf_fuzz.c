/*
 * Fuzzing the ELF executable checks (kernel/fs/binfmt_elf.c), built once
 * per ELF class (ELF_BITS: binfmt_elf64_fuzz for x86_64's target,
 * binfmt_elf32_fuzz for ARM's). Any bytes as a file: as execve() does, the
 * header is read into a buffer of its size (zeros past a short file), the
 * program headers, once the header passed, into one of their exact size.
 * An accepted program must keep what the kernel relies on: its entry and
 * brk in user space, above the first page.
 */
#include "fuzz_host.h"

#include <stdlib.h>

#include <kernel/binfmts.h>

#if ELF_BITS == 64
static const struct elf_target target = {
	.machine = EM_X86_64, .min_addr = 0x10000, .task_size = 0x7ffffffff000ULL,
	.dyn_base = 0x555555554000ULL, .page_size = 4096,
};
#else
static const struct elf_target target = {
	.machine = EM_ARM, .min_addr = 0x8000, .task_size = 0xbf000000,
	.dyn_base = 0x7f000000, .page_size = 4096,
};
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_image img;
	const char *why = "";
	Elf_Ehdr eh;
	Elf_Phdr *ph;
	size_t len;

	memset(&eh, 0, sizeof(eh));
	memcpy(&eh, data, size < sizeof(eh) ? size : sizeof(eh));
	if (elf_check_header(&eh, size, &target, &why))
		return 0;
	/* The header check promised the program headers lie inside the file. */
	len = (size_t)eh.e_phnum * eh.e_phentsize;
	if (eh.e_phoff > size || len > size - eh.e_phoff)
		__builtin_trap();
	ph = malloc(len);
	memcpy(ph, data + eh.e_phoff, len);
	if (!elf_check_phdrs(&eh, ph, size, &target, &img, &why) &&
	    (img.entry < target.min_addr || img.entry >= target.task_size ||
	     img.brk > target.task_size))
		__builtin_trap();
	free(ph);
	return 0;
}

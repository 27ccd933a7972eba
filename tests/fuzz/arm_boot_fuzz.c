/*
 * Fuzzing what ARM's boot reads from the device tree
 * (arch/arm/kernel/bootinfo.c, through kernel/fdt.c): memory nodes,
 * /chosen's command line and initrd, /psci, the CPUs, the reservation
 * block, filling boot_info through kernel/bootinfo.c, then printed as boot
 * step 2 does. fdt_fuzz walks the reader on its own; this is the boot's
 * use of it. ARM's boot takes nothing else: no ATAGs (head.S looks for a
 * device tree only, at r2 or at the base of RAM), and U-Boot hands over a
 * device tree too.
 *
 * An input is the blob as QEMU leaves it for kernel.elf, at the base of
 * RAM (boot_dtb_phys = PHYS_OFFSET); the kernel may read 2 MiB from there,
 * which the model of RAM holds (tests/fuzz/arm/asm/page.h): the input,
 * then zeros, then a page that faults. A panic is a refusal, which is
 * fine; a read past the 2 MiB, a hang or a write outside boot_info is a
 * bug. Seeds: QEMU's device trees (corpus/fdt_fuzz and corpus/arm_boot_fuzz).
 */
#include "fuzz_host.h"

#include <sys/mman.h>

#include <asm/page.h>
#include <kernel/bootinfo.h>

#define RAM_SIZE	(2u << 20)

unsigned char *fuzz_ram;
char _text[1], _end[1];
unsigned long boot_dtb_phys = PHYS_OFFSET, boot_dtb_lost;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_ram = mmap(NULL, RAM_SIZE + 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (fuzz_ram == MAP_FAILED || mprotect(fuzz_ram, RAM_SIZE, PROT_READ | PROT_WRITE))
		__builtin_trap();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > RAM_SIZE)
		return 0;
	memcpy(fuzz_ram, data, size);
	memset(&boot_info, 0, sizeof(boot_info));
	if (!setjmp(panic_jmp)) {
		arch_parse_boot_info();
		print_boot_info();
	}
	memset(fuzz_ram, 0, size);
	return 0;
}

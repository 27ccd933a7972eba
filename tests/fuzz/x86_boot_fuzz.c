/*
 * Fuzzing what the x86_64 boot loader hands over: the multiboot2
 * information and the PVH start info with its memory map, module list and
 * command line (arch/x86_64/kernel/bootinfo.c), and the ACPI tables they
 * point at, RSDP, RSDT/XSDT and MADT (arch/x86_64/kernel/acpi.c), filling
 * boot_info through kernel/bootinfo.c, then printed as boot step 2 does,
 * and the HPET table hpet_enable() reads (arch/x86_64/kernel/hpet.c; its
 * registers a page of zeros here: ioremap() below).
 *
 * The kernel reads all of physical memory below 2 GiB through its direct
 * map, and nothing above: fuzz_phys models that (tests/fuzz/x86/asm/page.h),
 * 2 GiB of zeros followed by 2 GiB that fault. An input is what head.S
 * saved, EAX (boot_magic) and EBX (boot_info_phys), 32-bit little-endian,
 * then chunks of physical memory, each its address and length (32 bits
 * each) and its bytes: the information block, the tables it points at. The
 * seeds are real (tests/fuzz/corpus/README). A length with its top bit set
 * asks the harness to make the chunk's ACPI checksum right (RSDP or table
 * header), which a mutation almost never does: so the fuzzer gets past the
 * checksums to the MADT's entries, and still tests the checksums.
 * A panic is a refusal, which is fine; a read past 2 GiB, a hang or a
 * write outside boot_info is a bug.
 */
#include "fuzz_host.h"

#include <sys/mman.h>

#include <asm/acpi.h>
#include <asm/hpet.h>
#include <asm/page.h>
#include <kernel/bootinfo.h>

#define PHYS_SIZE	(1ULL << 32)

unsigned char *fuzz_phys;
static u32 hpet_regs[1024];

void *ioremap(phys_addr_t phys, unsigned long size)
{
	return hpet_regs;
}

char _text[1], _end[1];
u32 boot_magic, boot_info_phys;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_phys = mmap(NULL, PHYS_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			 -1, 0);
	if (fuzz_phys == MAP_FAILED || mprotect(fuzz_phys, DIRECT_MAP_PHYS_END, PROT_READ | PROT_WRITE))
		__builtin_trap();
	return 0;
}

struct chunk {
	u32 phys;
	u32 len;
};

#define FIX_CHECKSUM	0x80000000u

static void set_checksum(u8 *p, size_t len, size_t at)
{
	u8 sum = 0;

	p[at] = 0;
	for (size_t i = 0; i < len; i++)
		sum += p[i];
	p[at] = -sum;
}

/* An RSDP's checksum over its first 20 bytes, or a table's over its length (within the chunk). */
static void fix_checksum(u8 *p, size_t len)
{
	u32 table_len;

	if (len >= 20 && !memcmp(p, "RSD PTR ", 8)) {
		set_checksum(p, 20, 8);
	} else if (len >= 36) {
		memcpy(&table_len, p + 4, 4);
		set_checksum(p, table_len < len ? table_len : len, 9);
	}
}

/* Lay out the chunks; false if one does not fit below 2 GiB. */
static bool place(const uint8_t *data, size_t size, bool clear)
{
	struct chunk c;

	for (size_t off = 8; size - off >= sizeof(c); off += sizeof(c) + c.len) {
		bool fix;

		memcpy(&c, data + off, sizeof(c));
		fix = c.len & FIX_CHECKSUM;
		c.len &= ~FIX_CHECKSUM;
		if (c.len > size - off - sizeof(c))
			c.len = size - off - sizeof(c);
		if (!phys_in_direct_map(c.phys, c.len))
			return false;
		if (clear)
			memset(fuzz_phys + c.phys, 0, c.len);
		else
			memcpy(fuzz_phys + c.phys, data + off + sizeof(c), c.len);
		if (fix && !clear)
			fix_checksum(fuzz_phys + c.phys, c.len);
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 8)
		return 0;
	memcpy(&boot_magic, data, 4);
	memcpy(&boot_info_phys, data + 4, 4);
	memset(&boot_info, 0, sizeof(boot_info));
	if (place(data, size, false) && !setjmp(panic_jmp)) {
		arch_parse_boot_info();
		print_boot_info();
		hpet_enable();
	}
	place(data, size, true);
	return 0;
}

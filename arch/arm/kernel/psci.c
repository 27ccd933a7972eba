/*
 * PSCI calls (asm/psci.h). The function id goes in r0, the arguments in
 * r1-r3, the result comes back in r0; the firmware may change r0-r3
 * (SMC Calling Convention). hvc traps to Hyp mode (QEMU's plain virt
 * board), smc to the secure monitor (virt with virtualization=on); the
 * assembler needs the extension named to accept either on ARMv7-A.
 */
#include <asm/psci.h>
#include <kernel/bootinfo.h>
#include <kernel/string.h>

#define PSCI_0_2_FN_CPU_ON	0x84000003

/* The asm moves every argument itself: r0-r3 are clobbered, so none can live there. */
static long psci_call(u32 fn, unsigned long a1, unsigned long a2, unsigned long a3)
{
	long ret;

	if (!strcmp(boot_info.arch.psci_method, "hvc"))
		__asm__ __volatile__(".arch_extension virt\n\t"
				     "mov r0, %1\n\tmov r1, %2\n\tmov r2, %3\n\tmov r3, %4\n\t"
				     "hvc #0\n\t"
				     "mov %0, r0"
				     : "=r"(ret) : "r"(fn), "r"(a1), "r"(a2), "r"(a3)
				     : "r0", "r1", "r2", "r3", "cc", "memory");
	else if (!strcmp(boot_info.arch.psci_method, "smc"))
		__asm__ __volatile__(".arch_extension sec\n\t"
				     "mov r0, %1\n\tmov r1, %2\n\tmov r2, %3\n\tmov r3, %4\n\t"
				     "smc #0\n\t"
				     "mov %0, r0"
				     : "=r"(ret) : "r"(fn), "r"(a1), "r"(a2), "r"(a3)
				     : "r0", "r1", "r2", "r3", "cc", "memory");
	else
		ret = PSCI_RET_NOT_SUPPORTED;
	return ret;
}

int psci_cpu_on(unsigned long target, unsigned long entry, unsigned long context)
{
	return psci_call(PSCI_0_2_FN_CPU_ON, target, entry, context);
}

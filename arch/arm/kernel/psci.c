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
#define PSCI_0_2_FN_SYSTEM_OFF	0x84000008

/*
 * The registers are set after the strcmp() calls, with no call between them
 * and the hvc or smc: a call would clobber them. They are the asm's outputs
 * too, so the compiler keeps nothing in them across it.
 */
static long psci_call(u32 fn, unsigned long a1, unsigned long a2, unsigned long a3)
{
	bool hvc = !strcmp(boot_info.arch.psci_method, "hvc");
	register unsigned long r0 __asm__("r0"), r1 __asm__("r1");
	register unsigned long r2 __asm__("r2"), r3 __asm__("r3");

	if (!hvc && strcmp(boot_info.arch.psci_method, "smc"))
		return PSCI_RET_NOT_SUPPORTED;
	r0 = fn, r1 = a1, r2 = a2, r3 = a3;
	if (hvc)
		__asm__ __volatile__(".arch_extension virt\n\thvc #0"
				     : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3) : : "cc", "memory");
	else
		__asm__ __volatile__(".arch_extension sec\n\tsmc #0"
				     : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3) : : "cc", "memory");
	return (long)r0;
}

int psci_cpu_on(unsigned long target, unsigned long entry, unsigned long context)
{
	return psci_call(PSCI_0_2_FN_CPU_ON, target, entry, context);
}

void psci_system_off(void)
{
	psci_call(PSCI_0_2_FN_SYSTEM_OFF, 0, 0, 0);
}

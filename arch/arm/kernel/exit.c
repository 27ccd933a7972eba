/*
 * Leaving QEMU on 32-bit ARM.
 *
 * The exit status must reach the host (scripts/ktest reads it), and on ARM
 * only semihosting can carry one: SYS_EXIT_EXTENDED with the block
 * {ADP_Stopped_ApplicationExit, status} ends QEMU with exit code `status`
 * when QEMU runs with -semihosting. Without it the trap comes back as a
 * supervisor call, and traps.c sends it to semihosting_unavailable(): then
 * the firmware's PSCI SYSTEM_OFF ends the machine (QEMU exits 0: the status
 * is lost, and we say so), through the conduit the device tree names. If
 * even that fails, or there is no PSCI, the CPU halts for good.
 */
#include <asm/processor.h>
#include <asm/semihosting.h>
#include <kernel/bootinfo.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/string.h>

#define PSCI_0_2_FN_SYSTEM_OFF	0x84000008

static int exit_status;

/*
 * A PSCI call with no arguments: the function id goes in r0, the firmware
 * (QEMU here) may clobber r0-r3. The asm loads r0 itself: a register
 * variable would not survive the strcmp() calls in between. hvc and smc
 * need their extensions named for an assembler that targets plain ARMv7-A.
 */
static void psci_call(u32 function)
{
	if (!strcmp(boot_info.arch.psci_method, "hvc"))
		__asm__ __volatile__("mov r0, %0\n\t.arch_extension virt\n\thvc #0"
				     : : "r"(function) : "r0", "r1", "r2", "r3", "memory");
	else if (!strcmp(boot_info.arch.psci_method, "smc"))
		__asm__ __volatile__("mov r0, %0\n\t.arch_extension sec\n\tsmc #0"
				     : : "r"(function) : "r0", "r1", "r2", "r3", "memory");
}

/* Power off, or halt if that fails. Tried once only: a failing hvc traps, and the trap panics. */
static void __noreturn machine_power_off(void)
{
	static bool tried;

	if (!tried) {
		tried = true;
		psci_call(PSCI_0_2_FN_SYSTEM_OFF);
	}
	halt_forever();
}

void semihosting_unavailable(void)
{
	pr_warn("machine_exit: no semihosting (run QEMU with -semihosting): "
		"powering off, exit status %d lost\n", exit_status);
	machine_power_off();
}

void machine_exit(int status)
{
	const unsigned long block[2] = { ADP_STOPPED_APPLICATION_EXIT, (unsigned long)status };

	exit_status = status;
	semihosting_call(SYS_EXIT_EXTENDED, block);
	/* Only a debugger that serves the call but does not exit gets here. */
	machine_power_off();
}

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
#include <asm/psci.h>
#include <asm/semihosting.h>
#include <kernel/panic.h>
#include <kernel/printk.h>

static int exit_status;

/* Power off, or halt if that fails. Tried once only: a failing hvc traps, and the trap panics. */
static void __noreturn machine_power_off(void)
{
	static bool tried;

	if (!tried) {
		tried = true;
		psci_system_off();
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

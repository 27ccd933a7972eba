/*
 * The local APIC: every x86 CPU's own interrupt controller, a page of
 * registers at the physical address MSR_APIC_BASE gives (0xfee00000 on
 * QEMU), set up on the boot CPU by init_IRQ() (include/kernel/irq.h). Here
 * it sends inter-processor interrupts: INIT and STARTUP to start a CPU,
 * and a fixed vector to wake an idle one.
 */
#ifndef _ASM_APIC_H
#define _ASM_APIC_H

#define APIC_EOI		0xb0	/* end of interrupt: write 0 */

/* The idle wake-up (handled in apic_entry.S) and the vector of spurious interrupts. */
#define WAKEUP_VECTOR		0xf0
#define TIMER_VECTOR		0xef	/* the tick (apic_timer.c), below the wake-up */
#define SPURIOUS_VECTOR		0xff

#ifndef __ASSEMBLER__

#include <kernel/types.h>

/* The register page, mapped uncached; apic_entry.S reads it too. */
extern void *lapic_base;

/* Register access, for apic.c and apic_timer.c. */
u32 lapic_read(unsigned int reg);
void lapic_write(unsigned int reg, u32 v);
/* Every CPU: software-enable its APIC, accept every priority. */
void lapic_enable(void);

/* The local APIC timer's rate at the divider the tick uses (apic_timer.c). */
extern u64 apic_timer_freq_hz;

/* The timer's current count (it counts down), for calibration and its self-test. */
u32 apic_timer_read(void);

/* This CPU's timer fires at least every `us` microseconds from now on; 0 lifts the limit. */
void apic_timer_limit_us(unsigned int us);
/* INIT, then STARTUP at page `start_page` (the CPU begins in real mode at start_page << 12). */
void lapic_send_init(u32 apic_id);
void lapic_send_startup(u32 apic_id, u8 start_page);
/* A fixed interrupt with this vector to one CPU. */
void lapic_send_ipi(u32 apic_id, u8 vector);

/* The entry points apic_entry.S provides. */
void smp_wakeup_interrupt(void);
void spurious_interrupt(void);
void apic_timer_interrupt(void);

#endif

#endif

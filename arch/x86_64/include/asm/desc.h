/*
 * x86_64 descriptor tables (arch/x86_64/kernel/traps.c): every CPU loads the
 * same GDT and IDT, and its own TSS, whose IST entries give the double-fault
 * and NMI handlers a stack of their own on that CPU.
 */
#ifndef _ASM_DESC_H
#define _ASM_DESC_H

#define IST_STACK_SIZE	8192

/* Load this CPU's TSS (with these IST stack tops), the GDT and the IDT. */
void trap_init_cpu(unsigned int cpu, unsigned long df_stack_top, unsigned long nmi_stack_top);
/* An interrupt gate for vector (32..255): handler runs with interrupts off. */
void set_intr_gate(unsigned int vector, const void *handler);

/* The stack this CPU switches to on an interrupt or exception from ring 3 (TSS.sp0). */
void load_sp0(unsigned long sp0);

#endif

"""The boot steps of start_kernel() (kernel/main.c), by number, in the report's words.

Every bench boot must print a "bench: step N" line for each: a step that disappears from the
kernel, or a step this table does not name, fails scripts/bench.
"""

BOOT_STEPS = {
    1: "early console and banner", 2: "boot information", 3: "parameters",
    4: "CPU features", 5: "alternatives", 6: "trap handlers",
    7: "page allocator and page tables", 8: "per-CPU areas", 9: "scheduler",
    10: "initcalls", 11: "secondary CPUs", 12: "self-tests using init memory",
    13: "free init memory, rodata read-only", 14: "self-tests of the finished kernel",
}
NOT_YET = {9: "not yet: needs issue 7 (scheduler)", 8: "not yet: needs issue 5 (per-CPU areas)",
           11: "not yet: needs issue 5 (SMP)"}

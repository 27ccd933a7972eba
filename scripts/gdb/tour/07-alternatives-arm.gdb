# Tour 7 (ARM): alternatives, .altinstructions and .altinstr_replacement.
#
# alternative(old, new, feature) leaves `old` at the site, `new` in
# .altinstr_replacement and a struct alt_instr tying them together in
# .altinstructions. apply_alternatives() copies the replacement over each site
# whose feature the CPU has. The compiler calls __aeabi_uidiv() for a / b; it
# starts as a branch to the C version, and a CPU with the divide instructions
# (ID_ISAR0, the Cortex-A15 has them) gets `udiv` in its place.
#     (gdb) source scripts/gdb/tour/07-alternatives-arm.gdb
#
# arch: arm
# needs: apply_alternatives arch_alternative_instructions
# expect: ^\.altinstructions: \d+ sites; CPU features not read yet
# expect: __aeabi_uidiv\+0x0 +idiva +cpu has it: \? +original
# expect: <__aeabi_uidiv>:\s+b\s+0x[0-9a-f]+ <udivmod32_generic>
# expect: ^Value returned is \$\d+ = [1-9]
# expect: <__aeabi_uidiv>:\s+udiv\s+r0, r0, r1
# expect: ^\.altinstructions: \d+ sites; CPU features read; apply_alternatives\(\) has run$
# expect: __aeabi_uidiv\+0x0 +idiva +cpu has it: yes +patched

# Every site, before anything is patched.
sk-alternatives
x/2i __aeabi_uidiv
tbreak apply_alternatives
continue
finish
x/2i __aeabi_uidiv
# The kernel counts as patched once its own table is done, just before the arch's last step.
tbreak arch_alternative_instructions
continue
sk-alternatives

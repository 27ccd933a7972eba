# Tour 7 (x86_64): alternatives, .altinstructions and .altinstr_replacement.
#
# alternative(old, new, feature) leaves `old` at the site, `new` in
# .altinstr_replacement and a struct alt_instr tying them together in
# .altinstructions. apply_alternatives() copies the replacement over each site
# whose feature the CPU has. memcpy() starts with `jmp memcpy_orig`; on a
# CPU with ERMS (fast `rep movsb`) the jump becomes NOPs and memcpy falls
# through to `rep movsb`. Boot with such a CPU: make debug CPU=max, then
#     (gdb) source scripts/gdb/tour/07-alternatives-x86_64.gdb
#
# arch: x86_64
# cpu-x86_64: max
# needs: apply_alternatives arch_alternative_instructions
# expect: ^\.altinstructions: \d+ sites; CPU features not read yet
# expect: memcpy\+0x0 +erms +cpu has it: \? +original
# expect: <memcpy>:\s+jmp\s+0x[0-9a-f]+ <memcpy_orig>
# expect: ^Value returned is \$\d+ = [1-9]
# expect: <memcpy>:\s+nop
# expect: ^\.altinstructions: \d+ sites; CPU features read; apply_alternatives\(\) has run$
# expect: memcpy\+0x0 +erms +cpu has it: yes +patched

# Every site, before anything is patched.
sk-alternatives
x/3i memcpy
tbreak apply_alternatives
continue
finish
x/3i memcpy
# The kernel counts as patched once its own table is done, just before the arch's last step.
tbreak arch_alternative_instructions
continue
sk-alternatives

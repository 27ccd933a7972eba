#!/bin/sh
# Link the kernel, with its own symbol table (kallsyms) inside it.
#
#   scripts/link-kernel.sh OUT.elf LINKER_SCRIPT.lds KALLSYMS_TOOL PTR_SIZE OBJECTS...
#
# Environment: LD, NM, CC; CHECKSECTIONS (the section-mismatch checker,
# run on the combined object); SORTTABLE (sorts __ex_table in OUT.elf); CFLAGS_ASM (flags for "$CC -c" of the generated
# table.S); LDFLAGS (flags for the final links); V=1 echoes each command.
#
# The table holds the address of every symbol, but linking it in moves the
# symbols after it. So, as Linux's scripts/link-vmlinux.sh does:
#   1. link with an empty table              -> .tmp_<name>1.elf
#   2. table from 1's symbols, link again    -> .tmp_<name>2.elf
#   3. table from 2's symbols, final link    -> OUT.elf
#   4. check: nm of OUT.elf must equal nm of .tmp_<name>2.elf
# scripts/kallsyms.c makes a table whose size depends only on the symbol
# names. Links 1 and 2 have the same names, so tables 2 and 3 have the same
# size, links 2 and 3 lay the kernel out identically, and table 3, made from
# link 2's addresses, is exact for OUT.elf. Step 4 proves it.
#
# The objects are first combined with "ld -r" into OUT.o (<name>.o next to
# OUT.elf; scripts/checksections inspects it), and every link starts from it.
# Intermediate files stay next to OUT.elf, for reading when something fails.
#
# shellcheck disable=SC2086 # $LD, $CC and the flags are split into words on purpose
set -eu

if [ $# -lt 5 ]; then
	echo "usage: $0 OUT.elf LINKER_SCRIPT.lds KALLSYMS_TOOL PTR_SIZE OBJECTS..." >&2
	exit 2
fi
out=$1
lds=$2
kallsyms=$3
ptr_size=$4
shift 4
: "${LD:?LD must name the linker}" "${NM:?NM must name nm}" "${CC:?CC must name the compiler}"
CFLAGS_ASM=${CFLAGS_ASM-}
LDFLAGS=${LDFLAGS-}

dir=$(dirname "$out")
name=$(basename "$out" .elf)
combined=$dir/$name.o
tmp=$dir/.tmp_$name

# LD, CC and the flag variables may hold several words ("clang --target=..."),
# so they are expanded unquoted; no globbing, though.
set -f

run()
{
	if [ "${V:-}" = 1 ]; then
		echo "$*" >&2
	fi
	"$@"
}

# Assemble a kallsyms table: make_table N ARGS... runs the tool with ARGS,
# its stdin already redirected by the caller, into $tmp.kallsymsN.o.
make_table()
{
	number=$1
	shift
	run "$kallsyms" --ptr-size="$ptr_size" "$@" > "$tmp.kallsyms$number.S"
	run $CC $CFLAGS_ASM -c -o "$tmp.kallsyms$number.o" "$tmp.kallsyms$number.S"
}

# link_with_table N OUTPUT: link OUT.o with table N.
link_with_table()
{
	run $LD $LDFLAGS -T "$lds" -o "$2" "$combined" "$tmp.kallsyms$1.o"
}

# A failed run must not leave an old kernel behind that looks up to date.
rm -f "$out"
run $LD -r -z noexecstack -o "$combined" "$@"
# Code outside .init.* must not refer to .init.*: it is freed after boot.
run "$CHECKSECTIONS" "$combined"

make_table 0 --empty < /dev/null
link_with_table 0 "$tmp"1.elf

run $NM -n -S "$tmp"1.elf > "$tmp"1.syms
make_table 1 < "$tmp"1.syms
link_with_table 1 "$tmp"2.elf

run $NM -n -S "$tmp"2.elf > "$tmp"2.syms
make_table 2 < "$tmp"2.syms
link_with_table 2 "$out"

run $NM -n -S "$out" > "$tmp".final.syms
if ! cmp -s "$tmp"2.syms "$tmp".final.syms; then
	echo "kallsyms: inconsistent symbol table after 3 passes:" \
		"$tmp""2.syms (what the table was made from) and $tmp.final.syms ($out) differ" >&2
	diff "$tmp"2.syms "$tmp".final.syms | head -20 >&2 || true
	rm -f "$out"
	exit 1
fi

# __ex_table is searched with a binary search from the first fault on: sort
# it here, in the file, so the kernel never sorts at boot.
if ! run "$SORTTABLE" "$out"; then
	rm -f "$out"
	exit 1
fi

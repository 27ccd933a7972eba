# The shell itself: words, arithmetic, substitution, here-documents, functions, loops, case.
echo "plain" 'single' "a  b"
printf '%s=%d %05.1f %x\n' answer 42 3.14159 255
echo $((6 * 7)) $((17 % 5)) $((1 << 10))
x=$(echo inner | tr a-z A-Z); echo "got $x"
cat <<END
here $x
  indented
END
greet() { echo "hello, $1 ($#)"; return 3; }
greet world two; echo "returned $?"
for i in 1 2 3; do printf '%s ' "$i"; done; echo
n=0; while [ $n -lt 4 ]; do n=$((n + 1)); done; echo "n=$n"
for w in apple kiwi 42; do
	case $w in
	a*) echo "$w: starts with a" ;;
	[0-9]*) echo "$w: a number" ;;
	*) echo "$w: other" ;;
	esac
done
test -z "" && echo empty; [ abc = abc ] && echo equal; [ 3 -gt 5 ] || echo "not greater"
expr 7 \* 6; expr length hello; seq 3; seq 2 2 8 | tr '\n' ' '; echo
set -- a "b c" d; echo "$# args, second: $2"; shift; echo "now $1"

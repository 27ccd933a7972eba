# /proc as ps and free read it.
cut -d' ' -f2 /proc/self/stat
[ -d /proc/1 ] && echo "pid 1 is there"
grep -c '^MemTotal:' /proc/meminfo
awk '/^MemFree:/ { print $3 }' /proc/meminfo
tr '\0' ' ' < /proc/self/cmdline; echo

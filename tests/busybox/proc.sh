# /proc as ps and free read it, and the kernel log as dmesg does (syslog(2)).
cut -d' ' -f2 /proc/self/stat
[ -d /proc/1 ] && echo "pid 1 is there"
grep -c '^MemTotal:' /proc/meminfo
awk '/^MemFree:/ { print $3 }' /proc/meminfo
tr '\0' ' ' < /proc/self/cmdline; echo
dmesg > log; [ -s log ] && echo "dmesg read the kernel log"
grep -q '^\[ *[0-9]*\.[0-9]*\] ' log && echo "its lines start with their time"

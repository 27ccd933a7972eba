# Processes and signals: exit statuses, background jobs, wait, traps, kill, SIGPIPE, stops.
(exit 3); echo "status $?"
sh -c 'exit 5'; echo "status $?"
sleep 1 & pid=$!; wait $pid; echo "waited: $?"
# (ash may or may not say "Terminated", as the child ran before the kill or not: not kept)
{ sleep 10 & pid=$!; kill $pid; wait $pid; } 2> /dev/null; echo "killed: $?"
trap 'echo got USR1' USR1; kill -USR1 $$; echo "after the trap"
trap - USR1
yes | head -n 3
false | true; echo "pipeline $?"
(trap 'echo child TERM; exit 9' TERM; kill -TERM $(sh -c 'echo $PPID'); sleep 1); echo "subshell $?"
# Job control's stops: a stopped job says T in /proc, continues with SIGCONT, then ends.
sleep 10 & pid=$!
kill -STOP $pid; sleep 0.2; echo "stopped: $(cut -d ' ' -f 3 /proc/$pid/stat)"
kill -CONT $pid; sleep 0.2; echo "continued: $(cut -d ' ' -f 3 /proc/$pid/stat)"
{ kill $pid; wait $pid; } 2> /dev/null; echo "ended: $?"

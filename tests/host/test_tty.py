#!/usr/bin/python3
"""The serial console as a terminal, typed at from outside, as a person at `make run` would:
the kernel boots Debian's busybox-static as init (`setsid -c busybox sh`: a shell that leads
a session whose controlling terminal is the console) running tests/busybox/terminal, and
this test types into QEMU's serial line through a pseudo-terminal. What only the line can
show is checked here (user_tty, in the guest, checks the ioctls): the line discipline's echo
and erase of a line a program reads in canonical mode, ^C killing the shell's foreground job
(a process group of its own) and not the shell, and, once init has ended, the kernel's
serial monitor answering on the same line. Then `make run` with busybox's shell as init: the
prompt a person types at (its line editor), a module loaded and its message read with dmesg,
a job stopped with ^Z and continued with fg, and `exit 3` leaving QEMU (make run says "init
exited with status 3").

Run: /usr/bin/python3 tests/host/test_tty.py [--build DIR]    (default: $O, else build/)
`make dynamic` must have been made for both arches in DIR (initramfs-dyn.cpio holds
/bin/busybox). Prints KTAP (one suite, "tty": four cases per arch); exit status 0 iff
every case passed.
"""

import argparse
import os
import sys

from frontend import ROOT, check, make_env, report, run_case
from test_run import Terminal

ARCHES = ("x86_64", "arm")


def boot(build, arch):
    return Terminal([os.path.join(ROOT, "scripts", "qemu"), "--arch", arch, "--build", build,
                     "--interactive", "--initrd",
                     os.path.join(build, arch, "initramfs-dyn.cpio"), "--append",
                     "monitor ktest.filter=none rdinit=/bin/busybox -- setsid -c /bin/busybox sh /busybox/terminal"], make_env())


def arch_cases(build, arch, results):
    term = boot(build, arch)
    try:
        def read_edits_line():
            check(term.expect(r"^ready$", 120), "no shell: %r" % term.text[-600:])
            start = len(term.text)
            # DEL twice rubs out X and Y; ^H rubs out the Z typed after them.
            os.write(term.fd, b"helXY\x7f\x7fZ\x08lo\r")
            found = term.expect(r"^got<(.*)>$", 30, start)
            check(found and found.group(1) == "hello",
                  "read gave %r: %r" % (found and found.group(1), term.text[start:]))
            check("helXY\b \b\b \bZ\b \blo\n" in term.text[start:],
                  "the echo was %r" % term.text[start:])

        def ctrl_c_kills_job():
            check(term.expect(r"^go$", 30), "no job: %r" % term.text[-400:])
            start = len(term.text)
            os.write(term.fd, b"typed\x03")
            found = term.expect(r"^status=(\d+)\r?\n", 30, start)  # the whole line
            check(found and found.group(1) == "130", "the job after ^C: %r" % term.text[start:])
            check("typed^C" in term.text[start:], "no ^C echoed: %r" % term.text[start:])

        def monitor_after_init():
            start = len(term.text)
            check(term.expect(r"^init exited with status 0$", 60) and
                  term.expect(r"^sk> ", 60), "no monitor: %r" % term.text[-400:])
            start = len(term.text)
            os.write(term.fd, b"help\r")
            check(term.expect(r"poweroff +leave QEMU", 20, start),
                  "the monitor did not answer: %r" % term.text[start:])
            os.write(term.fd, b"poweroff\r")
            check(term.wait(30) is not None, "QEMU still runs after poweroff")

        for name, fn in (("read_edits_line", read_edits_line),
                         ("ctrl_c_kills_job", ctrl_c_kills_job),
                         ("monitor_after_init", monitor_after_init)):
            results.append(run_case("%s_%s" % (arch, name), fn))
    finally:
        term.close()
    results.append(run_case("%s_interactive_shell" % arch, lambda: interactive_shell(build, arch)))


# What a person types at busybox's prompt, a line of what must come back for each, and whether
# the prompt comes back after it (a job running in the foreground holds the terminal).
SESSION = ((b"echo $((6 * 7))\r", r"^42\r?$", True),
           (b"echo abX\x7fc\r", r"^abc\r?$", True),                # DEL, in ash's own line editor
           (b"busybox insmod /lib/modules/hello.ko\r", r"hello: hello, Special K", True),
           (b"busybox cat /proc/modules\r", r"^hello \d+ 0 - Live 0x[0-9a-f]+\r?$", True),
           # The kernel log (syslog(2)) holds the module's message, with its time.
           (b"busybox dmesg | busybox tail -n 1\r", r"^\[ *\d+\.\d{6}\] hello: hello, Special K\r?$",
            True),
           (b"busybox cat /proc/self/stat | busybox cut -d ' ' -f 1-3\r",
            r"^\d+ \(busybox\) R\r?$", True),
           # A job in the foreground: a line typed is echoed, then cat's copy (it reads). The
           # echo before it says the line editor is done: the terminal is back in canonical
           # mode, so what is typed next reaches cat, not ash's line editor in raw mode.
           (b"busybox echo go; busybox cat\r", r"^go\r?$", False),
           (b"x\r", r"^x\r?\n(.*\n)?x\r?$", False),
           (b"\x1a", r"\^Z\[1\]\+ +Stopped +busybox cat", True),     # ^Z: SIGTSTP stops it
           (b"fg\r", r"^busybox cat\r?$", False),                     # SIGCONT: it goes on
           (b"hi\r", r"^hi\r?\n(.*\n)?hi\r?$", False),
           (b"\x04", r"/ # ", True),                                   # ^D: end of file
           (b"busybox echo go; busybox cat\r", r"^go\r?$", False),
           (b"y\r", r"^y\r?\n(.*\n)?y\r?$", False),
           (b"\x03", r"\^C", True),                                   # ^C: SIGINT to the job
           (b"echo $?\r", r"^130\r?$", True))


def interactive_shell(build, arch):
    """make run with busybox's shell as init, leading a session whose controlling terminal
    is the console (setsid -c: job control): its prompt (line editing: the terminal in raw
    mode, read through poll()), commands typed as a person would, a job stopped with ^Z and
    brought back with fg, one interrupted with ^C, and `exit 3` ending QEMU, which make run
    words as init's status."""
    term = Terminal(["make", "--no-print-directory", "run", "ARCH=" + arch, "O=" + build,
                     "INITRD=" + os.path.join(build, arch, "initramfs-dyn.cpio"),
                     "APPEND=ktest.filter=files rdinit=/bin/busybox -- setsid -c /bin/busybox sh"],
                    make_env())
    try:
        check(term.expect(r"/ # ", 180), "no prompt: %r" % term.text[-600:])
        for typed, want, next_prompt in SESSION:
            start = len(term.text)
            os.write(term.fd, typed)
            check(term.expect(want, 30, start) and
                  (not next_prompt or term.expect(r"/ # ", 30, start)),
                  "after %r: %r" % (typed, term.text[start:]))
        start = len(term.text)
        os.write(term.fd, b"exit 3\r")
        status = term.wait(60)
        check(status not in (None, 0) and
              "run: init exited with status 3, every self-test passed" in term.text[start:],
              "make run after exit 3: status %r: %r" % (status, term.text[start:]))
    finally:
        term.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    build = os.path.abspath(parser.parse_args().build)
    results = []
    for arch in ARCHES:
        arch_cases(build, arch, results)
    return 0 if report("tty", results) else 1


if __name__ == "__main__":
    sys.exit(main())

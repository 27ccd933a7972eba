"""One batch gdb that debugs a row of kernels, one after another (scripts/gdb-test).

Each section of the session boots a QEMU of its own, halted at the first instruction, and
gdb starts it itself: `target remote | scripts/qemu ... -- -gdb stdio -S` speaks gdb's
protocol over the pipe, so there is no port or socket that a parallel run could take. Then
gdb stops at start_kernel and runs the section's commands; `kill` ends that QEMU before the
next section's starts. One gdb reads kernel.elf and loads the helpers once for every section,
where a gdb per boot paid for both each time.

A section's output is what gdb printed between its "@@SECTION name" marker and the next. When
no new section starts within the timeout, gdb and every QEMU it started are stopped: the
section under way ends in "@@TIMEOUT", the later ones have no output. The shell behind each
pipe writes QEMU's exit status to NAME.status; QEMU writes its pid to NAME.pid, so that no
QEMU outlives the session (gdb starts each in a session of its own, and a QEMU halted at
the first instruction would wait forever).
"""

import os
import shlex
import signal
import subprocess
import threading
import time

from sklib import qemu

MARK = "@@SECTION "


class Session:
    def __init__(self, build, arch, work, timeout, mini=False):
        """mini: debug the mini kernel (make mini), booted without an initramfs."""
        self.arch, self.build, self.work, self.timeout = arch, build, work, timeout
        self.elf = os.path.join(build, arch, *(["mini"] if mini else []), "kernel.elf")
        self.kernel = self.initrd = None
        if mini:
            image = "Image" if arch == "arm" else "kernel.elf"
            self.kernel, self.initrd = os.path.join(build, arch, "mini", image), "none"
        self.names = []
        self.output = {}
        self.ex = []
        # gdb speaks first, while QEMU may still be starting (seconds on a loaded machine):
        # with its default 2 s it would ask again, and take the late answer to the first
        # question for the answer to the second.
        for c in ("set pagination off", "set confirm off", "set width 0", "set height 0",
                  "set remotetimeout %d" % timeout, "file " + self.elf):
            self.ex += ["-ex", c]

    def _path(self, name, ext):
        mini = "-mini" if self.kernel else ""
        return os.path.join(self.work, "%s%s-%s.%s" % (self.arch, mini, name, ext))

    def section(self, name, commands, append=None, cpu=None):
        """Add a section: a fresh QEMU (with this command line and CPU model), gdb stopped at
        start_kernel with no breakpoint left, then commands (gdb -ex words)."""
        for ext in ("serial", "status", "pid"):
            if os.path.exists(self._path(name, ext)):
                os.remove(self._path(name, ext))
        cmd = qemu.command(self.arch, self.build, cpu=cpu, append=append,
                           kernel=self.kernel, initrd=self.initrd,
                           serial_file=self._path(name, "serial"),
                           extra=["-gdb", "stdio", "-S", "-pidfile", self._path(name, "pid")])
        shell = "%s; echo $? > %s" % (" ".join(shlex.quote(w) for w in cmd),
                                      shlex.quote(self._path(name, "status")))
        self.ex += ["-ex", "echo %s%s\\n" % (MARK, name), "-ex", "target remote | " + shell,
                    "-ex", "break start_kernel", "-ex", "continue", "-ex", "delete"]
        self.ex += list(commands) + ["-ex", "kill", "-ex", "delete"]
        self.names.append(name)

    def run(self):
        """Run gdb over every section; fills self.output {name: text}."""
        argv = ["gdb-multiarch", "-batch", "-nx"] + self.ex + ["-ex", "echo %s\\n" % MARK]
        proc = qemu.start(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
        lines, last = [], [time.monotonic()]

        def read():
            for raw in iter(proc.stdout.readline, b""):
                line = raw.decode(errors="replace").rstrip("\n")
                if line.startswith(MARK):
                    last[0] = time.monotonic()
                lines.append(line)
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        while proc.poll() is None and time.monotonic() - last[0] < self.timeout:
            time.sleep(0.1)
        timed_out = proc.poll() is None
        qemu.stop(proc)
        reader.join(5.0)
        self.stop_qemus()
        name = None
        for line in lines:
            if line.startswith(MARK):
                name = line[len(MARK):] or None
                self.output[name] = []
            elif name:
                self.output[name].append(line)
        if timed_out and name:
            self.output[name].append("@@TIMEOUT (no new section within %d s)" % self.timeout)
        self.output = {k: "\n".join(v) for k, v in self.output.items()}

    def stop_qemus(self):
        """Stop every QEMU of the session still running (its pid file names it)."""
        for name in self.names:
            try:
                with open(self._path(name, "pid")) as f:
                    pid = int(f.read())
                with open("/proc/%d/cmdline" % pid, "rb") as f:
                    mine = self._path(name, "pid").encode() in f.read()
            except (OSError, ValueError):
                continue
            if mine:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def text(self, name):
        return self.output.get(name, "(gdb never got to this section: an earlier one hung)")

    def serial(self, name):
        return qemu.read_text(self._path(name, "serial"))

    def status(self, name, wait=3.0):
        """QEMU's exit status in that section (waiting up to `wait` s for it), else None."""
        deadline = time.monotonic() + wait
        while True:
            text = qemu.read_text(self._path(name, "status")).strip()
            if text.isdigit() or time.monotonic() >= deadline:
                return int(text) if text.isdigit() else None
            time.sleep(0.05)

"""Running QEMU from the Python scripts: the scripts/qemu command line, timeouts, and stopping.

scripts/qemu is the only place that knows QEMU's own options; command() builds its command
line. Each QEMU starts in a session of its own, so that stopping it stops its whole process
group (scripts/qemu, QEMU, anything they started), and every process started here is
remembered, so that a timeout, Ctrl-C or SIGTERM leaves no QEMU behind (stop_all, and the
handler of catch_signals). Safe to use from several threads (scripts/ktest and bench boot in
parallel).
"""

import os
import signal
import subprocess
import sys
import threading
import time

SCRIPTS = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
ROOT = os.path.dirname(SCRIPTS)
QEMU = os.path.join(SCRIPTS, "qemu")
ARCHES = ("x86_64", "arm")

_lock = threading.Lock()
_running = set()
_stopping = False


def command(arch, build, cpu=None, smp=None, mem=None, boot=None, append=None, icount=False,
            serial_file=None, kernel=None, initrd=None, extra=()):
    """The scripts/qemu command line for one boot (extra: QEMU's own arguments, after --;
    initrd: a file, "none", or None for scripts/qemu's default)."""
    cmd = [QEMU, "--arch", arch]
    for option, value in (("--boot", boot), ("--smp", smp), ("--build", build), ("--cpu", cpu),
                          ("--mem", mem), ("--kernel", kernel), ("--initrd", initrd),
                          ("--append", append), ("--serial-file", serial_file)):
        if value is not None:
            cmd += [option, str(value)]
    if icount:
        cmd.append("--icount")
    if extra:
        cmd += ["--"] + list(extra)
    return cmd


def start(cmd, **popen_args):
    """Popen cmd in a session of its own and remember it; raises OSError if it cannot run,
    InterruptedError once stop_all() has begun."""
    with _lock:
        if _stopping:
            raise InterruptedError("stopping")
        proc = subprocess.Popen(cmd, start_new_session=True, **popen_args)
        _running.add(proc)
    return proc


def stop(proc, grace=2.0):
    """Stop proc's whole process group: SIGTERM, then SIGKILL after grace seconds."""
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 5.0)):
        if proc.poll() is not None:
            break
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
    with _lock:
        _running.discard(proc)


def wait(proc, timeout):
    """proc's exit status if it ends within timeout seconds, else None (it keeps running)."""
    try:
        status = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    with _lock:
        _running.discard(proc)
    return status


def _copy_lines(pipe, out, stamps, start_time):
    for line in iter(pipe.readline, b""):
        out.write(line)
        stamps.append(time.monotonic() - start_time)
    pipe.close()


def run(cmd, out_path, err_path, timeout, stamps=None):
    """Run cmd to its end with stdout and stderr in files; stopped after timeout seconds.
    With a list stamps, the time (seconds from the start) each line of output arrived is
    appended to it. Returns (exit status or None, timed out, why it could not start or None)."""
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start_time = time.monotonic()
        try:
            proc = start(cmd, stdin=subprocess.DEVNULL, stderr=err,
                         stdout=out if stamps is None else subprocess.PIPE)
        except InterruptedError:
            return None, False, "interrupted"
        except OSError as e:
            return None, False, "cannot run %s: %s" % (cmd[0], e.strerror)
        reader = None
        if stamps is not None:
            reader = threading.Thread(target=_copy_lines, daemon=True,
                                      args=(proc.stdout, out, stamps, start_time))
            reader.start()
        status = wait(proc, timeout)
        if status is None:
            stop(proc)
        if reader:
            reader.join(5.0)
            if reader.is_alive():   # something of its process group still holds the pipe
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                reader.join(5.0)
        return status, status is None, None


def stop_all():
    """Stop every process started here; start() refuses new ones from now on."""
    global _stopping
    with _lock:
        _stopping = True
        procs = list(_running)
    for proc in procs:
        stop(proc)


def catch_signals():
    """On SIGINT, SIGTERM or SIGHUP: stop every QEMU, then exit with 128 + the signal."""
    def handler(signum, _frame):
        stop_all()
        sys.exit(128 + signum)
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, handler)


def read_text(path):
    """A file's text (bad bytes replaced), or "" when it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", errors="replace")
    except OSError:
        return ""

"""The serial monitor's console, driven through QEMU's serial input (scripts/monitor-test).

Console boots the kernel with `monitor` (and whatever else `append` adds), its serial line on
this process's pipes (scripts/qemu, -serial stdio), and types as a terminal would.
"""

import os
import select
import subprocess
import time

from sklib import qemu

PROMPT = "\nsk> "


class Console:
    """The kernel's serial line: what we type goes in, everything it prints is kept."""

    def __init__(self, args, arch, typed_ahead=None, append="monitor"):
        self.proc = qemu.start(qemu.command(arch, args.build, append=append),
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
        if typed_ahead is not None:
            # Everything at once, then the end of the pipe.
            self.proc.stdin.write(typed_ahead.encode())
            self.proc.stdin.close()
        self.text = ""
        self.seen = 0
        self.timeout = args.timeout

    def read_until(self, marker):
        """Read until marker appears after what was already consumed; return the text before it."""
        deadline = time.monotonic() + self.timeout
        while marker not in self.text[self.seen:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no %r within %d s" % (marker, self.timeout))
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                raise EOFError("the serial line closed (QEMU ended)")
            self.text += chunk.decode(errors="replace").replace("\r", "")
        at = self.text.index(marker, self.seen)
        before = self.text[self.seen:at]
        self.seen = at + len(marker)
        return before

    def type(self, keys):
        self.proc.stdin.write(keys.encode())
        self.proc.stdin.flush()

    def command(self, keys, enter="\r"):
        """Type keys and Enter; the answer is what comes before the next prompt (echo excluded)."""
        self.type(keys + enter)
        answer = self.read_until(PROMPT)
        first_newline = answer.find("\n")
        return answer[first_newline + 1:] if first_newline >= 0 else ""

    def last_words(self, keys):
        """Type a command that ends the kernel; everything printed until QEMU exits."""
        self.type(keys + "\r")
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        return self.until_exit()

    def until_exit(self):
        """Everything printed until QEMU exits, and its status."""
        try:
            while True:
                self.read_until("\x00never")
        except (EOFError, TimeoutError):
            pass
        status = qemu.wait(self.proc, 5)
        qemu.stop(self.proc)
        return self.text[self.seen:], status

"""report.md's user-space figures: what a program pays for the kernel, measured by
tests/user/bench.c from user mode, and what the kernel pays to start one (kernel/umh.c)."""

# op of tests/user/bench.c -> what it is, in words.
USER_OPS = {
    "getpid": "null system call: getpid()",
    "write1": "write() of one byte to the console",
    "efault": "write() from NULL: the copy faults, the exception table recovers, -EFAULT",
    "efault_kernel": "write() from a kernel address: refused before the copy, -EFAULT",
    "fork_exec": "fork(), execve() of a static program (/bin/bench, its C library's start "
                 "only), exit, wait4()",
}

INIT_LOAD = ("from call_usermodehelper() (the kernel decides to run it: a new thread, its "
             "console, kernel_execve() reading and mapping the ELF file, the stack) to the "
             "last kernel instructions before the return to user mode")


def per_op(fig, op):
    return f"{fig['user']['ops'][op]['per_op']:,}"


def summary_figures():
    """(label, getter) rows for the summary table."""
    return [
        ("user: null system call, getpid(), insns per call", lambda f: per_op(f, "getpid")),
        ("user: write() of one byte to the console, insns", lambda f: per_op(f, "write1")),
        ("user: -EFAULT, write() from NULL (recovered fault) / from a kernel address, insns",
         lambda f: f"{per_op(f, 'efault')} / {per_op(f, 'efault_kernel')}"),
        ("user: fork + execve + exit + wait4 of a static program, insns",
         lambda f: per_op(f, "fork_exec")),
        ("user: loading /init, call_usermodehelper() to user mode, insns",
         lambda f: f"{f['user']['exec']['/init']:,}"),
    ]


def md_user(arch, fig):
    from sklib.bench.report import table   # report.py imports this module
    user = fig.get("user") or {}
    if not user.get("ops"):
        return ["### User space\n", "No user-space figures in this boot (no initramfs?).\n"]
    libc = "musl" if arch == "x86_64" else "glibc"
    rows = [[f"`{op}`", what, kv["reps"], f"{kv['per_op']:,}", f"{kv['min']:,}",
             f"{kv['max']:,}"]
            for op, what in USER_OPS.items() if (kv := user["ops"].get(op))]
    md = ["### User space\n",
          f"/bin/bench ({libc}, static) reads the counter from user mode around each "
          "operation, over and over (reps), less what two readings in a row cost "
          f"({user.get('counter_overhead')} instructions): the whole round trip, user and "
          "kernel instructions alike, per operation:\n",
          table(["op", "what", "reps", "per op (mean)", "min", "max"], rows),
          f"Starting a program, {INIT_LOAD} (instructions):\n",
          table(["program", "instructions"], [[f"`{p}`", f"{i:,}"]
                                                 for p, i in user["exec"].items()])]
    return md


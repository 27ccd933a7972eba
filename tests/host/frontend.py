"""Helpers the host tests of the user's front ends share (tests/host/test_make.py, the build;
tests/host/test_run.py, make run and make debug): make run as from a user's shell, one case's
result, and the KTAP suite of the results."""

import os
import subprocess
import sys
import traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer  # noqa: E402

# A kernel command line with everything a shell or make would read: quotes (one unbalanced),
# $VAR, $(...), backticks, a backslash, ';', '#' and '%'. docs/usage.md's own example comes first.
HOSTILE = 'name="a b" x=$HOME y=`id -u` z=$(shell echo hi) w=\'1;2\' p=a\\b#c%d foo="abc'


def make_env():
    """The environment of a user's shell: no make of ours around it (make check's MAKEFLAGS,
    O=, and the variables its Makefile exports would otherwise leak in)."""
    env = dict(os.environ)
    for name in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "O", "ARCH", "CPU",
                 "SMP", "MEM", "APPEND", "GDBPORT", "V", "LLVM", "CROSS_COMPILE"):
        env.pop(name, None)
    return env


def make(*args, timeout=300, **kw):
    return subprocess.run(["make", "--no-print-directory"] + list(args), cwd=ROOT,
                          env=kw.pop("env", make_env()), stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=timeout, **kw)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def run_case(name, fn):
    try:
        skip = fn()
    except Exception as e:  # noqa: BLE001 - any failure of a case is that case's result
        detail = str(e) if isinstance(e, AssertionError) else traceback.format_exc()
        return (False, name, detail)
    return (True, name, skip)


def report(suite, results):
    """Print results [(ok, name, detail)] as one KTAP suite; True iff every case passed."""
    cases = []
    for ok, name, detail in results:
        case = ktap_writer.Case(name)
        if not ok:
            case.problems += detail.rstrip().splitlines()
        elif detail:
            case.skip = detail
        cases.append(case)
    ktap_writer.header(1)
    return ktap_writer.subtest(1, suite, cases)

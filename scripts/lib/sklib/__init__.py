"""What the Python scripts of Special K share (scripts/ktest, bench, gdb-test, monitor-test).

    qemu         start scripts/qemu, time it out, stop its whole process group, read its output
    elf          the one ELF reader: section headers, symbols, linked bytes (ELF32 and ELF64)
    ktap         the KTAP parser (what scripts/ktest reads)
    ktap_writer  the KTAP writer (what every script that reports test cases prints)
    outcome      what one boot of scripts/ktest produced, printed, and kept between runs
    exits        the QEMU exit statuses, read from include/kernel/panic.h

A script puts scripts/lib on sys.path and imports what it needs:
    from sklib import qemu, ktap_writer
Standard library only.
"""

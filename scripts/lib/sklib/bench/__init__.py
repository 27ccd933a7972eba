"""scripts/bench's parts, one per job (the script itself only plans and runs them):

    steps     the boot steps of start_kernel(), by number
    boots     the boots: what each runs, running them, what each printed, what went wrong
    figures   the figures of each arch, from the boots' "bench:" lines and kernel.elf
    plots     SVG plots of the figures that scale (drawn here: no plotting library)
    report    report.md
"""

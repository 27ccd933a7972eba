/*
 * Benchmarks of the module loader (kernel/module/): what loading a sample
 * module costs, from its file in the initramfs to its init having run
 * (load_module_file(): the read, the checks, the layout, the symbols, the
 * relocations, the protections, init itself and the freeing of .init),
 * and what removing it costs (exit, then every page back), with the
 * relocations it applied and the pages it held. The modules' own
 * messages are part of their init and exit. make bench boots both arches
 * with our initramfs (ARM's Image: QEMU hands kernel.elf no initrd); a
 * boot without it has no modules to load and says so in one line.
 */
#include <asm/page.h>
#include <kernel/bench.h>
#include <kernel/fs.h>
#include <kernel/module.h>
#include <kernel/sprintf.h>

static void bench_module_load(void)
{
	static const char *const names[] = { "hello", "export_provider", "percpu_count",
					     "fault_fixup", "alt_patch" };

	struct dentry *d;

	if (kern_path("/lib/modules/hello.ko", 0, &d)) {
		bench_print("module_load", "none initramfs=0");
		return;
	}
	dput(d);
	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[64];
		struct module *mod;
		unsigned int relocs, syms;
		unsigned long pages;
		u64 load, unload;
		int err = 0;

		snprintf(path, sizeof(path), "/lib/modules/%s.ko", names[i]);
		load = bench_measure(mod = load_module_file(path, "", &err));
		if (!mod) {
			bench_print("error", "module: %s did not load (%d)", names[i], err);
			continue;
		}
		relocs = mod->num_relocs;
		syms = mod->kallsyms.num;
		pages = module_size(mod) / PAGE_SIZE;
		unload = bench_measure(err = delete_module(names[i]));
		if (err)
			bench_print("error", "module: %s did not unload (%d)", names[i], err);
		bench_print("module_load", "%s load=%llu unload=%llu relocs=%u pages=%lu symbols=%u",
			    names[i], (unsigned long long)load, (unsigned long long)unload, relocs,
			    pages, syms);
	}
}
bench_case(bench_module_load);

/*
 * modpost's list of exports, and the Module.symvers files it reads and
 * writes, in Linux's format: one line per symbol,
 * "0x00000000<TAB>NAME<TAB>OWNER<TAB>EXPORT_SYMBOL[_GPL]<TAB>NAMESPACE",
 * the first column the CRC (always 0 here: no CONFIG_MODVERSIONS), OWNER
 * "vmlinux" or the module's path without ".ko" (Linux writes
 * "drivers/net/foo"; a module's name is the path's last part).
 *
 * The kernel's list is printed from the linked kernel (modpost --symvers);
 * a modpost run over modules reads any number of such files (-i: the
 * kernel's, the in-tree modules', an external build's, which Kbuild calls
 * KBUILD_EXTRA_SYMBOLS) and writes what its own modules export (-O), for
 * a later build's -i, as Linux's modpost does (write_dump()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symvers.h"

static struct export *exports;
static size_t nexports, exports_cap;

struct export *find_export(const char *name)
{
	for (size_t i = 0; i < nexports; i++)
		if (!strcmp(exports[i].name, name))
			return &exports[i];
	return NULL;
}

void add_export(const char *name, const char *owner, bool gpl_only, bool from_file)
{
	struct export *old = find_export(name);

	if (old) {
		report(true, "\"%s\" [%s%s] exported twice. Previous export was in %s%s", name, owner,
		      strcmp(owner, "vmlinux") ? ".ko" : "", old->owner,
		      strcmp(old->owner, "vmlinux") ? ".ko" : "");
		return;
	}
	if (nexports == exports_cap) {
		exports_cap = exports_cap ? 2 * exports_cap : 256;
		exports = realloc(exports, exports_cap * sizeof(*exports));
		if (!exports)
			die("out of memory", owner);
	}
	exports[nexports] = (struct export){ strdup(name), owner, gpl_only, from_file };
	if (!exports[nexports++].name)
		die("out of memory", owner);
}

void read_symvers(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];
	unsigned lineno = 0;

	if (!f)
		die(strerror(errno), path);
	while (fgets(line, sizeof(line), f)) {
		char *crc = strtok(line, "\t\n"), *name = strtok(NULL, "\t\n");
		char *owner = strtok(NULL, "\t\n"), *type = strtok(NULL, "\t\n");
		const char *base;

		lineno++;
		if (!crc || !name || !owner || !type ||
		    (strcmp(type, "EXPORT_SYMBOL") && strcmp(type, "EXPORT_SYMBOL_GPL"))) {
			fprintf(stderr, "modpost: %s:%u: not a Module.symvers line (0xCRC, name, "
				"owner, EXPORT_SYMBOL[_GPL], tab-separated)\n", path, lineno);
			exit(2);
		}
		base = strrchr(owner, '/') ? strrchr(owner, '/') + 1 : owner;
		base = strdup(base);
		if (!base)
			die("out of memory", path);
		add_export(name, base, !strcmp(type, "EXPORT_SYMBOL_GPL"), true);
	}
	fclose(f);
}

/*
 * path holds text, rewritten only when it differs, as Linux's
 * write_if_changed(): what is made from an unchanged file keeps its time,
 * so make remakes nothing after it (a NAME.mod.c, a Module.symvers).
 */
void write_if_changed(const char *path, const char *text, size_t len)
{
	char *buf = malloc(len + 1);
	FILE *f = fopen(path, "r");
	bool same = f && buf && fread(buf, 1, len + 1, f) == len && !memcmp(buf, text, len);

	if (f)
		fclose(f);
	free(buf);
	f = same ? NULL : fopen(path, "w");
	if (!same && (!f || fwrite(text, 1, len, f) != len || fclose(f)))
		die(strerror(errno), path);
}

void write_module_symvers(const char *path)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		die(strerror(errno), path);
	for (size_t i = 0; i < nexports; i++)
		if (!exports[i].from_file)
			fprintf(f, "0x00000000\t%s\t%s\t%s\t\n", exports[i].name, exports[i].owner,
				exports[i].gpl_only ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL");
	if (ferror(f) || fclose(f))
		die("out of memory", path);
	write_if_changed(path, text, len);
	free(text);
}

/*
 * Host tests of the newc unpacker (kernel/fs/initramfs.c): what they share.
 * The unpacker calls init_mkdir(), init_symlink(), init_create_file() and
 * init_mknod() (its data: "major:minor"); here those record each call in
 * entries[], so a test can see what an archive made. A later entry of a
 * name replaces the earlier one, as the kernel's clean_path() does. add()
 * writes entries by hand, for what Debian's cpio would never write. Each test program includes it once.
 */
#ifndef _HOST_INITRAMFS_HOST_H
#define _HOST_INITRAMFS_HOST_H

#include <stdio.h>
#include <stdlib.h>

#include "klib.h"
#include "ktap_host.h"

#include <kernel/initramfs.h>

#define MAX_ENTRIES	64

struct entry {
	char type;		/* 'd', 'f', 'l', 'c', as find -printf %y */
	char path[256];
	unsigned int mode;
	char *data;		/* a file's bytes or a link's target */
	size_t len;
};

static struct entry entries[MAX_ENTRIES];
static int nr_entries;
static const char *fail_name;	/* init_create_file() says -ENOMEM for this name */

static inline void reset(void)
{
	for (int i = 0; i < nr_entries; i++)
		free(entries[i].data);
	nr_entries = 0;
	fail_name = NULL;
}

/* A later entry of the same name replaces the earlier one, as clean_path() does. */
static inline int record(char type, const char *name, unsigned int mode, const void *data,
			size_t len)
{
	struct entry *e = NULL;

	for (int i = 0; i < nr_entries; i++)
		if (!strcmp(entries[i].path, name))
			e = &entries[i];
	if (!e) {
		if (nr_entries == MAX_ENTRIES || strlen(name) >= sizeof(e->path))
			return -ENOSPC;
		e = &entries[nr_entries++];
	} else {
		free(e->data);
	}
	e->type = type;
	snprintf(e->path, sizeof(e->path), "%s", name);
	e->mode = mode & 07777;
	e->data = malloc(len + 1);
	memcpy(e->data, data, len);
	e->data[len] = '\0';
	e->len = len;
	return 0;
}

int init_mkdir(const char *name, umode_t mode)
{
	return record('d', name, mode, "", 0);
}

int init_symlink(const char *target, size_t len, const char *name)
{
	return record('l', name, 0777, target, len);
}

int init_create_file(const char *name, umode_t mode, const void *data, size_t len)
{
	if (fail_name && !strcmp(name, fail_name))
		return -ENOMEM;
	return record('f', name, mode, data, len);
}

int init_mknod(const char *name, umode_t mode, unsigned long major, unsigned long minor)
{
	char dev[32];

	snprintf(dev, sizeof(dev), "%lu:%lu", major, minor);
	return record('c', name, mode, dev, strlen(dev));
}

static inline struct entry *find(const char *path)
{
	for (int i = 0; i < nr_entries; i++)
		if (!strcmp(entries[i].path, path))
			return &entries[i];
	return NULL;
}


/* A hand-made archive. */
struct newc {
	char buf[4096];
	size_t len;
};

static inline void pad4(struct newc *a)
{
	while (a->len & 3)
		a->buf[a->len++] = '\0';
}

/* Header fields, by their offset in the header. */
#define MAGIC		0
#define MODE		(6 + 1 * 8)
#define FILESIZE	(6 + 6 * 8)
#define NAMESIZE	(6 + 11 * 8)

/* One entry; namesize (NUL included) is strlen(name) + 1 unless given. Where its header is. */
static inline size_t add(struct newc *a, const char *name, unsigned int mode, const char *data,
		  unsigned long namesize)
{
	size_t dlen = strlen(data), h = a->len;

	if (!namesize)
		namesize = strlen(name) + 1;
	a->len += sprintf(a->buf + a->len, "070701%08X%08X%08X%08X%08X%08X%08zX%08X%08X%08X%08X"
			  "%08lX%08X", 1, mode, 0, 0, 1, 0, dlen, 0, 0, 0, 0, namesize, 0);
	memcpy(a->buf + a->len, name, strlen(name) + 1);
	a->len += strlen(name) + 1;
	pad4(a);
	memcpy(a->buf + a->len, data, dlen);
	a->len += dlen;
	pad4(a);
	return h;
}

static inline void add_trailer(struct newc *a)
{
	add(a, "TRAILER!!!", 0, "", 0);
}

static inline void expect_failure(const struct newc *a, const char *reason, int line)
{
	const char *err;

	reset();
	err = unpack_to_rootfs(a->buf, a->len);
	if (!err || strcmp(err, reason))
		ktap_fail(line, "expected \"%s\", got \"%s\"", reason, err ? err : "success");
	/* What came before the broken entry stays. */
	if (!find("kept") || strcmp(find("kept")->data, "yes"))
		ktap_fail(line, "the entry before the fault was lost");
}

/* Start an archive whose first entry is the file "kept". */
static inline void start(struct newc *a)
{
	a->len = 0;
	add(a, "kept", S_IFREG | 0644, "yes", 0);
}


#endif

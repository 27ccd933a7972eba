/*
 * The monitor's commands on the root file system (kernel/fs/): `ls` and
 * `cat`, to see what the initramfs put there. `ls` reads a directory the
 * way getdents() does, one entry per iterate_dir() call, resuming at
 * ctx.pos, and looks each entry up by its path for its mode and size
 * (the actor may not, as it runs under the file system's lock).
 */
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/monitor.h>
#include <kernel/slab.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

/* The errnos the file system gives, in the words of Linux's strerror(). */
static const char *fs_strerror(int err)
{
	switch (-err) {
	case ENOENT:		return "No such file or directory";
	case ENOTDIR:		return "Not a directory";
	case EISDIR:		return "Is a directory";
	case ENAMETOOLONG:	return "File name too long";
	case ELOOP:		return "Too many levels of symbolic links";
	default:		return "error";
	}
}

/* `ls -l`'s first column: the type letter and rwx for owner, group, others. */
static void mode_string(umode_t mode, char s[11])
{
	s[0] = S_ISDIR(mode) ? 'd' : S_ISLNK(mode) ? 'l' : S_ISREG(mode) ? '-' : '?';
	for (int i = 0; i < 9; i++)
		s[1 + i] = mode & (0400 >> i) ? "rwxrwxrwx"[i] : '-';
	s[10] = '\0';
}

/* One line of `ls -l`; buf (PATH_MAX bytes) holds a link's target. */
static void print_entry(struct dentry *d, const char *name, char *buf)
{
	struct inode *inode = d->d_inode;
	char mode[11];

	mode_string(inode->i_mode, mode);
	monitor_printf("%s %8lld %s", mode, (long long)inode->i_size, name);
	if (S_ISLNK(inode->i_mode) && vfs_readlink(d, buf, PATH_MAX) >= 0)
		monitor_printf(" -> %s", buf);
	monitor_printf("\n");
}

/* Takes one entry per iterate_dir() call: its name, then "buffer full". */
struct one_entry {
	struct dir_context ctx;
	char name[NAME_MAX + 1];
	bool got;
};

static bool take_one(struct dir_context *ctx, const char *name, int len, loff_t pos,
		     unsigned long ino, unsigned int d_type)
{
	struct one_entry *e = (struct one_entry *)ctx;

	(void)pos;
	(void)ino;
	(void)d_type;
	if (e->got)
		return false;
	memcpy(e->name, name, len);
	e->name[len] = '\0';
	e->got = true;
	return true;
}

static int cmd_ls(int argc, char **argv)
{
	char *path;
	const char *dir = argc == 2 ? argv[1] : "/";
	struct one_entry e;
	struct dentry *d, *entry;
	int err;

	if (argc > 2)
		return -EINVAL;
	err = kern_path(dir, LOOKUP_FOLLOW, &d);
	if (err) {
		monitor_printf("ls: %s: %s\n", dir, fs_strerror(err));
		return 0;
	}
	/* From kmalloc(), not the image: RAM is short on the smallest machines. */
	path = kmalloc(PATH_MAX);
	if (!path) {
		monitor_printf("ls: out of memory\n");
		dput(d);
		return 0;
	}
	if (!S_ISDIR(d->d_inode->i_mode)) {
		print_entry(d, dir, path);
		kfree(path);
		dput(d);
		return 0;
	}
	memset(&e, 0, sizeof(e));
	e.ctx.actor = take_one;
	for (;;) {
		e.got = false;
		if (iterate_dir(d, &e.ctx) || !e.got)
			break;
		snprintf(path, PATH_MAX, "%s/%s", dir, e.name);
		if (!kern_path(path, 0, &entry)) {
			print_entry(entry, e.name, path);
			dput(entry);
		}
	}
	kfree(path);
	dput(d);
	return 0;
}

static int cmd_cat(int argc, char **argv)
{
	char buf[128], last = '\n';
	struct dentry *d;
	loff_t pos = 0;
	long n;
	int err;

	if (argc != 2)
		return -EINVAL;
	err = kern_path(argv[1], LOOKUP_FOLLOW, &d);
	if (!err && S_ISDIR(d->d_inode->i_mode)) {
		dput(d);
		err = -EISDIR;
	}
	if (err) {
		monitor_printf("cat: %s: %s\n", argv[1], fs_strerror(err));
		return 0;
	}
	while ((n = vfs_read(d->d_inode, buf, sizeof(buf), pos)) > 0) {
		monitor_printf("%.*s", (int)n, buf);
		pos += n;
		last = buf[n - 1];
	}
	dput(d);
	/* The prompt starts a line of its own even after a file with no newline at its end. */
	if (last != '\n')
		monitor_printf("\n");
	return 0;
}

monitor_command("ls", "[DIR]", "a directory of the root file system (the initramfs), / at first",
		cmd_ls);
monitor_command("cat", "PATH", "a file of the root file system", cmd_cat);

/*
 * /bin/kmod: insmod, rmmod and lsmod in one program, as kmod's are (one
 * static program rather than three keeps the initramfs small). The name it
 * is run by picks the tool: /sbin/insmod, /sbin/rmmod and /sbin/lsmod are
 * links to it. Each speaks kmod's words and takes kmod's way, through
 * Linux's interfaces only:
 *
 *   insmod FILE [param=value...]   finit_module(2) on the open file (and
 *                                  init_module(2) on its bytes when the
 *                                  kernel has no finit_module, ENOSYS)
 *   rmmod NAME                     delete_module(2), O_NONBLOCK; NAME may
 *                                  be a path, dir/NAME.ko
 *   lsmod                          /proc/modules, as kmod's table
 *
 * The C libraries have no wrapper for these calls: syscall(2) makes them.
 * Exit status 0 on success, 1 on failure with a line on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* insmod's and rmmod's words, the same as the kernel monitor's: one header for both. */
#include "../../include/kernel/insmod_error.h"

/* The bytes of the open file fd, malloc()ed: for init_module(2). */
static void *read_all(int fd, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t n;

	if (fstat(fd, &st) || !(buf = malloc(st.st_size ? st.st_size : 1)))
		return NULL;
	for (*len = 0; *len < (size_t)st.st_size; *len += n) {
		n = read(fd, buf + *len, st.st_size - *len);
		if (n <= 0) {
			free(buf);
			return NULL;
		}
	}
	return buf;
}

static int insmod(int argc, char **argv)
{
	size_t optslen = 0, len;
	char *opts = calloc(1, 1);
	void *image;
	int fd, err = 0;

	if (argc < 2) {
		fprintf(stderr, "Usage: insmod FILE [param=value...]\n");
		return 1;
	}
	/*
	 * The parameters as one string, separated by spaces, as the kernel wants
	 * them; each value in double quotes, which keep its spaces (whom="a b").
	 */
	for (int i = 2; opts && i < argc; i++) {
		char *more = realloc(opts, optslen + strlen(argv[i]) + 4), *eq = strchr(argv[i], '=');

		if (!more)
			free(opts);
		opts = more;
		if (opts && eq)
			optslen += sprintf(opts + optslen, "%s%.*s=\"%s\"", optslen ? " " : "",
					   (int)(eq - argv[i]), argv[i], eq + 1);
		else if (opts)
			optslen += sprintf(opts + optslen, "%s%s", optslen ? " " : "", argv[i]);
	}
	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, INSMOD_LOAD_ERROR, argv[1], insmod_errno_text(errno));
		return 1;
	}
	if (!opts)
		err = ENOMEM;
	else if (syscall(SYS_finit_module, fd, opts, 0) != 0)
		err = errno;
	if (err == ENOSYS) {
		image = read_all(fd, &len);
		err = !image ? errno : syscall(SYS_init_module, image, len, opts) ? errno : 0;
		free(image);
	}
	close(fd);
	free(opts);
	if (err)
		fprintf(stderr, INSMOD_INSERT_ERROR, argv[1], insmod_strerror(err));
	return !!err;
}

/* A line of /proc/modules in its fields: name, size, use count, users ("a,b," or "-"). */
struct modline {
	char name[64], users[512];
	long size;
	int refcnt;
};

/* The next line of f, split; 0, or -1 at the end. */
static int next_module(FILE *f, struct modline *m)
{
	char line[768];

	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %ld %d %511s", m->name, &m->size, &m->refcnt,
			   m->users) == 4)
			return 0;
	return -1;
}

/* The users of a module as kmod prints them: "a,b", without "-" or "[permanent]". */
static void print_users(FILE *out, const char *users, const char *first, const char *sep)
{
	char copy[512], *word, *p = copy;
	const char *s = first;

	snprintf(copy, sizeof(copy), "%s", users);
	while ((word = strsep(&p, ","))) {
		if (!*word || !strcmp(word, "-") || !strcmp(word, "[permanent]"))
			continue;
		fprintf(out, "%s%s", s, word);
		s = sep;
	}
}

static int lsmod(int argc, char **argv)
{
	FILE *f = fopen("/proc/modules", "re");
	struct modline m;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "Usage: lsmod\n");
		return 1;
	}
	if (!f) {
		fprintf(stderr, "lsmod: ERROR: could not get list of modules: %s\n",
			strerror(errno));
		return 1;
	}
	printf("Module                  Size  Used by\n");
	while (!next_module(f, &m)) {
		printf("%-19s %8ld  %d", m.name, m.size, m.refcnt);
		print_users(stdout, m.users, " ", ",");
		printf("\n");
	}
	fclose(f);
	return 0;
}

/* What uses name, from /proc/modules, for rmmod's "is in use by:". */
static void print_holders(const char *name)
{
	FILE *f = fopen("/proc/modules", "re");
	struct modline m;

	while (f && !next_module(f, &m))
		if (!strcmp(m.name, name))
			print_users(stderr, m.users, "", " ");
	if (f)
		fclose(f);
}

static int rmmod(int argc, char **argv)
{
	char name[64];
	const char *base;
	size_t len;

	if (argc != 2) {
		fprintf(stderr, "Usage: rmmod NAME\n");
		return 1;
	}
	/* A path names its module: dir/NAME.ko is NAME. */
	base = strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];
	len = strlen(base);
	if (len > 3 && !strcmp(base + len - 3, ".ko"))
		len -= 3;
	snprintf(name, sizeof(name), "%.*s", (int)len, base);
	if (!syscall(SYS_delete_module, name, O_NONBLOCK))
		return 0;
	if (errno == ENOENT) {
		fprintf(stderr, "rmmod: ERROR: Module %s is not currently loaded\n", name);
	} else if (errno == EWOULDBLOCK) {
		fprintf(stderr, "rmmod: ERROR: Module %s is in use by: ", name);
		print_holders(name);
		fprintf(stderr, "\n");
	} else {
		fprintf(stderr, "rmmod: ERROR: could not remove module %s: %s\n", name,
			insmod_errno_text(errno));
	}
	return 1;
}

int main(int argc, char **argv)
{
	const char *slash = argc ? strrchr(argv[0], '/') : NULL;
	const char *tool = slash ? slash + 1 : argc ? argv[0] : "kmod";

	if (!strcmp(tool, "insmod"))
		return insmod(argc, argv);
	if (!strcmp(tool, "rmmod"))
		return rmmod(argc, argv);
	if (!strcmp(tool, "lsmod"))
		return lsmod(argc, argv);
	fprintf(stderr, "kmod: run me as insmod, rmmod or lsmod (not %s)\n", tool);
	return 1;
}

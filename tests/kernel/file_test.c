/*
 * The "files" suite: descriptor tables and the counts on open files
 * (kernel/fs/file.c). fget() hands its caller a count of its own, so a
 * file in use lives on when its descriptor is closed meanwhile (by another
 * thread of a shared table, once there are such), and is freed by the
 * caller's fput(). The cases give the test thread a table of its own, as
 * a user process has, and take it away again.
 */
#include <kernel/file.h>
#include <kernel/ktest.h>
#include <kernel/sched.h>

static void fget_takes_a_count(struct ktest *t)
{
	struct files_struct *files = files_alloc_console();
	struct file *f, *again;

	KTEST_ASSERT_TRUE(t, files != NULL && !current->files);
	current->files = files;
	f = fget(1);
	KTEST_ASSERT_TRUE(t, f != NULL);
	/* The console is fd 0, 1 and 2: three counts, and now fget()'s. */
	KTEST_EXPECT_EQ(t, atomic_read(&f->f_count), 4);
	KTEST_EXPECT_EQ(t, close_fd(0), 0);
	KTEST_EXPECT_EQ(t, close_fd(1), 0);
	KTEST_EXPECT_EQ(t, close_fd(2), 0);
	/* Every descriptor closed, the file still held by this caller. */
	KTEST_EXPECT_EQ(t, atomic_read(&f->f_count), 1);
	KTEST_EXPECT_TRUE(t, fget(1) == NULL);
	KTEST_EXPECT_EQ(t, fd_install(f, 5, false), 5);	/* the table takes the count over */
	again = fget(5);
	KTEST_EXPECT_TRUE(t, again == f);
	KTEST_EXPECT_EQ(t, atomic_read(&f->f_count), 2);
	fput(again);
	KTEST_EXPECT_TRUE(t, fget(-1) == NULL && fget(NR_OPEN) == NULL);
	current->files = NULL;
	put_files(files);
}

static const struct ktest_case files_cases[] = {
	KTEST_CASE(fget_takes_a_count),
	{}
};

static const struct ktest_suite files_suite = { "files", files_cases };
ktest_suite(files_suite);

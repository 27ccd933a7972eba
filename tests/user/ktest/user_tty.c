/*
 * user_tty: the console as a terminal, checked by its effects through the
 * calls a shell and the C library make: termios read and written back
 * (and its layout byte by byte), the window size and SIGWINCH, the
 * controlling terminal and its foreground group (tcgetpgrp/tcsetpgrp with
 * Linux's errors), /dev/tty, ENOTTY and EFAULT. The line discipline is
 * user_n_tty's; tests/user/tty-session.h says which terminal is tested, on
 * Special K and on Linux. Every case leaves the terminal's settings as it
 * found them.
 */
#define _GNU_SOURCE
#include <sched.h>

#include "tty-session.h"

/* _IOR('T', 0x2A, struct termios2): the C libraries' headers name no struct termios2. */
#define TCGETS2_NR	0x802C542AUL

/* Linux's tty_std_termios, and struct termios laid out as the kernel's asm-generic one. */
static void termios_defaults_and_layout(void)
{
	unsigned char raw[64];
	struct termios t;
	unsigned int lflag;

	if (!terminal())
		return;
	EXPECT(isatty(term) && tcgetattr(term, &t) == 0, "isatty/tcgetattr: errno %d", errno);
	EXPECT(t.c_iflag == (ICRNL | IXON), "c_iflag %#x", t.c_iflag);
	EXPECT(t.c_oflag == (OPOST | ONLCR), "c_oflag %#x", t.c_oflag);
	EXPECT(t.c_lflag == (ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE | IEXTEN),
	       "c_lflag %#x", t.c_lflag);
	EXPECT(t.c_cc[VINTR] == 3 && t.c_cc[VQUIT] == 034 && t.c_cc[VERASE] == 0177 &&
	       t.c_cc[VKILL] == 025 && t.c_cc[VEOF] == 4 && t.c_cc[VMIN] == 1 &&
	       t.c_cc[VTIME] == 0 && t.c_cc[VWERASE] == 027 && t.c_cc[VSUSP] == 032,
	       "c_cc intr %d quit %d erase %d kill %d eof %d min %d time %d", t.c_cc[VINTR],
	       t.c_cc[VQUIT], t.c_cc[VERASE], t.c_cc[VKILL], t.c_cc[VEOF], t.c_cc[VMIN],
	       t.c_cc[VTIME]);
	/* The kernel's struct termios: 4 flags, c_line, c_cc[19] at 17; 36 bytes, no more. */
	memset(raw, 0xa5, sizeof(raw));
	EXPECT(ioctl(term, TCGETS, raw) == 0, "TCGETS: errno %d", errno);
	memcpy(&lflag, raw + 12, sizeof(lflag));
	EXPECT(lflag == t.c_lflag && raw[17 + 0] == 3 && raw[17 + 2] == 0177 && raw[17 + 6] == 1,
	       "TCGETS layout: lflag %#x, cc %d %d %d", lflag, raw[17], raw[19], raw[23]);
	EXPECT(raw[36] == 0xa5 && raw[63] == 0xa5, "TCGETS wrote past 36 bytes");
	/* termios2: the same, then the two speeds, 44 bytes. */
	memset(raw, 0xa5, sizeof(raw));
	EXPECT(ioctl(term, TCGETS2_NR, raw) == 0, "TCGETS2: errno %d", errno);
	memcpy(&lflag, raw + 12, sizeof(lflag));
	EXPECT(lflag == t.c_lflag && raw[44] == 0xa5 && raw[40] != 0xa5, "TCGETS2 layout");
}

/* What tcsetattr() sets, tcgetattr() reads back, by each of TCSETS, TCSETSW, TCSETSF. */
static void termios_round_trip(void)
{
	static const int actions[] = { TCSANOW, TCSADRAIN, TCSAFLUSH };
	struct termios t, back;

	if (!terminal())
		return;
	for (size_t i = 0; i < 3; i++) {
		t = saved;
		t.c_lflag &= ~(ICANON | ECHO | ISIG);
		t.c_oflag &= ~ONLCR;
		t.c_cc[VMIN] = 2 + i;
		t.c_cc[VTIME] = 3;
		t.c_cc[VERASE] = '\b';
		EXPECT(tcsetattr(term, actions[i], &t) == 0, "tcsetattr %d: errno %d", actions[i],
		       errno);
		EXPECT(tcgetattr(term, &back) == 0, "tcgetattr: errno %d", errno);
		EXPECT(back.c_lflag == t.c_lflag && back.c_oflag == t.c_oflag &&
		       back.c_iflag == t.c_iflag && !memcmp(back.c_cc, t.c_cc, NCCS),
		       "action %d: lflag %#x oflag %#x min %d erase %d", actions[i], back.c_lflag,
		       back.c_oflag, back.c_cc[VMIN], back.c_cc[VERASE]);
	}
	EXPECT(tcsetattr(term, TCSANOW, &saved) == 0, "restore: errno %d", errno);
}

static volatile sig_atomic_t winches;

static void on_winch(int sig)
{
	(void)sig;
	winches++;
}

/* A new size reads back, and is SIGWINCH to the foreground group; the same size is not. */
static void resize_in_session(void)
{
	struct winsize ws = { .ws_row = 30, .ws_col = 100 }, back;

	signal(SIGWINCH, on_winch);
	CEXPECT(ioctl(term, TIOCSWINSZ, &ws) == 0, "TIOCSWINSZ: errno %d", errno);
	CEXPECT(ioctl(term, TIOCGWINSZ, &back) == 0 && back.ws_row == 30 && back.ws_col == 100,
		"TIOCGWINSZ: %dx%d errno %d", back.ws_row, back.ws_col, errno);
	CEXPECT(ioctl(term, TIOCSWINSZ, &ws) == 0, "TIOCSWINSZ again: errno %d", errno);
	CEXPECT(winches == 1, "%d SIGWINCH for one change of size", (int)winches);
}

static void window_size(void)
{
	struct winsize ws;

	if (!terminal())
		return;
	EXPECT(ioctl(term, TIOCGWINSZ, &ws) == 0, "TIOCGWINSZ: errno %d", errno);
	if (on_special_k())
		EXPECT(ws.ws_row == 24 && ws.ws_col == 80, "the console is %dx%d", ws.ws_row,
		       ws.ws_col);
	in_session(resize_in_session);
}

static pid_t other_session;	/* a group of another session (in_session's child is not in it) */

static void foreground_in_session(void)
{
	int p[2], pgrp = -1, sid = -1, status;
	pid_t g;

	CEXPECT(tcgetpgrp(term) == getpid(), "foreground %d, leader %d", tcgetpgrp(term),
		getpid());
	CEXPECT(ioctl(term, TIOCGSID, &sid) == 0 && sid == getpid(), "TIOCGSID %d: errno %d",
		sid, errno);
	CEXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	g = waiting_child(p);
	CEXPECT(setpgid(g, g) == 0, "setpgid: errno %d", errno);
	CEXPECT(tcsetpgrp(term, g) == 0 && tcgetpgrp(term) == g, "tcsetpgrp(child): errno %d",
		errno);
	CEXPECT(ioctl(term, TIOCGPGRP, &pgrp) == 0 && pgrp == g, "TIOCGPGRP %d", pgrp);
	CEXPECT(tcsetpgrp(term, -1) == -1 && errno == EINVAL, "group -1: errno %d", errno);
	CEXPECT(tcsetpgrp(term, 0x7ffffff0) == -1 && errno == ESRCH, "no such group: errno %d",
		errno);
	CEXPECT(tcsetpgrp(term, other_session) == -1 && errno == EPERM,
		"another session's group: errno %d", errno);
	CEXPECT(ioctl(term, TIOCSPGRP, NULL) == -1 && errno == EFAULT, "NULL: errno %d", errno);
	CEXPECT(ioctl(term, TIOCGPGRP, NULL) == -1 && errno == EFAULT, "NULL: errno %d", errno);
	CEXPECT(tcgetpgrp(term) == g, "a refused tcsetpgrp changed the group");
	CEXPECT(tcsetpgrp(term, getpid()) == 0, "back to the leader: errno %d", errno);
	close(p[1]);
	CEXPECT(waitpid(g, &status, 0) == g && status == 0, "child: status %#x", status);
	close(p[0]);
}

/* The foreground group, only on the caller's controlling terminal (ENOTTY elsewhere). */
static void foreground_group(void)
{
	int p[2], status;

	if (!terminal())
		return;
	EXPECT(tcgetpgrp(term) == -1 && errno == ENOTTY, "not our terminal: errno %d", errno);
	EXPECT(tcsetpgrp(term, getpgrp()) == -1 && errno == ENOTTY, "tcsetpgrp: errno %d", errno);
	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	fflush(stdout);
	other_session = fork();
	if (other_session == 0) {
		close(p[1]);
		_exit(setsid() < 0 || read(p[0], &status, 1) != 0);
	}
	close(p[0]);
	for (int i = 0; i < 100000 && getsid(other_session) != other_session; i++)
		sched_yield();	/* its setsid() first */
	in_session(foreground_in_session);
	close(p[1]);
	EXPECT(waitpid(other_session, &status, 0) == other_session && status == 0,
	       "the other session: status %#x", status);
}

/* ENOTTY for what is no terminal; EFAULT and EINVAL for bad arguments. */
static void bad_requests(void)
{
	struct termios t;
	int p[2], fd;

	if (!terminal())
		return;
	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	EXPECT(ioctl(p[0], TCGETS, &t) == -1 && errno == ENOTTY && !isatty(p[1]),
	       "a pipe: errno %d", errno);
	close(p[0]);
	close(p[1]);
	fd = open(on_special_k() ? "/hello.txt" : "/etc/passwd", O_RDONLY);
	EXPECT(fd >= 0 && ioctl(fd, TCGETS, &t) == -1 && errno == ENOTTY, "a file: errno %d", errno);
	close(fd);
	fd = open("/dev/null", O_RDWR);
	EXPECT(fd >= 0 && ioctl(fd, TIOCGWINSZ, &t) == -1 && errno == ENOTTY,
	       "/dev/null: errno %d", errno);
	close(fd);
	EXPECT(ioctl(term, TCGETS, NULL) == -1 && errno == EFAULT, "TCGETS NULL: errno %d", errno);
	EXPECT(ioctl(term, TCSETS, NULL) == -1 && errno == EFAULT, "TCSETS NULL: errno %d", errno);
	EXPECT(ioctl(term, TIOCGWINSZ, (void *)1) == -1 && errno == EFAULT,
	       "TIOCGWINSZ at 1: errno %d", errno);
	EXPECT(ioctl(term, TCFLSH, 7) == -1 && errno == EINVAL, "TCFLSH 7: errno %d", errno);
	EXPECT(ioctl(term, 0x5499, 0) == -1 && errno == ENOTTY, "ioctl 0x5499: errno %d", errno);
	EXPECT(ioctl(99, TCGETS, &t) == -1 && errno == EBADF, "fd 99: errno %d", errno);
}

/* In a new session: the second leader and a process that leads none may not take the terminal. */
static void others_may_not_take_it(void)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(ioctl(term, TIOCSCTTY, 0) == -1 && errno == EPERM ? 0 : 1);
	CEXPECT(waitpid(pid, &status, 0) == pid && status == 0, "not a leader: status %#x", status);
	pid = fork();
	if (pid == 0)
		_exit(setsid() > 0 && ioctl(term, TIOCSCTTY, 0) == -1 && errno == EPERM ? 0 : 1);
	CEXPECT(waitpid(pid, &status, 0) == pid && status == 0, "another leader: status %#x",
		status);
	CEXPECT(ioctl(term, TIOCSCTTY, 0) == 0, "again, by its own: errno %d", errno);
}

/*
 * A leader gets its controlling terminal by opening the line's node (not
 * with O_NOCTTY; on Special K not /dev/console either, as on Linux); then
 * /dev/tty opens it.
 */
static void open_makes_it_controlling(void)
{
	int fd, tty;

	CEXPECT(setsid() == getpid(), "setsid: errno %d", errno);
	CEXPECT(open("/dev/tty", O_RDWR) == -1 && errno == ENXIO, "/dev/tty: errno %d", errno);
	fd = open(line_path, O_RDWR | O_NOCTTY);
	CEXPECT(fd >= 0 && tcgetpgrp(fd) == -1 && errno == ENOTTY, "O_NOCTTY: errno %d", errno);
	close(fd);
	if (on_special_k()) {
		fd = open("/dev/console", O_RDWR);
		CEXPECT(fd >= 0 && tcgetpgrp(fd) == -1 && errno == ENOTTY,
			"/dev/console: errno %d", errno);
		close(fd);
	}
	fd = open(line_path, O_RDWR);
	CEXPECT(fd >= 0 && tcgetpgrp(fd) == getpid(), "%s: errno %d", line_path, errno);
	tty = open("/dev/tty", O_RDWR);
	CEXPECT(tty >= 0 && tcgetpgrp(tty) == getpid() && isatty(tty), "/dev/tty: errno %d",
		errno);
	close(tty);
	close(fd);
}

static void controlling_terminal(void)
{
	if (!terminal())
		return;
	in_session(others_may_not_take_it);
	/* Its leader gone, the terminal is free for the next session. */
	in_child(open_makes_it_controlling);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(termios_defaults_and_layout),
	KTAP_CASE(termios_round_trip),
	KTAP_CASE(window_size),
	KTAP_CASE(foreground_group),
	KTAP_CASE(bad_requests),
	KTAP_CASE(controlling_terminal),
};
ktest_user_suite(user_tty, cases);

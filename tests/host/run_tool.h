/*
 * Host tests of the build's own tools (scripts/checksections,
 * scripts/sorttable): run a tool through the shell, as the build does, and
 * keep its exit status and everything it printed, for the test to compare.
 */
#ifndef _HOST_RUN_TOOL_H
#define _HOST_RUN_TOOL_H

#include <stdio.h>
#include <sys/wait.h>

#define OUTPUT_MAX	4096

struct run {
	int status;		/* exit status, -1 if the tool did not exit normally */
	char out[OUTPUT_MAX];	/* stdout and stderr */
};

/* Run tool with args (already quoted for the shell). */
static void run_tool(const char *tool, const char *args, struct run *r)
{
	char command[1024];
	size_t n;
	FILE *p;
	int status;

	snprintf(command, sizeof(command), "%s %s 2>&1", tool, args);
	r->status = -1;
	r->out[0] = '\0';
	p = popen(command, "r");
	if (!p)
		return;
	n = fread(r->out, 1, sizeof(r->out) - 1, p);
	r->out[n] = '\0';
	status = pclose(p);
	if (status != -1 && WIFEXITED(status))
		r->status = WEXITSTATUS(status);
}

#endif

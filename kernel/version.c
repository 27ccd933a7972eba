/*
 * The banner printed first at boot (and read by scripts/gdb-test).
 * The Makefile passes the arch and compiler names in; the release is the
 * one modules carry in their vermagic.
 */
#include <kernel/vermagic.h>

const char linux_banner[] =
	"Special K version " SK_RELEASE " (" SK_ARCH ") built with " SK_COMPILER "\n";

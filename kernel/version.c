/*
 * The banner printed first at boot (and read by scripts/gdb-test).
 * The Makefile passes the arch and compiler names in.
 */
const char linux_banner[] =
	"Special K version 0.1 (" SK_ARCH ") built with " SK_COMPILER "\n";

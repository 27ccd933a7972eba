/*
 * Host tests: give kernel/lib's functions k_ names where the C library has
 * functions of the same name.
 *
 * The kernel's memcpy(), snprintf(), bsearch() ... must keep those names
 * (the compiler emits calls to memcpy by name), but a host test program is
 * also linked with the C library, which it needs as the reference to compare
 * against. Both cannot define "memcpy". So the Makefile compiles every
 * kernel/lib file with "-include tests/host/rename.h": the preprocessor
 * rewrites each of these names before the compiler sees it, in definitions
 * and calls alike, and the objects define k_memcpy and friends instead. A
 * test reaches them through klib.h, which applies the same renaming to the
 * kernel headers. Add a name here (and its #undef in klib.h) when kernel/lib
 * gains another function that the C library also has.
 */
#define memcpy		k_memcpy
#define memmove		k_memmove
#define memset		k_memset
#define memcmp		k_memcmp
#define memchr		k_memchr
#define strlen		k_strlen
#define strnlen		k_strnlen
#define strcmp		k_strcmp
#define strncmp		k_strncmp
#define strchr		k_strchr
#define strrchr		k_strrchr
#define strstr		k_strstr
#define strsep		k_strsep
#define vsnprintf	k_vsnprintf
#define snprintf	k_snprintf
#define bsearch		k_bsearch
#define isdigit		k_isdigit
#define isxdigit	k_isxdigit
#define isspace		k_isspace
#define isalpha		k_isalpha
#define isalnum		k_isalnum
#define isprint		k_isprint
#define tolower		k_tolower
#define toupper		k_toupper

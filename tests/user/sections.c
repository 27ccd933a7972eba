/*
 * sections: a special section in an ordinary program, the article's closing point (the
 * kernel is not the only place the trick works). GREETING() puts one struct in the section
 * "greetings" wherever it is used; nothing names those structs, yet main() finds them all
 * through __start_greetings and __stop_greetings, which the linker (GNU ld and lld alike)
 * makes for every section whose name is a C identifier. The same program runs on Linux and,
 * from the initramfs as /bin/sections, on Special K (the book's chapter 2 runs it there).
 */
#include <stdio.h>

struct greeting {
	const char *lang;
	const char *text;
};

/* One entry: kept although nothing refers to it (used), aligned as an array element. */
#define GREETING(name, l, t)						\
	static const struct greeting greeting_##name			\
	__attribute__((used, section("greetings"),			\
		       aligned(__alignof__(struct greeting)))) = { l, t }

GREETING(en, "en", "Hello");
GREETING(fr, "fr", "Bonjour");
GREETING(pl, "pl", "Dzien dobry");

/* Made by the linker: the first entry, and the address just past the last. */
extern const struct greeting __start_greetings[], __stop_greetings[];

int main(void)
{
	const struct greeting *g;

	printf("greetings: %d entries of %d bytes\n",
	       (int)(__stop_greetings - __start_greetings), (int)sizeof(struct greeting));
	for (g = __start_greetings; g < __stop_greetings; g++)
		printf("  %s: %s\n", g->lang, g->text);
	return 0;
}

/*
 * Ordinary code and data with no init section at all: calls, function
 * pointers in data, a read-only table. Must give no report.
 */
int clean_total;

static int __attribute__((noinline)) clean_add(int x)
{
	clean_total += x;
	return clean_total;
}

int clean_twice(int x)
{
	return clean_add(x) + clean_add(x);
}

int (*clean_hook)(int) = clean_twice;

static int (*const clean_table[])(int) = { clean_add, clean_twice };

int clean_dispatch(unsigned int i, int x)
{
	return clean_table[i & 1](x);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Handing a seed to its sink, for every generator; apart from the
 * catalogue (seeds.c), which calls the generators.
 */
#include <stdarg.h>
#include <stdio.h>

#include "seeds.h"

int seed_emit(const struct seed_sink *sink, enum seed_expect expect, size_t plain_len,
	      const void *data, size_t len, const char *fmt, ...)
{
	struct seed s = {
		.data = data, .len = len, .expect = expect, .plain_len = plain_len
	};
	char name[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	s.name = name;
	return sink->emit(sink->ctx, &s);
}

// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "seeds.h"

const char *const seed_targets[] = {
	"decompress_oneshot", "decompress_stream", "compress_oneshot",
	"compress_stream", "frame_header", "unzstd", NULL
};

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

int seeds_for_target(const char *target, const struct seed_sink *sink)
{
	if (!strcmp(target, "decompress_oneshot") || !strcmp(target, "decompress_stream") ||
	    !strcmp(target, "unzstd"))
		return seeds_frames(sink);
	if (!strcmp(target, "frame_header"))
		return seeds_headers(sink);
	if (!strcmp(target, "compress_oneshot"))
		return seeds_plain(sink) || seeds_estimates(sink) ? -1 : 0;
	if (!strcmp(target, "compress_stream"))
		return seeds_plain(sink) || seeds_stream_wraps(sink) ||
		       seeds_stream_flushed(sink) ? -1 : 0;
	return -1;
}

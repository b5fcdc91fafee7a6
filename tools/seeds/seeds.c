// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "seeds.h"

const char *const seed_targets[] = {
	"decompress_oneshot", "decompress_stream", "compress_oneshot",
	"compress_stream", "frame_header", "unzstd", NULL
};

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

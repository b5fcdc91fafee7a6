// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "seeds.h"

static int seeds_compress_oneshot(const struct seed_sink *sink)
{
	return seeds_plain(sink) || seeds_estimates(sink) || seeds_strategies_oneshot(sink) ? -1 : 0;
}

static int seeds_compress_stream(const struct seed_sink *sink)
{
	return seeds_plain(sink) || seeds_stream_wraps(sink) || seeds_stream_flushed(sink) ||
	       seeds_strategies_stream(sink) ? -1 : 0;
}

static int seeds_decompress_stream(const struct seed_sink *sink)
{
	return seeds_frames(sink) || seeds_big_stream_frames(sink) ||
	       seeds_built_stream_frames(sink) ? -1 : 0;
}

/*
 * Each gen-seeds target of the manifest (fuzz/targets.tsv) and the seeds it
 * starts from: <seed_table.h>, written by fuzz/targets.py seed-table.
 */
static const struct {
	const char *target;
	int (*make)(const struct seed_sink *sink);
} seed_table[] = {
#include <seed_table.h>
};

const char *seed_target(size_t i)
{
	return i < sizeof(seed_table) / sizeof(seed_table[0]) ? seed_table[i].target : NULL;
}

int seeds_for_target(const char *target, const struct seed_sink *sink)
{
	for (size_t i = 0; seed_target(i); i++)
		if (!strcmp(target, seed_table[i].target))
			return seed_table[i].make(sink);
	return -1;
}

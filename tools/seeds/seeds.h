/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The deterministic seed corpus of the zstd targets. Generators hand each
 * seed to a sink; the same build always yields the same seeds, in the
 * same order, with the same names.
 */
#ifndef SEEDS_H
#define SEEDS_H

#include <stddef.h>
#include <stdint.h>

/* What the reference's one-shot decoder must make of a frame seed. */
enum seed_expect {
	SEED_PLAIN,		/* not a frame: data for the compressors */
	SEED_DECODES,		/* decodes to plain_len bytes */
	SEED_FAILS,		/* is rejected */
};

struct seed {
	const char *name;	/* file name, unique within a target */
	const uint8_t *data;
	size_t len;
	enum seed_expect expect;
	size_t plain_len;	/* for SEED_DECODES */
};

struct seed_sink {
	/* Returns 0 to go on, non-zero to stop the generator with that value. */
	int (*emit)(void *ctx, const struct seed *s);
	void *ctx;
};

/* Builds the name from fmt and hands the seed over. */
int seed_emit(const struct seed_sink *sink, enum seed_expect expect, size_t plain_len,
	      const void *data, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* Frames for the decompressors: reference frames, hand-built frames, testmgr. */
int seeds_frames(const struct seed_sink *sink);
/* seeds_frames() plus every prefix of the hand-built frame headers. */
int seeds_headers(const struct seed_sink *sink);
/* decompress_stream: the 16 MiB-window frame with the trailer that gives the kernel that window. */
int seeds_big_stream_frames(const struct seed_sink *sink);
/* decompress_stream: hand-built frames with the chunks of its trailer chosen. */
int seeds_built_stream_frames(const struct seed_sink *sink);
/* Plain data for the compressors. */
int seeds_plain(const struct seed_sink *sink);
/* Streams through a window smaller than their data, for compress_stream. */
int seeds_stream_wraps(const struct seed_sink *sink);
/* compress_oneshot: every level under each estimated-size class, X2 reuse. */
int seeds_estimates(const struct seed_sink *sink);
/* compress_oneshot, compress_stream: each strategy past 128 KiB (fields in the trailer). */
int seeds_strategies_oneshot(const struct seed_sink *sink);
int seeds_strategies_stream(const struct seed_sink *sink);
/* compress_stream: flushed window wraps, literals of one byte value. */
int seeds_stream_flushed(const struct seed_sink *sink);
/* decompress_ddict: pages with the dictionary, frame, capacity and failure chosen. */
int seeds_ddict(const struct seed_sink *sink);
/* compress_cdict: pages with the dictionary, level, failure chosen. */
int seeds_cdict(const struct seed_sink *sink);
/* spec_frames: choice strings for the spec generator (fuzz/spec/). */
int seeds_spec(const struct seed_sink *sink);
/* The caller-shape targets' data at their callers' levels and sizes. */
int seeds_f2fs(const struct seed_sink *sink);
int seeds_btrfs(const struct seed_sink *sink);
int seeds_crypto(const struct seed_sink *sink);
int seeds_zram(const struct seed_sink *sink);
int seeds_bcachefs(const struct seed_sink *sink);
/* The tree's testmgr vectors: their frames (frames != 0) or their texts. */
int seeds_testmgr(const struct seed_sink *sink, int frames);
/* The compressors' level trailer (2 bytes): what fuzz_zstd_level() reads. */
size_t seed_level_tail(int level, uint8_t tail[2]);

/* The seeds of one zstd target; -1 (nothing emitted) for an unknown target. */
int seeds_for_target(const char *target, const struct seed_sink *sink);
/* The i-th target seeds_for_target() knows, NULL past the last. */
const char *seed_target(size_t i);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * Seeds of the caller-shape targets (fuzz/compress_f2fs.c,
 * fuzz/compress_btrfs.c, fuzz/compress_crypto.c, fuzz/compress_zram.c,
 * fuzz/compress_bcachefs.c): each kind of sample data at the callers' levels
 * and sizes, the trailer as the targets read it (fuzz/zstd_params.c's
 * fuzz_zparams_caller_level, then the size).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "caller_shapes.h"
#include "fuzz_input.h"
#include "sample_data.h"
#include "seeds.h"

#define F2FS_PAYLOAD_MAX	((size_t)64 << 10)	/* tiled to the cluster */
#define TAIL_MAX		8

static int emit(const struct seed_sink *sink, uint8_t *in, const uint8_t *data, size_t len,
		const uint8_t *tail, size_t tlen, const char *target, enum lib_sample_kind kind,
		int level, size_t size)
{
	size_t n = fuzz_input_build(in, len + 2 * TAIL_MAX, data, len, tail, tlen);

	return n ? seed_emit(sink, SEED_PLAIN, 0, in, n, "%s-%s-level%d-%zu", target,
			     lib_sample_kind_name(kind), level, size) : -1;
}

/* f2fs: level - 1, then log_cluster_size - 2; the payload tiled to the cluster. */
int seeds_f2fs(const struct seed_sink *sink)
{
	static const int levels[] = { 1, 3, 9, 19, 22 };
	static const int logs[] = { FUZZ_F2FS_LOG_MIN, 5, FUZZ_F2FS_LOG_MAX };
	uint8_t *data = malloc(F2FS_PAYLOAD_MAX), *in = malloc(F2FS_PAYLOAD_MAX + 2 * TAIL_MAX);
	int ret = data && in ? 0 : -1;

	for (int k = 0; k < LIB_SAMPLE_KINDS && !ret; k++)
		for (size_t l = 0; l < sizeof(logs) / sizeof(logs[0]) && !ret; l++)
			for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]) && !ret; i++) {
				size_t rlen = FUZZ_F2FS_CLUSTER(logs[l]);
				size_t len = rlen < F2FS_PAYLOAD_MAX ? rlen : F2FS_PAYLOAD_MAX;
				uint8_t tail[2] = { (uint8_t)(levels[i] - 1),
						    (uint8_t)(logs[l] - FUZZ_F2FS_LOG_MIN) };

				lib_sample_fill(data, len, (enum lib_sample_kind)k, (uint32_t)l);
				ret = emit(sink, in, data, len, tail, sizeof(tail), "f2fs",
					   (enum lib_sample_kind)k, levels[i], rlen);
			}
	free(data);
	free(in);
	return ret;
}

/* btrfs: level - 1, then the extent's length - 1 in 3 bytes. */
int seeds_btrfs(const struct seed_sink *sink)
{
	static const size_t lens[] = { FUZZ_BTRFS_MAX_INPUT, 5000 };
	uint8_t *data = malloc(FUZZ_BTRFS_MAX_INPUT), *in = malloc(FUZZ_BTRFS_MAX_INPUT + 2 * TAIL_MAX);
	int ret = data && in ? 0 : -1;

	for (int k = 0; k < LIB_SAMPLE_KINDS && !ret; k++)
		for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]) && !ret; l++)
			for (int level = 1; level <= FUZZ_BTRFS_MAX_LEVEL && !ret; level++) {
				size_t v = lens[l] - 1;
				uint8_t tail[4] = { (uint8_t)(level - 1), (uint8_t)(v >> 16),
						    (uint8_t)(v >> 8), (uint8_t)v };

				lib_sample_fill(data, lens[l], (enum lib_sample_kind)k, (uint32_t)level);
				ret = emit(sink, in, data, lens[l], tail, sizeof(tail), "btrfs",
					   (enum lib_sample_kind)k, level, lens[l]);
			}
	free(data);
	free(in);
	return ret;
}

/* crypto/zstd: the plain samples (room: the bound), then zram's pages (room 0). */
int seeds_crypto(const struct seed_sink *sink)
{
	uint8_t data[FUZZ_PAGE], in[FUZZ_PAGE + 2 * TAIL_MAX], tail[1] = { 0 };
	int ret = seeds_plain(sink);

	for (int k = 0; k < LIB_SAMPLE_KINDS && !ret; k++) {
		lib_sample_fill(data, sizeof(data), (enum lib_sample_kind)k, 3);
		ret = emit(sink, in, data, sizeof(data), tail, sizeof(tail), "crypto-zram",
			   (enum lib_sample_kind)k, 3, sizeof(data));
	}
	return ret;
}

/*
 * zram (6.12): the dictionary (0 none, 1 or 2 a trained one), then the
 * level - zstd_min_clevel() in 3 bytes; a page of each kind.
 */
int seeds_zram(const struct seed_sink *sink)
{
	/* 3: zstd_default_clevel(), which 6.1's zstd.h does not declare. */
	const int levels[] = { zstd_min_clevel(), -1, 1, 3, 9, 19, zstd_max_clevel() };
	uint8_t data[FUZZ_PAGE], in[FUZZ_PAGE + 2 * TAIL_MAX];
	int ret = 0;

	for (int k = 0; k < LIB_SAMPLE_KINDS && !ret; k++)
		for (uint8_t dict = 0; dict < 3 && !ret; dict++)
			for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]) && !ret; i++) {
				uint32_t v = (uint32_t)(levels[i] - zstd_min_clevel());
				uint8_t tail[4] = { dict, (uint8_t)(v >> 16), (uint8_t)(v >> 8),
						    (uint8_t)v };
				char target[16] = "zram-dict0";

				target[9] = (char)('0' + dict);
				lib_sample_fill(data, sizeof(data), (enum lib_sample_kind)k, 5);
				ret = emit(sink, in, data, sizeof(data), tail, sizeof(tail), target,
					   (enum lib_sample_kind)k, levels[i], sizeof(data));
			}
	return ret;
}

/*
 * bcachefs: its level (0..15), then log2(encoded_extent_max) - 13; the
 * extent is the payload's whole blocks (at most 128 KiB here).
 */
int seeds_bcachefs(const struct seed_sink *sink)
{
	static const int levels[] = { 0, 1, 5, 10, FUZZ_BCACHEFS_LEVEL_MAX };
	static const int logs[] = { 13, 16, 21 };
	const size_t cap = (size_t)128 << 10;
	uint8_t *data = malloc(cap), *in = malloc(cap + 2 * TAIL_MAX);
	int ret = data && in ? 0 : -1;

	for (int k = 0; k < LIB_SAMPLE_KINDS && !ret; k++)
		for (size_t l = 0; l < sizeof(logs) / sizeof(logs[0]) && !ret; l++)
			for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]) && !ret; i++) {
				size_t max = (size_t)1 << logs[l], len = max < cap ? max : cap;
				uint8_t tail[2] = { (uint8_t)levels[i], (uint8_t)(logs[l] - 13) };

				lib_sample_fill(data, len, (enum lib_sample_kind)k, (uint32_t)l);
				ret = emit(sink, in, data, len, tail, sizeof(tail), "bcachefs",
					   (enum lib_sample_kind)k, levels[i], max);
			}
	free(data);
	free(in);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * f2fs (fs/f2fs/compress.c): a cluster of 4 << log pages compressed by one
 * zstd_compress_stream and one zstd_end_stream into cdata, a buffer of
 * rlen - PAGE_SIZE - COMPRESS_HEADER_SIZE; end_stream left with data is
 * -EAGAIN (stored raw), never a short frame. Decompression: one
 * zstd_decompress_stream on MAX_COMPRESS_WINDOW_SIZE(log), which must fill
 * the cluster exactly. The calls: fuzz/caller_shapes.c, which compress_f2fs
 * fuzzes.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "caller_shapes.h"
#include "callers.h"
#include "sample_data.h"

/* zstd_init_compress_ctx + zstd_compress_pages: clen, FUZZ_GAVE_UP or an error. */
static size_t compress_cluster(int level, const unsigned char *src, size_t rlen,
			       unsigned char **cdata)
{
	zstd_parameters p = zstd_get_params(level, rlen);
	size_t wsize = zstd_cstream_workspace_bound(&p.cParams);
	void *wksp = malloc(wsize);
	zstd_cstream *cs = wksp ? zstd_init_cstream(&p, 0, wksp, wsize) : NULL;
	size_t r = (size_t)-ZSTD_error_memory_allocation;

	/* Exactly the room f2fs gives: an overrun is an ASan report. */
	*cdata = malloc(FUZZ_F2FS_DST_SIZE(rlen));
	if (cs && *cdata)
		r = fuzz_f2fs_compress(cs, src, rlen, *cdata);
	free(wksp);
	return r;
}

static size_t decompress_cluster(int log, const unsigned char *cdata, size_t clen,
				 unsigned char *dst, size_t rlen)
{
	size_t wsize = zstd_dstream_workspace_bound(FUZZ_F2FS_CLUSTER(log));
	void *wksp = malloc(wsize);
	zstd_dstream *ds = wksp ? zstd_init_dstream(FUZZ_F2FS_CLUSTER(log), wksp, wsize) : NULL;
	size_t r = ds ? fuzz_f2fs_decompress(ds, cdata, clen, dst, rlen) :
		   (size_t)-ZSTD_error_memory_allocation;

	free(wksp);
	return r;
}

static void one_cluster(struct gate_tap *t, int level, int log, enum lib_sample_kind kind,
			unsigned char *src, unsigned char *back)
{
	size_t rlen = FUZZ_F2FS_CLUSTER(log), c, d;
	unsigned char *cdata;

	lib_sample_fill(src, rlen, kind, (uint32_t)(level * 16 + log));
	c = compress_cluster(level, src, rlen, &cdata);
	if (c == FUZZ_GAVE_UP || zstd_get_error_code(c) == ZSTD_error_dstSize_tooSmall) {
		/* Mixed data has random runs: it may or may not fit. */
		gate_expect(t, kind == LIB_SAMPLE_RANDOM || kind == LIB_SAMPLE_MIXED,
			    "level %d, %s cluster of %zu: does not fit", level, lib_sample_kind_name(kind), rlen);
		goto out;
	}
	if (!gate_expect(t, !zstd_is_error(c), "level %d, %s cluster of %zu: %s", level,
			 lib_sample_kind_name(kind), rlen, zstd_get_error_name(c)))
		goto out;
	gate_expect(t, kind != LIB_SAMPLE_RANDOM, "level %d, random cluster of %zu: reported to fit in %zu",
		    level, rlen, c);
	gate_expect(t, api_ref_roundtrip(cdata, c, src, rlen),
		    "level %d, %s cluster of %zu: the reference does not decode it back", level,
		    lib_sample_kind_name(kind), rlen);
	d = decompress_cluster(log, cdata, c, back, rlen);
	gate_expect(t, d == rlen && !memcmp(back, src, rlen), "level %d, %s cluster of %zu: decompress gives %s",
		    level, lib_sample_kind_name(kind), rlen, zstd_is_error(d) ? zstd_get_error_name(d) : "other bytes");
out:
	free(cdata);
}

void caller_f2fs(struct gate_tap *t, int quick)
{
	static const int levels[] = { 1, 3, 9, 15, 19, 22 };
	static const int logs[] = { 2, 4, 8 };
	size_t max = FUZZ_F2FS_CLUSTER(8);
	unsigned char *src = malloc(max), *back = malloc(max);

	gate_begin(t, "f2fs: clusters of 4 to 256 pages, one stream call and end into rlen - PAGE - 24, no-fit is -EAGAIN");
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]) && src && back; i++)
		for (size_t j = 0; j < sizeof(logs) / sizeof(logs[0]); j++) {
			if (quick && (levels[i] > 3 || logs[j] == 8))
				continue;
			for (int k = 0; k < LIB_SAMPLE_KINDS; k++)
				one_cluster(t, levels[i], logs[j], k, src, back);
		}
	gate_expect(t, src && back, "out of memory");
	gate_end(t);
	free(src);
	free(back);
}

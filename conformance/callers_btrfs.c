// SPDX-License-Identifier: GPL-2.0
/*
 * btrfs (fs/btrfs/zstd.c): levels 1..15, window log capped at 17
 * (zstd_get_btrfs_parameters), one workspace per level sized as
 * zstd_calc_ws_mem_sizes does (monotonic max of the cstream bound and the
 * dstream bound of 128 KiB), 128 KiB extents fed to zstd_compress_stream a
 * 4 KiB page at a time into 4 KiB output pages, then zstd_decompress_bio's
 * page-by-page zstd_decompress_stream into one page of output (these
 * three in fuzz/caller_shapes.c, which compress_btrfs fuzzes), and
 * zstd_decompress's inline extent read from an offset.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "caller_shapes.h"
#include "callers.h"
#include "sample_data.h"

/*
 * zstd_decompress: an inline extent, one page of output from start_byte
 * on, the frame in one buffer, output through the page buffer.
 */
static size_t decompress_inline(void *wksp, size_t wsize, const unsigned char *src, size_t srclen,
				size_t start_byte, size_t destlen, unsigned char *dest)
{
	zstd_dstream *ds = zstd_init_dstream(FUZZ_BTRFS_MAX_INPUT, wksp, wsize);
	unsigned char page[CALLER_PAGE];
	zstd_in_buffer in = { src, srclen, 0 };
	size_t total = 0, pg_offset = 0, r = 1;

	if (!ds)
		return (size_t)-ZSTD_error_init_missing;
	destlen = destlen < CALLER_PAGE ? destlen : CALLER_PAGE;
	while (pg_offset < destlen && in.pos < in.size) {
		zstd_out_buffer out = { page, CALLER_PAGE, 0 };
		size_t buf_start = total, off, bytes;

		if (!r)
			return (size_t)-ZSTD_error_srcSize_wrong;	/* -EIO: ended early */
		r = zstd_decompress_stream(ds, &out, &in);
		if (zstd_is_error(r))
			return r;
		total += out.pos;
		if (total <= start_byte)
			continue;
		off = buf_start < start_byte ? start_byte - buf_start : 0;
		bytes = destlen - pg_offset < CALLER_PAGE - off ? destlen - pg_offset : CALLER_PAGE - off;
		memcpy(dest + pg_offset, page + off, bytes);
		pg_offset += bytes;
	}
	return pg_offset;
}

/* An inline extent (below a page): decoded whole and from an offset. */
static void inline_extent(struct gate_tap *t, void *wksp, size_t wsize, int level,
			  unsigned char *src, unsigned char *buf)
{
	static const size_t starts[] = { 0, 1000 };
	unsigned char dest[CALLER_PAGE];
	size_t len = 3000, c;

	lib_sample_fill(src, len, LIB_SAMPLE_TEXT, (uint32_t)level + 100);
	c = fuzz_btrfs_compress(wksp, wsize, level, src, len, buf);
	if (!gate_expect(t, !zstd_is_error(c) && c != FUZZ_GAVE_UP, "level %d, inline text extent: not compressed",
			 level))
		return;
	for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++) {
		size_t want = len - starts[i], d;

		d = decompress_inline(wksp, wsize, buf, c, starts[i], want, dest);
		gate_expect(t, d == want && !memcmp(dest, src + starts[i], want),
			    "level %d, inline extent from byte %zu: %s", level, starts[i],
			    zstd_is_error(d) ? zstd_get_error_name(d) : "other bytes");
	}
}

static void one_extent(struct gate_tap *t, void *wksp, size_t wsize, int level,
		       enum lib_sample_kind kind, size_t len, unsigned char *src,
		       unsigned char *buf)
{
	unsigned char *back = buf + FUZZ_BTRFS_MAX_INPUT;
	size_t c, d;

	lib_sample_fill(src, len, kind, (uint32_t)level);
	c = fuzz_btrfs_compress(wksp, wsize, level, src, len, buf);
	if (c == FUZZ_GAVE_UP) {
		/* Mixed data has random runs: btrfs may keep it raw. */
		gate_expect(t, kind == LIB_SAMPLE_RANDOM || kind == LIB_SAMPLE_MIXED,
			    "level %d, %s extent of %zu: given up as incompressible",
			    level, lib_sample_kind_name(kind), len);
		return;
	}
	if (!gate_expect(t, !zstd_is_error(c), "level %d, %s extent of %zu: compress: %s", level,
			 lib_sample_kind_name(kind), len, zstd_get_error_name(c)))
		return;
	gate_expect(t, api_ref_roundtrip(buf, c, src, len),
		    "level %d, %s extent of %zu: the reference does not decode it back", level,
		    lib_sample_kind_name(kind), len);
	d = fuzz_btrfs_decompress_bio(wksp, wsize, buf, c, back, FUZZ_BTRFS_MAX_INPUT);
	gate_expect(t, d == len && !memcmp(back, src, len),
		    "level %d, %s extent of %zu: decompress_bio gives %s", level, lib_sample_kind_name(kind),
		    len, zstd_is_error(d) ? zstd_get_error_name(d) : "other bytes");
}

void caller_btrfs(struct gate_tap *t, int quick)
{
	static const size_t lens[] = { FUZZ_BTRFS_MAX_INPUT, 5000 };
	unsigned char *src = malloc(FUZZ_BTRFS_MAX_INPUT), *buf = malloc(2 * FUZZ_BTRFS_MAX_INPUT);

	gate_begin(t, "btrfs: levels 1..%d, wlog <= %d, 128 KiB extents in 4 KiB pages, on its workspace size",
		   FUZZ_BTRFS_MAX_LEVEL, FUZZ_BTRFS_MAX_WINDOWLOG);
	for (int level = 1; level <= FUZZ_BTRFS_MAX_LEVEL && src && buf; level++) {
		size_t wsize = fuzz_btrfs_ws_size(level);
		void *wksp;

		if (quick && level != 1 && level != 3 && level != FUZZ_BTRFS_MAX_LEVEL)
			continue;
		wksp = malloc(wsize);
		if (!gate_expect(t, wksp != NULL, "out of memory"))
			break;
		for (int k = 0; k < LIB_SAMPLE_KINDS; k++)
			for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
				one_extent(t, wksp, wsize, level, k, lens[i], src, buf);
		inline_extent(t, wksp, wsize, level, src, buf);
		free(wksp);
	}
	gate_expect(t, src && buf, "out of memory");
	gate_end(t);
	free(src);
	free(buf);
}

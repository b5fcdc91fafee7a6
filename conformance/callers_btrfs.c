// SPDX-License-Identifier: GPL-2.0
/*
 * btrfs (fs/btrfs/zstd.c): levels 1..15, window log capped at 17
 * (zstd_get_btrfs_parameters), one workspace per level sized as
 * zstd_calc_ws_mem_sizes does (monotonic max of the cstream bound and the
 * dstream bound of 128 KiB), 128 KiB extents fed to zstd_compress_stream a
 * 4 KiB page at a time into 4 KiB output pages, then zstd_decompress_bio's
 * page-by-page zstd_decompress_stream into one page of output, and
 * zstd_decompress's inline extent read from an offset.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "callers.h"
#include "sample_data.h"

#define BTRFS_MAX_WINDOWLOG	17
#define BTRFS_MAX_INPUT		(1 << BTRFS_MAX_WINDOWLOG)
#define BTRFS_MAX_LEVEL		15
#define E2BIG_OUT		((size_t)-1)	/* btrfs gives up: stored uncompressed */

static zstd_parameters btrfs_params(int level, size_t len)
{
	zstd_parameters p = zstd_get_params(level, len);

	if (p.cParams.windowLog > BTRFS_MAX_WINDOWLOG)
		p.cParams.windowLog = BTRFS_MAX_WINDOWLOG;
	return p;
}

static size_t ws_size(int level)
{
	size_t max = 0;

	for (int l = 1; l <= level; l++) {
		zstd_parameters p = btrfs_params(l, BTRFS_MAX_INPUT);
		size_t c = zstd_cstream_workspace_bound(&p.cParams);
		size_t d = zstd_dstream_workspace_bound(BTRFS_MAX_INPUT);
		size_t need = c > d ? c : d;

		max = need > max ? need : max;
	}
	return max;
}

/* zstd_compress_pages: the frame's size, E2BIG_OUT, or an error code. */
static size_t compress_pages(void *wksp, size_t wsize, int level, const unsigned char *src,
			     size_t len, unsigned char *dst)
{
	zstd_parameters p = btrfs_params(level, len);
	zstd_cstream *cs = zstd_init_cstream(&p, len, wksp, wsize);
	size_t max_out = len, tot_in = 0, tot_out = 0, r;	/* nr_dest_pages * PAGE */
	zstd_in_buffer in = { src, len < CALLER_PAGE ? len : CALLER_PAGE, 0 };
	zstd_out_buffer out = { dst, CALLER_PAGE, 0 };

	if (!cs)
		return (size_t)-ZSTD_error_init_missing;
	for (;;) {
		r = zstd_compress_stream(cs, &out, &in);
		if (zstd_is_error(r))
			return r;
		if (tot_in + in.pos > 8192 && tot_in + in.pos < tot_out + out.pos)
			return E2BIG_OUT;
		if (out.pos >= max_out)
			return E2BIG_OUT;
		if (out.pos == out.size) {
			tot_out += CALLER_PAGE;
			max_out -= CALLER_PAGE;
			if (tot_out == len)
				return E2BIG_OUT;
			out = (zstd_out_buffer){ dst + tot_out, CALLER_PAGE < max_out ? CALLER_PAGE : max_out, 0 };
		}
		if (tot_in + in.pos >= len)
			break;
		if (in.pos == in.size) {
			tot_in += CALLER_PAGE;
			in = (zstd_in_buffer){ src + tot_in, len - tot_in < CALLER_PAGE ? len - tot_in : CALLER_PAGE, 0 };
		}
	}
	for (;;) {
		r = zstd_end_stream(cs, &out);
		if (zstd_is_error(r))
			return r;
		if (!r)
			break;
		if (out.pos >= max_out)
			return E2BIG_OUT;
		tot_out += CALLER_PAGE;
		max_out -= CALLER_PAGE;
		if (tot_out == len)
			return E2BIG_OUT;
		out = (zstd_out_buffer){ dst + tot_out, CALLER_PAGE < max_out ? CALLER_PAGE : max_out, 0 };
	}
	tot_out += out.pos;
	return tot_out >= len ? E2BIG_OUT : tot_out;
}

/* zstd_decompress_bio: input page by page, output through one page buffer. */
static size_t decompress_bio(void *wksp, size_t wsize, const unsigned char *src, size_t srclen,
			     unsigned char *dst, size_t dst_cap)
{
	zstd_dstream *ds = zstd_init_dstream(BTRFS_MAX_INPUT, wksp, wsize);
	unsigned char page[CALLER_PAGE];
	zstd_in_buffer in = { src, srclen < CALLER_PAGE ? srclen : CALLER_PAGE, 0 };
	size_t total = 0, done = 0, r;

	if (!ds)
		return (size_t)-ZSTD_error_init_missing;
	for (;;) {
		zstd_out_buffer out = { page, CALLER_PAGE, 0 };

		r = zstd_decompress_stream(ds, &out, &in);
		if (zstd_is_error(r))
			return r;
		if (total + out.pos > dst_cap)
			return (size_t)-ZSTD_error_dstSize_tooSmall;
		memcpy(dst + total, page, out.pos);
		total += out.pos;
		if (!r || done + in.pos >= srclen)
			break;
		if (in.pos == in.size) {
			done += CALLER_PAGE;
			in = (zstd_in_buffer){ src + done, srclen - done < CALLER_PAGE ? srclen - done : CALLER_PAGE, 0 };
		}
	}
	return total;
}

/*
 * zstd_decompress: an inline extent, one page of output from start_byte
 * on, the frame in one buffer, output through the page buffer.
 */
static size_t decompress_inline(void *wksp, size_t wsize, const unsigned char *src, size_t srclen,
				size_t start_byte, size_t destlen, unsigned char *dest)
{
	zstd_dstream *ds = zstd_init_dstream(BTRFS_MAX_INPUT, wksp, wsize);
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
	c = compress_pages(wksp, wsize, level, src, len, buf);
	if (!gate_expect(t, !zstd_is_error(c) && c != E2BIG_OUT, "level %d, inline text extent: not compressed",
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
	unsigned char *back = buf + BTRFS_MAX_INPUT;
	size_t c, d;

	lib_sample_fill(src, len, kind, (uint32_t)level);
	c = compress_pages(wksp, wsize, level, src, len, buf);
	if (c == E2BIG_OUT) {
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
	d = decompress_bio(wksp, wsize, buf, c, back, BTRFS_MAX_INPUT);
	gate_expect(t, d == len && !memcmp(back, src, len),
		    "level %d, %s extent of %zu: decompress_bio gives %s", level, lib_sample_kind_name(kind),
		    len, zstd_is_error(d) ? zstd_get_error_name(d) : "other bytes");
}

void caller_btrfs(struct gate_tap *t, int quick)
{
	static const size_t lens[] = { BTRFS_MAX_INPUT, 5000 };
	unsigned char *src = malloc(BTRFS_MAX_INPUT), *buf = malloc(2 * BTRFS_MAX_INPUT);

	gate_begin(t, "btrfs: levels 1..%d, wlog <= %d, 128 KiB extents in 4 KiB pages, on its workspace size",
		   BTRFS_MAX_LEVEL, BTRFS_MAX_WINDOWLOG);
	for (int level = 1; level <= BTRFS_MAX_LEVEL && src && buf; level++) {
		size_t wsize = ws_size(level);
		void *wksp;

		if (quick && level != 1 && level != 3 && level != BTRFS_MAX_LEVEL)
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

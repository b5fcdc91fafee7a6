// SPDX-License-Identifier: GPL-2.0
/* The callers' call sequences: see caller_shapes.h. */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "caller_shapes.h"

size_t fuzz_f2fs_compress(zstd_cstream *cs, const void *src, size_t rlen, void *cdata)
{
	zstd_in_buffer in = { src, rlen, 0 };
	zstd_out_buffer out = { cdata, FUZZ_F2FS_DST_SIZE(rlen), 0 };
	size_t r;

	r = zstd_compress_stream(cs, &out, &in);
	if (zstd_is_error(r))
		return r;
	r = zstd_end_stream(cs, &out);
	if (zstd_is_error(r))
		return r;
	/* Compressed data left in the stream: no room in cdata, -EAGAIN. */
	return r ? FUZZ_GAVE_UP : out.pos;
}

size_t fuzz_f2fs_decompress(zstd_dstream *ds, const void *cdata, size_t clen, void *dst,
			    size_t rlen)
{
	zstd_in_buffer in = { cdata, clen, 0 };
	zstd_out_buffer out = { dst, rlen, 0 };
	size_t r = zstd_decompress_stream(ds, &out, &in);

	return zstd_is_error(r) ? r : out.pos;
}

zstd_parameters fuzz_btrfs_params(int level, size_t len)
{
	zstd_parameters p = zstd_get_params(level, len);

	if (p.cParams.windowLog > FUZZ_BTRFS_MAX_WINDOWLOG)
		p.cParams.windowLog = FUZZ_BTRFS_MAX_WINDOWLOG;
	return p;
}

size_t fuzz_btrfs_ws_size(int level)
{
	size_t max = 0;

	for (int l = 1; l <= level; l++) {
		zstd_parameters p = fuzz_btrfs_params(l, FUZZ_BTRFS_MAX_INPUT);
		size_t c = zstd_cstream_workspace_bound(&p.cParams);
		size_t d = zstd_dstream_workspace_bound(FUZZ_BTRFS_MAX_INPUT);
		size_t need = c > d ? c : d;

		max = need > max ? need : max;
	}
	return max;
}

static size_t page_or_less(size_t n)
{
	return n < FUZZ_PAGE ? n : FUZZ_PAGE;
}

/* btrfs's output pages: nr of at most nr_dest, max_out bytes of room left. */
struct out_pages {
	uint8_t *dst;
	size_t nr, nr_dest, max_out, tot_out;
};

/* "Check if we need more output space": the next page, or FUZZ_GAVE_UP at the last. */
static size_t next_out_page(zstd_out_buffer *out, struct out_pages *o)
{
	o->tot_out += FUZZ_PAGE;
	o->max_out -= FUZZ_PAGE;
	if (o->nr == o->nr_dest)
		return FUZZ_GAVE_UP;
	*out = (zstd_out_buffer){ o->dst + o->nr++ * FUZZ_PAGE, page_or_less(o->max_out), 0 };
	return 0;
}

/* The input fed a page at a time: 0 when it is all in, else FUZZ_GAVE_UP or the error. */
static size_t feed_pages(zstd_cstream *cs, const uint8_t *src, size_t len, zstd_out_buffer *out,
			 struct out_pages *o)
{
	zstd_in_buffer in = { src, page_or_less(len), 0 };
	size_t tot_in = 0, r;

	for (;;) {
		r = zstd_compress_stream(cs, out, &in);
		if (zstd_is_error(r))
			return r;
		/* Making it bigger past the first 8 KiB: -E2BIG. */
		if (tot_in + in.pos > 8192 && tot_in + in.pos < o->tot_out + out->pos)
			return FUZZ_GAVE_UP;
		if (out->pos >= o->max_out)
			return FUZZ_GAVE_UP;
		if (out->pos == out->size && next_out_page(out, o))
			return FUZZ_GAVE_UP;
		if (tot_in + in.pos >= len)
			return 0;
		if (in.pos == in.size) {
			tot_in += FUZZ_PAGE;
			in = (zstd_in_buffer){ src + tot_in, page_or_less(len - tot_in), 0 };
		}
	}
}

size_t fuzz_btrfs_compress(void *wksp, size_t wsize, int level, const uint8_t *src, size_t len,
			   uint8_t *dst)
{
	zstd_parameters p = fuzz_btrfs_params(level, len);
	zstd_cstream *cs = zstd_init_cstream(&p, len, wksp, wsize);
	/* compress_file_range: the extent's pages, a page-aligned start. */
	struct out_pages o = { .dst = dst, .nr = 1, .nr_dest = (len + FUZZ_PAGE - 1) / FUZZ_PAGE };
	zstd_out_buffer out;
	size_t r;

	if (!cs)
		return (size_t)-ZSTD_error_init_missing;
	o.max_out = o.nr_dest * FUZZ_PAGE;
	out = (zstd_out_buffer){ dst, page_or_less(o.max_out), 0 };
	r = feed_pages(cs, src, len, &out, &o);
	if (r)
		return r;
	for (;;) {
		r = zstd_end_stream(cs, &out);
		if (zstd_is_error(r))
			return r;
		if (!r)
			break;
		if (out.pos >= o.max_out || next_out_page(&out, &o))
			return FUZZ_GAVE_UP;
	}
	o.tot_out += out.pos;
	return o.tot_out >= len ? FUZZ_GAVE_UP : o.tot_out;
}

size_t fuzz_btrfs_decompress_bio(void *wksp, size_t wsize, const uint8_t *src, size_t srclen,
				 uint8_t *dst, size_t dst_cap)
{
	zstd_dstream *ds = zstd_init_dstream(FUZZ_BTRFS_MAX_INPUT, wksp, wsize);
	uint8_t page[FUZZ_PAGE];
	zstd_in_buffer in = { src, page_or_less(srclen), 0 };
	size_t total = 0, done = 0, r;

	if (!ds)
		return (size_t)-ZSTD_error_init_missing;
	for (;;) {
		zstd_out_buffer out = { page, FUZZ_PAGE, 0 };

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
			done += FUZZ_PAGE;
			in = (zstd_in_buffer){ src + done, page_or_less(srclen - done), 0 };
		}
	}
	return total;
}

int fuzz_bcachefs_level(unsigned int level)
{
	unsigned int l = level * 3 / 2;

	return l < (unsigned int)zstd_max_clevel() ? (int)l : zstd_max_clevel();
}

size_t fuzz_bcachefs_ws_size(size_t extent_max)
{
	zstd_parameters p = zstd_get_params(zstd_max_clevel(), extent_max);

	return zstd_cctx_workspace_bound(&p.cParams);
}

size_t fuzz_bcachefs_compress(void *wksp, size_t wsize, unsigned int level, size_t extent_max,
			      uint8_t *dst, size_t dst_len, const uint8_t *src, size_t src_len,
			      size_t *err)
{
	zstd_parameters p = zstd_get_params(fuzz_bcachefs_level(level), extent_max);
	zstd_cctx *ctx = zstd_init_cctx(wksp, wsize);
	size_t len;

	*err = 0;
	if (!ctx) {
		*err = (size_t)-ZSTD_error_init_missing;
		return 0;
	}
	/* bcachefs keeps 7 bytes back: "zstd seems to write just past the end". */
	len = zstd_compress_cctx(ctx, dst + 4, dst_len - 4 - 7, src, src_len, &p);
	if (zstd_is_error(len)) {
		*err = len;
		return 0;
	}
	for (int i = 0; i < 4; i++)
		dst[i] = (uint8_t)(len >> (8 * i));
	return len + 4;
}

size_t fuzz_bcachefs_decompress(void *wksp, size_t wsize, const uint8_t *src, size_t src_len,
				uint8_t *dst, size_t dst_len)
{
	size_t real = (size_t)src[0] | (size_t)src[1] << 8 | (size_t)src[2] << 16 |
		      (size_t)src[3] << 24;
	zstd_dctx *ctx = zstd_init_dctx(wksp, wsize);

	if (real > src_len - 4)
		return (size_t)-ZSTD_error_srcSize_wrong;
	if (!ctx)
		return (size_t)-ZSTD_error_init_missing;
	return zstd_decompress_dctx(ctx, dst, dst_len, src + 4, real);
}

#if FUZZ_ZRAM_BACKEND
int fuzz_zram_setup(struct fuzz_zram *z, int level, const void *dict, size_t dict_sz)
{
	size_t sz;

	memset(z, 0, sizeof(*z));
	z->mem = (zstd_custom_mem){ fuzz_alloc, fuzz_alloc_free, &z->mem_state };
	z->dict = dict;
	z->dict_sz = dict_sz;
	z->cprm = zstd_get_params(level, FUZZ_PAGE);
	z->cdict = zstd_create_cdict_byreference(dict, dict_sz,
						 zstd_get_cparams(level, FUZZ_PAGE, dict_sz), z->mem);
	z->ddict = zstd_create_ddict_byreference(dict, dict_sz, z->mem);
	if (!z->cdict || !z->ddict)
		return -1;
	if (dict_sz) {
		z->cctx = zstd_create_cctx_advanced(z->mem);
		z->dctx = zstd_create_dctx_advanced(z->mem);
		return z->cctx && z->dctx ? 0 : -1;
	}
	sz = zstd_cctx_workspace_bound(&z->cprm.cParams);
	z->cctx_mem = calloc(1, sz);
	z->cctx = z->cctx_mem ? zstd_init_cctx(z->cctx_mem, sz) : NULL;
	sz = zstd_dctx_workspace_bound();
	z->dctx_mem = calloc(1, sz);
	z->dctx = z->dctx_mem ? zstd_init_dctx(z->dctx_mem, sz) : NULL;
	return z->cctx && z->dctx ? 0 : -1;
}

void fuzz_zram_release(struct fuzz_zram *z)
{
	if (z->cctx_mem)
		free(z->cctx_mem);
	else
		zstd_free_cctx(z->cctx);
	if (z->dctx_mem)
		free(z->dctx_mem);
	else
		zstd_free_dctx(z->dctx);
	zstd_free_cdict(z->cdict);
	zstd_free_ddict(z->ddict);
}

size_t fuzz_zram_compress(struct fuzz_zram *z, void *dst, size_t cap, const void *src,
			  size_t len)
{
	if (!z->dict_sz)
		return zstd_compress_cctx(z->cctx, dst, cap, src, len, &z->cprm);
	return zstd_compress_using_cdict(z->cctx, dst, cap, src, len, z->cdict);
}

size_t fuzz_zram_decompress(struct fuzz_zram *z, void *dst, size_t cap, const void *src,
			    size_t len)
{
	if (!z->dict_sz)
		return zstd_decompress_dctx(z->dctx, dst, cap, src, len);
	return zstd_decompress_using_ddict(z->dctx, dst, cap, src, len, z->ddict);
}
#endif

// SPDX-License-Identifier: GPL-2.0
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>
#include <zdict.h>
#include <stdlib.h>
#include <string.h>

#include "ref_dstream.h"
#include "ref_frame_header.h"
#include "ref_recycle.h"
#include "ref_zstd.h"

/* The reference's Huffman internals (libzstd.a 1.5.4, lib/common/huf.h). */
#define REF_HUF_TABLELOG_MAX	12
#define REF_HUF_WKSP_U32	2048
size_t HUF_readDTableX1_wksp(unsigned int *dtable, const void *src, size_t src_size,
			     void *wksp, size_t wksp_size, int flags);
size_t HUF_decompress1X_usingDTable(void *dst, size_t dst_size, const void *src,
				    size_t src_size, const unsigned int *dtable, int flags);
unsigned int HUF_isError(size_t code);

unsigned int ref_version(void)
{
	return ZSTD_versionNumber();
}

int ref_min_level(void)
{
	return ZSTD_minCLevel();
}

int ref_max_level(void)
{
	return ZSTD_maxCLevel();
}

size_t ref_compress_bound(size_t src_size)
{
	return ZSTD_compressBound(src_size);
}

int ref_is_error(size_t code)
{
	return ZSTD_isError(code);
}

int ref_error_code(size_t code)
{
	return (int)ZSTD_getErrorCode(code);
}

const char *ref_error_name(size_t code)
{
	return ZSTD_getErrorName(code);
}

size_t ref_compress_wlog(void *dst, size_t cap, const void *src, size_t len,
			 int level, int checksum, int content_size, int wlog)
{
	ZSTD_CCtx *cctx = ZSTD_createCCtx();
	size_t ret;

	if (!cctx)
		return (size_t)-ZSTD_error_memory_allocation;
	ret = ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
	if (!ZSTD_isError(ret))
		ret = ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, checksum);
	if (!ZSTD_isError(ret))
		ret = ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, content_size);
	if (!ZSTD_isError(ret) && wlog)
		ret = ZSTD_CCtx_setParameter(cctx, ZSTD_c_windowLog, wlog);
	if (!ZSTD_isError(ret))
		ret = ZSTD_compress2(cctx, dst, cap, src, len);
	ZSTD_freeCCtx(cctx);
	return ret;
}

size_t ref_compress(void *dst, size_t cap, const void *src, size_t len,
		    int level, int checksum, int content_size)
{
	return ref_compress_wlog(dst, cap, src, len, level, checksum, content_size, 0);
}

/*
 * One context made once: ZSTD_decompressDCtx begins every frame afresh
 * (ZSTD_decompressBegin), and a context per call was a fresh allocation,
 * fresh pages, per call under ASan's quarantine.
 */
size_t ref_decompress(void *dst, size_t cap, const void *src, size_t len)
{
	static ZSTD_DCtx *dctx;

	if (!dctx)
		dctx = ZSTD_createDCtx();
	if (!dctx)
		return (size_t)-ZSTD_error_memory_allocation;
	return ZSTD_decompressDCtx(dctx, dst, cap, src, len);
}

size_t ref_train_dict(void *dict, size_t cap, const void *samples, const size_t *sizes,
		      unsigned int n)
{
	return ZDICT_trainFromBuffer(dict, cap, samples, sizes, n);
}

size_t ref_compress_dict(void *dst, size_t cap, const void *src, size_t len,
			 const void *dict, size_t dict_len, int level)
{
	ZSTD_CCtx *cctx = ZSTD_createCCtx();
	size_t ret;

	if (!cctx)
		return (size_t)-ZSTD_error_memory_allocation;
	ret = ZSTD_compress_usingDict(cctx, dst, cap, src, len, dict, dict_len, level);
	ZSTD_freeCCtx(cctx);
	return ret;
}

unsigned int ref_dict_id(const void *dict, size_t dict_len)
{
	return ZSTD_getDictID_fromDict(dict, dict_len);
}

struct ref_ddict *ref_ddict_create(const void *dict, size_t dict_len)
{
	return (struct ref_ddict *)ZSTD_createDDict_advanced(dict, dict_len, ZSTD_dlm_byRef,
							     ZSTD_dct_auto, ZSTD_defaultCMem);
}

void ref_ddict_free(struct ref_ddict *ddict)
{
	ZSTD_freeDDict((ZSTD_DDict *)ddict);
}

size_t ref_decompress_dict(void *dst, size_t cap, const void *src, size_t len,
			   const void *dict, size_t dict_len)
{
	ZSTD_DCtx *dctx = ZSTD_createDCtx();
	size_t ret;

	if (!dctx)
		return (size_t)-ZSTD_error_memory_allocation;
	ret = ZSTD_decompress_usingDict(dctx, dst, cap, src, len, dict, dict_len);
	ZSTD_freeDCtx(dctx);
	return ret;
}

size_t ref_decompress_ddict(void *dst, size_t cap, const void *src, size_t len,
			    const struct ref_ddict *ddict)
{
	ZSTD_DCtx *dctx = ZSTD_createDCtx();
	size_t ret;

	if (!dctx)
		return (size_t)-ZSTD_error_memory_allocation;
	ret = ZSTD_decompress_usingDDict(dctx, dst, cap, src, len, (const ZSTD_DDict *)ddict);
	ZSTD_freeDCtx(dctx);
	return ret;
}

/* One decoder for the block map, made once; NULL when it cannot be. */
void *ref_block_dctx(void)
{
	static ZSTD_DCtx *dctx;

	if (!dctx)
		dctx = ZSTD_createDCtx();
	return dctx;
}

size_t ref_block_begin(void *dctx, const void *history, size_t history_len)
{
	/* Raw content: referenced, not copied; the decoder sees it as history. */
	return history_len ? ZSTD_decompressBegin_usingDict(dctx, history, history_len) :
			     ZSTD_decompressBegin(dctx);
}

size_t ref_block_next_size(void *dctx)
{
	return ZSTD_nextSrcSizeToDecompress(dctx);
}

int ref_block_next_type(void *dctx)
{
	return (int)ZSTD_nextInputType(dctx);
}

size_t ref_block_continue(void *dctx, void *dst, size_t cap, const void *src, size_t len)
{
	return ZSTD_decompressContinue(dctx, dst, cap, src, len);
}

const void *ref_decompress_dctx_address(void)
{
	return (const void *)&ZSTD_decompressDCtx;
}

size_t ref_get_frame_header(struct ref_frame_header *fh, const void *src, size_t len)
{
	return ref_frame_header_read(fh, src, len);
}

size_t ref_find_frame_compressed_size(const void *src, size_t len)
{
	return ZSTD_findFrameCompressedSize(src, len);
}

/*
 * Its memory comes from one pool (ref_recycle.h): a fresh context, kept
 * pages; a copy of one made by the library for that window and never used
 * (ref_fresh_copy), not a constructor's cpuid per input.
 */
struct ref_dstream *ref_dstream_create(size_t max_window)
{
	static struct ref_recycle pool;
	static struct ref_fresh fresh;

	return (struct ref_dstream *)ref_dstream_fresh(&pool, &fresh, max_window);
}

void ref_dstream_free(struct ref_dstream *ds)
{
	ZSTD_freeDCtx((ZSTD_DCtx *)ds);
}

size_t ref_dstream_step(struct ref_dstream *ds, void *dst, size_t dst_size, size_t *dst_pos,
			const void *src, size_t src_size, size_t *src_pos)
{
	return ref_dstream_run((ZSTD_DCtx *)ds, dst, dst_size, dst_pos, src, src_size, src_pos);
}

/*
 * 1: the stream ends exactly on its last bit; 0: it decodes regen symbols
 * and does not; -2: it has no end mark (empty, or a last byte of 0), which
 * BIT_initDStream rejects (1.5.4's fast 4-stream loops start their streams
 * without it: known divergence huf4-stream-no-end-mark); -1: regen too big.
 */
static int huf_stream_exact(const unsigned int *dt, const unsigned char *src, size_t len,
			    size_t regen)
{
	unsigned char out[(1 << 18) / 4 + 4];

	if (regen > sizeof(out))
		return -1;
	if (!len || !src[len - 1])
		return -2;
	/* Past a good end mark, HUF_decompress1X1 fails only on !BIT_endOfDStream. */
	return !HUF_isError(HUF_decompress1X_usingDTable(out, regen, src, len, dt, 0));
}

int ref_huf4_streams_exact(const void *tree, size_t tree_len, const void *src, size_t csize,
			   size_t regen)
{
	static unsigned int dt[1 + (1 << REF_HUF_TABLELOG_MAX)];
	static unsigned int wksp[REF_HUF_WKSP_U32];
	const unsigned char *p = src;
	size_t hsize, seg = (regen + 3) / 4, sizes[4], total;
	int all = 1;

	dt[0] = REF_HUF_TABLELOG_MAX * 0x1000001u;
	hsize = HUF_readDTableX1_wksp(dt, tree ? tree : src, tree ? tree_len : csize, wksp,
				      sizeof(wksp), 0);
	if (HUF_isError(hsize))
		return -1;
	if (tree)
		hsize = 0;	/* the streams start at src */
	if (csize < hsize + 6 || regen < 4 || 3 * seg > regen)
		return -1;
	p += hsize;
	total = csize - hsize - 6;
	for (int i = 0; i < 3; i++)
		sizes[i] = p[2 * i] | (size_t)p[2 * i + 1] << 8;
	if (sizes[0] + sizes[1] + sizes[2] > total)
		return -1;
	sizes[3] = total - sizes[0] - sizes[1] - sizes[2];
	p += 6;
	for (int i = 0; i < 4; i++) {
		int ok = huf_stream_exact(dt, p, sizes[i], i < 3 ? seg : regen - 3 * seg);

		if (ok < 0)
			return ok;
		all &= ok;
		p += sizes[i];
	}
	return all;
}

size_t ref_levels(int *levels, size_t cap)
{
	static const int negatives[] = { -1000, -50, -5, -1 };
	size_t n = 0;

	if (n < cap)
		levels[n++] = ref_min_level();
	for (size_t i = 0; i < sizeof(negatives) / sizeof(negatives[0]) && n < cap; i++)
		levels[n++] = negatives[i];
	for (int l = 1; l <= ref_max_level() && n < cap; l++)
		levels[n++] = l;
	return n;
}

int ref_content_checksum(const void *src, size_t len, uint32_t *sum)
{
	size_t cap = ref_compress_bound(len);
	uint8_t *frame = malloc(cap);
	size_t n;
	int ret = -1;

	if (!frame)
		return -1;
	/* The reference's checksum of the same content is the one we need. */
	n = ref_compress(frame, cap, src, len, 1, 1, 1);
	if (!ref_is_error(n) && n >= 4) {
		const uint8_t *p = frame + n - 4;

		*sum = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		       (uint32_t)p[3] << 24;
		ret = 0;
	}
	free(frame);
	return ret;
}

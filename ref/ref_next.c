// SPDX-License-Identifier: GPL-2.0
/*
 * refn_* over upstream zstd 1.5.7, compiled against its own <zstd.h>
 * (-I of the fetched lib/, never the distro's): see ref_next.h.
 */
#define ZSTD_STATIC_LINKING_ONLY	/* ZSTD_getFrameHeader */
#include <zstd.h>
#include <zstd_errors.h>

#include "ref_dstream.h"
#include "ref_frame_header.h"
#include "ref_next.h"
#include "ref_recycle.h"

#ifndef REFN_ORIGIN
#define REFN_ORIGIN	"?"
#endif

int refn_available(void)
{
	return 1;
}

unsigned int refn_version(void)
{
	return ZSTD_versionNumber();
}

const char *refn_describe(void)
{
	return "zstd " ZSTD_VERSION_STRING " (" REFN_ORIGIN ")";
}

size_t refn_decompress(void *dst, size_t cap, const void *src, size_t len)
{
	static ZSTD_DCtx *dctx;

	if (!dctx)
		dctx = ZSTD_createDCtx();
	if (!dctx)
		return (size_t)-ZSTD_error_memory_allocation;
	return ZSTD_decompressDCtx(dctx, dst, cap, src, len);
}

unsigned int refn_is_error(size_t ret)
{
	return ZSTD_isError(ret);
}

const char *refn_error_name(size_t ret)
{
	return ZSTD_getErrorName(ret);
}

int refn_error_code(size_t ret)
{
	return (int)ZSTD_getErrorCode(ret);
}

size_t refn_get_frame_header(struct ref_frame_header *fh, const void *src, size_t len)
{
	return ref_frame_header_read(fh, src, len);
}

size_t refn_find_frame_compressed_size(const void *src, size_t len)
{
	return ZSTD_findFrameCompressedSize(src, len);
}

/*
 * Its memory from a pool of its own (ref_recycle.h): a fresh context, kept
 * pages; a copy of one made by the library for that window and never used
 * (ref_fresh_copy), not a constructor's cpuid per input.
 */
void *refn_dstream(size_t max_window)
{
	static struct ref_recycle pool;
	static struct ref_fresh fresh;
	static ZSTD_DCtx *dctx;

	ZSTD_freeDCtx(dctx);
	dctx = ref_dstream_fresh(&pool, &fresh, max_window);
	return dctx;
}

size_t refn_dstream_step(void *ds, void *dst, size_t dst_size, size_t *dst_pos,
			 const void *src, size_t src_size, size_t *src_pos)
{
	return ref_dstream_run(ds, dst, dst_size, dst_pos, src, src_size, src_pos);
}

void *refn_block_dctx(void)
{
	static ZSTD_DCtx *dctx;

	if (!dctx)
		dctx = ZSTD_createDCtx();
	return dctx;
}

size_t refn_block_begin(void *dctx)
{
	return ZSTD_decompressBegin(dctx);
}

size_t refn_block_next_size(void *dctx)
{
	return ZSTD_nextSrcSizeToDecompress(dctx);
}

int refn_block_next_type(void *dctx)
{
	return (int)ZSTD_nextInputType(dctx);
}

size_t refn_block_continue(void *dctx, void *dst, size_t cap, const void *src, size_t len)
{
	return ZSTD_decompressContinue(dctx, dst, cap, src, len);
}

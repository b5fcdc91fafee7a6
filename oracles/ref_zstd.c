// SPDX-License-Identifier: GPL-2.0
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>

#include "ref_zstd.h"

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

size_t ref_decompress(void *dst, size_t cap, const void *src, size_t len)
{
	ZSTD_DCtx *dctx = ZSTD_createDCtx();
	size_t ret;

	if (!dctx)
		return (size_t)-ZSTD_error_memory_allocation;
	ret = ZSTD_decompressDCtx(dctx, dst, cap, src, len);
	ZSTD_freeDCtx(dctx);
	return ret;
}

const void *ref_decompress_dctx_address(void)
{
	return (const void *)&ZSTD_decompressDCtx;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * refn_* over upstream zstd 1.5.7, compiled against its own <zstd.h>
 * (-I of the fetched lib/, never the distro's): see ref_next.h.
 */
#include <zstd.h>
#include <zstd_errors.h>

#include "ref_next.h"

int refn_available(void)
{
	return 1;
}

unsigned int refn_version(void)
{
	return ZSTD_versionNumber();
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

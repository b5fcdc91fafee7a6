// SPDX-License-Identifier: GPL-2.0
/* refn_* where zstd 1.5.7 could not be had (ref/zstd-next.sh said why). */
#include "ref_next.h"

int refn_available(void)
{
	return 0;
}

unsigned int refn_version(void)
{
	return 0;
}

size_t refn_decompress(void *dst, size_t cap, const void *src, size_t len)
{
	(void)dst;
	(void)cap;
	(void)src;
	(void)len;
	return (size_t)-1;
}

unsigned int refn_is_error(size_t ret)
{
	return ret == (size_t)-1;
}

const char *refn_error_name(size_t ret)
{
	return refn_is_error(ret) ? "zstd 1.5.7 not available" : "No error detected";
}

int refn_error_code(size_t ret)
{
	return refn_is_error(ret) ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/* refn_* where zstd 1.5.7 could not be had (ref/zstd-next.sh said why). */
#include <string.h>

#include "ref_next.h"

#ifndef REFN_WHY
#define REFN_WHY	"zstd 1.5.7 was not built"
#endif

int refn_available(void)
{
	return 0;
}

unsigned int refn_version(void)
{
	return 0;
}

const char *refn_describe(void)
{
	return REFN_WHY;
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

size_t refn_get_frame_header(struct ref_frame_header *fh, const void *src, size_t len)
{
	memset(fh, 0, sizeof(*fh));
	return refn_decompress(NULL, 0, src, len);
}

size_t refn_find_frame_compressed_size(const void *src, size_t len)
{
	return refn_decompress(NULL, 0, src, len);
}

void *refn_dstream(size_t max_window)
{
	(void)max_window;
	return NULL;
}

size_t refn_dstream_step(void *ds, void *dst, size_t dst_size, size_t *dst_pos,
			 const void *src, size_t src_size, size_t *src_pos)
{
	(void)ds;
	(void)dst;
	(void)dst_size;
	(void)dst_pos;
	(void)src_size;
	(void)src_pos;
	return refn_decompress(NULL, 0, src, 0);
}

void *refn_block_dctx(void)
{
	return NULL;
}

size_t refn_block_begin(void *dctx)
{
	(void)dctx;
	return (size_t)-1;
}

size_t refn_block_next_size(void *dctx)
{
	(void)dctx;
	return 0;
}

int refn_block_next_type(void *dctx)
{
	(void)dctx;
	return 0;
}

size_t refn_block_continue(void *dctx, void *dst, size_t cap, const void *src, size_t len)
{
	(void)dctx;
	(void)dst;
	(void)cap;
	(void)src;
	(void)len;
	return (size_t)-1;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ZSTD_getFrameHeader into a struct ref_frame_header, for the two files
 * that see a <zstd.h>: ref_zstd.c (the distro's) and ref_next.c (1.5.7's).
 * Include it after that header, with ZSTD_STATIC_LINKING_ONLY defined: it
 * compiles against whichever ZSTD_frameHeader the includer has.
 */
#ifndef REF_FRAME_HEADER_H
#define REF_FRAME_HEADER_H

#include <string.h>

#include "ref_zstd.h"

static inline size_t ref_frame_header_read(struct ref_frame_header *fh, const void *src,
					   size_t len)
{
	ZSTD_frameHeader zfh;
	size_t ret = ZSTD_getFrameHeader(&zfh, src, len);

	memset(fh, 0, sizeof(*fh));
	if (ret != 0)
		return ret;
	fh->frame_content_size = zfh.frameContentSize;
	fh->window_size = zfh.windowSize;
	fh->block_size_max = zfh.blockSizeMax;
	fh->frame_type = zfh.frameType == ZSTD_skippableFrame;
	fh->header_size = zfh.headerSize;
	fh->dict_id = zfh.dictID;
	fh->checksum_flag = zfh.checksumFlag;
	return 0;
}

#endif

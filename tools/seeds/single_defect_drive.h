/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ways gen-single-defect decodes an input with the kernel, for the
 * checks the one-shot call cannot reach: zstd_decompress_stream (the
 * input one byte a call, or all of it at once) and lib/decompress_unzstd.c's
 * unzstd() in its one-buffer and callback modes.
 */
#ifndef SINGLE_DEFECT_DRIVE_H
#define SINGLE_DEFECT_DRIVE_H

#include <stddef.h>
#include <stdint.h>

enum sd_drive {
	SD_ONESHOT,		/* zstd_decompress_dctx */
	SD_STREAM_BYTES,	/* zstd_decompress_stream, one input byte a call */
	SD_STREAM_WHOLE,	/* zstd_decompress_stream, all the input at once */
	SD_UNZSTD_ONE,		/* unzstd(in, len, NULL, NULL, out, ...) */
	SD_UNZSTD_FILL,		/* unzstd(NULL, 0, fill, flush, NULL, ...) */
	SD_UNZSTD_FLUSH,	/* unzstd(in, len, NULL, flush, NULL, ...) */
	/* API calls whose one defect is an argument, on a frame that decodes: */
	SD_HEADER_NULL,		/* zstd_get_frame_header(&h, NULL, len) */
	SD_STREAM_IN_PAST,	/* zstd_decompress_stream, input pos one past its size */
	SD_STREAM_OUT_PAST,	/* zstd_decompress_stream, output pos one past its size */
};

/* The window the streamed ways' workspace is bound for. */
#define SD_STREAM_WINDOW	((size_t)1 << 23)
/* What unzstd's flush() takes in all, as the unzstd target's (FUZZ_OUT_MAX). */
#define SD_UNZSTD_OUT_MAX	((size_t)1 << 20)

/*
 * Decodes src into dst[0..cap) by drive (not unzstd) with lib/zstd
 * (kernel) or the reference; the output size or an error code. Streamed,
 * it calls on when a call moves nothing, as a caller that waits would,
 * until the frame ends, an error, or 64 calls more than the input's bytes:
 * the decoder's own "no forward progress" errors are reached.
 */
size_t sd_decode(int kernel, enum sd_drive drive, void *dst, size_t cap, const uint8_t *src,
		 size_t len);
/* unzstd() in drive's mode: 0, or -1 with *message what it gave error(). */
int sd_unzstd(enum sd_drive drive, const uint8_t *src, size_t len, const char **message);
int sd_is_unzstd(enum sd_drive drive);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* Decoding a golden vector every way the wrapper offers, and by the reference. */
#ifndef GOLDEN_DECODE_H
#define GOLDEN_DECODE_H

#include <stddef.h>

#define GOLDEN_OUT_MAX	(4u << 20)	/* no vector decodes to more */

enum golden_way {
	GOLDEN_ONESHOT, GOLDEN_STREAM_1, GOLDEN_STREAM_4K,
	GOLDEN_REFERENCE, GOLDEN_REF_STREAM,	/* the reference ways come last: */
	GOLDEN_NEXT, GOLDEN_NEXT_STREAM,	/* libzstd 1.5.4's, then zstd 1.5.7's */
	GOLDEN_WAYS
};

const char *golden_way_name(enum golden_way way);
/* 0 for zstd 1.5.7's ways where it was not built. */
int golden_way_available(enum golden_way way);
/* The error name of a failed decoding that way (each library names its own codes). */
const char *golden_error_name(enum golden_way way, size_t r);
/*
 * Decodes every frame of src into out (GOLDEN_OUT_MAX bytes) one way: the
 * kernel's zstd_decompress_dctx, zstd_decompress_stream with input handed
 * over 1 or 4096 bytes at a time (frame after frame, as a caller that
 * keeps reading does), or a reference (libzstd 1.5.4, zstd 1.5.7), one-shot
 * or streamed. Returns the size or an error
 * code; *failed says which (the reference's and the kernel's codes differ).
 */
size_t golden_decode(enum golden_way way, const unsigned char *src, size_t len,
		     unsigned char *out, int *failed);

#endif

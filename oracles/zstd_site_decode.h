/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reference decoding one frame under the conditions a known divergence
 * names (a larger window, 16 MB of history), for its predicate to compare
 * with what the kernel did (oracles/zstd_site_decode.c).
 */
#ifndef ZSTD_SITE_DECODE_H
#define ZSTD_SITE_DECODE_H

#include <stddef.h>
#include <stdint.h>

struct bm_unit;

/*
 * 1 when the reference, given the frame (flen bytes, not single-segment)
 * with its window descriptor set to window (a power of two), decodes its
 * block number block to more than min_out bytes and the frame to exactly
 * the elen bytes at expect.
 */
int zo_ref_frame_with_window(const uint8_t *frame, size_t flen, size_t window,
			     unsigned int block, size_t min_out, const uint8_t *expect,
			     size_t elen);
/*
 * 1 when the reference, given the frame (flen bytes, not single-segment)
 * with its window descriptor set to window, decodes every block and fails
 * the frame on its checksum with error err: its last 4 bytes, or the fewer
 * that the frame ends with when the checksum is cut short.
 */
int zo_ref_frame_checksum_with_window(const uint8_t *frame, size_t flen, size_t window,
				      size_t err);
/*
 * 1 when the reference, given 16 MB of history before the frame, all zeros
 * and all ones alike, decodes it to exactly the elen bytes at expect.
 */
int zo_ref_frame_after_history(const uint8_t *frame, size_t flen, const uint8_t *expect,
			       size_t elen);
/*
 * 1 when the reference, given the same two histories, decodes the frame
 * at frame (len bytes of data from there) to exactly the elen bytes at
 * expect and then fails on the unit fail (its input offset from the
 * frame's start, and part) with error err.
 */
int zo_ref_frame_fails_like_after_history(const uint8_t *frame, size_t len,
					   const struct bm_unit *fail, size_t err,
					   const uint8_t *expect, size_t elen);
/*
 * 1 when the reference, given the same two histories, fails on block number
 * block of the frame at frame (len bytes of data from there) with error err.
 */
int zo_ref_frame_fails_after_history(const uint8_t *frame, size_t len, unsigned int block,
				     size_t err);

/*
 * libzstd 1.5.4 streamed decodes the frame (flen bytes, not single-segment)
 * with its Window_Descriptor raised to hold window bytes, and its own
 * window limit that big, to exactly expect.
 */
int zo_ref_stream_with_window(const uint8_t *frame, size_t flen, size_t window,
			      const uint8_t *expect, size_t elen);
/*
 * libzstd 1.5.4 decodes the frame alone to exactly expect: block at a time
 * as streaming does (streamed), else one-shot.
 */
int zo_ref_frame_decodes_to(const uint8_t *frame, size_t flen, const uint8_t *expect,
			    size_t elen, int streamed);
/*
 * libzstd 1.5.4 decodes the frame (flen bytes, its last block within them),
 * with every RLE block over max bytes written as RLE blocks of at most max
 * bytes of the same byte (and, window_128k, a frame not single-segment, its
 * window descriptor set to 128 KB), to exactly expect.
 */
int zo_ref_frame_rle_split(const uint8_t *frame, size_t flen, uint32_t max, int window_128k,
			   const uint8_t *expect, size_t elen);
/*
 * 1 when zstd 1.5.7's block map of the same frame with every RLE block over
 * max written as RLE blocks of at most max bytes, given room for out_len
 * bytes at least, fails on a whole block: that block's number in the frame
 * as given into *block, its error into *err.
 */
int zo_next_rle_split_fails(const uint8_t *frame, size_t flen, uint32_t max, size_t out_len,
			    unsigned int *block, size_t *err);

/*
 * 1 when the kernel's and the reference's block maps of the same frame,
 * every RLE block over max written as RLE blocks of at most max bytes,
 * cap bytes of room each, decode the same bytes and then both fail on one
 * whole block: that block's number in the frame as given into *block,
 * each side's error into *kerr and *rerr.
 */
int zo_rle_split_both_fail(const uint8_t *frame, size_t flen, uint32_t max, size_t cap,
			   unsigned int *block, size_t *kerr, size_t *rerr);

#endif

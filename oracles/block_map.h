/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The block map of a decoding: zstd data decoded again one unit at a time
 * (frame header, block header, block, checksum) with a library's
 * ZSTD_decompressContinue, recording where each frame's input and output
 * begin and end, the block whose output holds a given offset, and the unit
 * the decoding failed on. The oracle locates a difference with it.
 */
#ifndef BLOCK_MAP_H
#define BLOCK_MAP_H

#include <stddef.h>
#include <stdint.h>

/* What a unit of input is: ZSTD_nextInputType's order, a last block counted as a block. */
enum bm_part { BM_FRAME_HEADER, BM_BLOCK_HEADER, BM_BLOCK, BM_CHECKSUM = 4, BM_SKIPPABLE };

#define BM_FRAMES_MAX	64

struct bm_unit {
	unsigned int frame;		/* index in the data, skippable frames counted */
	unsigned int block;		/* index in its frame (the block a header opens) */
	enum bm_part part;
	size_t in_off, in_len;		/* its input bytes */
	size_t out_off, out_len;	/* the output it produced (out_len 0 on failure) */
};

struct bm_frame {
	size_t in_off, in_end;		/* in_end, out_end: 0 until the frame ends */
	size_t out_off, out_end;
};

struct block_map {
	struct bm_frame frames[BM_FRAMES_MAX];
	unsigned int nframes;		/* frames begun */
	int too_many_frames;		/* the data has more: the map stops there */
	struct bm_unit found;		/* the block whose output holds the offset asked for */
	int have_found;
	struct bm_unit block;		/* the first frame's block number find_block */
	int have_block;
	struct bm_unit at;		/* the unit that holds input offset find_in */
	int have_at;
	struct bm_unit fail;		/* the unit the decoding failed on */
	size_t error;			/* its error code; 0 when no unit failed */
	size_t out_len;			/* bytes produced */
};

/* BM_NEXT: zstd 1.5.7 (ref_next.h), where a verdict judged against it. */
enum bm_side { BM_KERNEL, BM_REFERENCE, BM_NEXT };

/* What to decode and how. */
struct bm_request {
	enum bm_side side;
	const uint8_t *src;
	size_t len;
	size_t cap;			/* output capacity, as the decoding judged had */
	unsigned int max_frames;	/* decode at most this many frames; 0: all */
	size_t find;			/* the output offset whose block to find; SIZE_MAX: none */
	unsigned int find_block;	/* the block of the first frame to record as block */
	int find_in_given;		/* record the unit holding input offset find_in as at */
	size_t find_in;
	const void *history;		/* reference only: raw history before the data */
	size_t history_len;
	const void *dict;		/* both sides: the dictionary the frames name; NULL: none */
	size_t dict_len;
};

/*
 * Decodes req into dst (at least req->cap bytes) and fills m. Returns 0, or
 * -1 when no decoder could be made. m->error tells whether a unit failed.
 */
int block_map(const struct bm_request *req, uint8_t *dst, struct block_map *m);
int bm_is_error(enum bm_side side, size_t code);
/*
 * The reference's streaming decoder (max_window) on src, step input bytes
 * per call, into cap bytes at dst: its last return (an error, 0 when the
 * frame ended, else more is wanted); *in the input it took, *out its output.
 */
size_t bm_stream_run(const uint8_t *src, size_t len, size_t max_window, size_t step,
		     uint8_t *dst, size_t cap, size_t *in, size_t *out);
const char *bm_part_name(enum bm_part part);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The oracle's tests run both libraries on data the ways the targets do:
 * one-shot over every frame (decompress_oneshot), streamed over the first
 * frame (decompress_stream; all at once, or the first byte alone and then
 * the rest), or one frame header or frame size (frame_header); and
 * upstream zstd 1.5.7 the same way, when built (the third side).
 */
#ifndef ORACLE_WAYS_H
#define ORACLE_WAYS_H

#include <stddef.h>
#include <stdint.h>

#include "zstd_oracle.h"

#define WAY_OUT_CAP	((size_t)1 << 20)

/*
 * WAY_STREAM_SPLIT: streamed, the first byte in a call of its own.
 * WAY_SIZE: the compressed size of the frame after the whole frames.
 */
enum way { WAY_ONESHOT, WAY_STREAM, WAY_HEADER, WAY_STREAM_SPLIT, WAY_SIZE, WAYS };

/*
 * The results of one way, over buffers this owns; n: 1.5.7's (has_n:
 * built). Where the kernel agrees with 1.5.4 and 1.5.7 does not (not all
 * three rejecting), r is 1.5.7's: the reference of record judges.
 */
struct way_run {
	enum way way;
	struct zo_case c;
	struct zo_result k, r, n;
	int has_n;
	uint8_t kout[WAY_OUT_CAP], rout[WAY_OUT_CAP], nout[WAY_OUT_CAP];
};

/* Runs z the way w; header: the frame header after the whole frames. Returns run (heap). */
struct way_run *way_run(enum way w, const uint8_t *z, size_t len);
/* The first way in which the libraries disagree on z, or NULL (all agree). */
struct way_run *way_first_divergence(const uint8_t *z, size_t len);
/* The first way of one of e's targets in which zo_judge gives e's class on z, or NULL. */
struct way_run *way_first_class(const uint8_t *z, size_t len, const struct zo_known *e);
/* The oracle's verdict on run as it is (after any planted change to its outputs). */
enum zo_class way_verdict(struct way_run *run, struct zo_verdict *v);

#endif

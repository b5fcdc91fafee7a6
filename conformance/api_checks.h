/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The API contract checks of gate-api-contract, one file per part of
 * include/linux/zstd.h's documentation. Each adds its TAP lines to t;
 * quick selects a smaller case matrix (make check).
 */
#ifndef API_CHECKS_H
#define API_CHECKS_H

#include <stddef.h>

#include "gate_tap.h"

/* zstd_init_{cctx,cstream,dctx,dstream} on the bound, one byte less, NULL. */
void api_check_workspaces(struct gate_tap *t, int quick);
/* zstd_dstream_workspace_bound(w) and frames of window below and above w. */
void api_check_windows(struct gate_tap *t, int quick);
/* zstd_compress_bound(n) against incompressible input at every level. */
void api_check_compress_bound(struct gate_tap *t, int quick);
/* zstd_compress_bound against ZSTD_COMPRESSBOUND and the reference; the level limits. */
void api_check_pure(struct gate_tap *t, int quick);
/* zstd_get_frame_header, zstd_find_frame_compressed_size against the reference. */
void api_check_frames(struct gate_tap *t);
/* zstd_reset_cstream, zstd_flush_stream, zstd_reset_dstream: contexts reused. */
void api_check_resets(struct gate_tap *t, int quick);
/*
 * The *_advanced and *_byreference constructors and their calls with the
 * N-th allocation failing, every N (trees with that API; others: nothing).
 */
void api_check_allocators(struct gate_tap *t, int quick);
/* zstd_is_error, zstd_get_error_code, zstd_get_error_name. */
void api_check_errors(struct gate_tap *t);

/* Levels to try: min, a few negatives, 1..max (quick: fewer). */
size_t api_levels(int *levels, size_t cap, int quick);
/* A buffer of exactly len bytes (at least 1 allocated), ASan sees its end. */
void *api_exact_alloc(size_t len);
/* 1 if frame decodes through the reference to exactly src. */
int api_ref_roundtrip(const void *frame, size_t flen, const void *src, size_t len);

/*
 * zstd_init_dstream(max_window) on an exact wsize-byte workspace, then
 * zstd_decompress_stream with input in chunk-byte pieces (0: all at once)
 * and output in small pieces until the frame ends. The decoded size or an
 * error; *got_ctx says whether the init gave a context.
 */
size_t api_dstream_decode(size_t max_window, size_t wsize, void *dst, size_t cap,
			  const void *src, size_t len, size_t chunk, int *got_ctx);

#endif

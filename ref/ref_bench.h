/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reference zstd with reused contexts, for the benchmarks: one-shot
 * and streaming compression and one-shot decompression, each context
 * created once and reused for every call as the kernel's users reuse
 * their workspaces. Results follow zstd's convention (size or error code,
 * see ref_is_error() in ref_zstd.h).
 */
#ifndef REF_BENCH_H
#define REF_BENCH_H

#include <stddef.h>

struct ref_bench_cctx;
struct ref_bench_dctx;

/* A compression context set to level for inputs of about src_size bytes. */
struct ref_bench_cctx *ref_bench_cctx_create(int level);
/* The same, with the checksum flag and, unless 0, the window log set. */
struct ref_bench_cctx *ref_bench_cctx_create_ex(int level, int checksum, int wlog);
void ref_bench_cctx_free(struct ref_bench_cctx *c);
/* ZSTD_compress2 with the context's parameters. */
size_t ref_bench_compress(struct ref_bench_cctx *c, void *dst, size_t cap,
			  const void *src, size_t len);
/*
 * One frame through ZSTD_compressStream2: session reset, pledged size len,
 * input handed over and output made room for chunk bytes at a time
 * (ZSTD_e_continue), then ZSTD_e_end until the frame is flushed.
 */
size_t ref_bench_compress_stream(struct ref_bench_cctx *c, void *dst, size_t cap,
				 const void *src, size_t len, size_t chunk);

struct ref_bench_dctx *ref_bench_dctx_create(void);
void ref_bench_dctx_free(struct ref_bench_dctx *d);
/* ZSTD_decompressDCtx on the reused context. */
size_t ref_bench_decompress(struct ref_bench_dctx *d, void *dst, size_t cap,
			    const void *src, size_t len);

/* One frame through ZSTD_decompressStream, output room made chunk bytes at a time. */
size_t ref_bench_decompress_stream(struct ref_bench_dctx *d, void *dst, size_t cap,
				   const void *src, size_t len, size_t chunk);

#endif

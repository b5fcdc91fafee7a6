/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One zstd implementation as the benchmark drives it: a context made once
 * per (mode, level, unit size), then one call per unit of data. The kernel
 * side (bench_kernel.c, <linux/zstd.h>) and the reference side
 * (bench_ref.c, ref/ref_bench.h) never share a translation unit.
 */
#ifndef BENCH_IMPL_H
#define BENCH_IMPL_H

#include <stddef.h>

enum bench_mode {
	BENCH_ONESHOT,		/* one-shot compression, reused context */
	BENCH_STREAM,		/* streaming compression, 4 KiB in and out steps */
	BENCH_DECOMPRESS,	/* one-shot decompression, reused context */
	BENCH_MODES
};

/* Input and output steps of streaming compression, as btrfs maps pages. */
#define BENCH_STREAM_CHUNK 4096

struct bench_impl {
	const char *name;
	/* A context for mode at level, for units of at most unit bytes; NULL on failure. */
	void *(*create)(enum bench_mode mode, int level, size_t unit);
	/* One call on one unit: its result (a size, or an error code). */
	size_t (*run)(void *ctx, void *dst, size_t cap, const void *src, size_t len);
	void (*destroy)(void *ctx);
	unsigned int (*is_error)(size_t ret);
	const char *(*error_name)(size_t ret);
};

extern const struct bench_impl bench_kernel_impl;
extern const struct bench_impl bench_ref_impl;

const char *bench_mode_name(enum bench_mode mode);

#endif

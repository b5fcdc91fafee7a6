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
	BENCH_DSTREAM,		/* streaming decompression, all the output room at once */
	BENCH_DSTREAM_4K,	/* streaming decompression, 4 KiB of output room at a time */
	BENCH_MODES
};

/* Input and output steps of streaming compression, as btrfs maps pages. */
#define BENCH_STREAM_CHUNK 4096

struct bench_impl {
	const char *name;
	unsigned int (*version)(void);	/* of its zstd: 10410 is 1.4.10 */
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
/*
 * A baseline tree's kernel side: bench_kernel.c and kzstd.o of that tree,
 * linked into one object whose only global is this (bench.build.mk), in
 * kz-ab only; NULL elsewhere.
 */
extern const struct bench_impl bench_base_impl __attribute__((weak));

/* Decompression modes read reference frames; the others make frames. */
static inline int bench_mode_decodes(enum bench_mode mode)
{
	return mode >= BENCH_DECOMPRESS;
}

const char *bench_mode_name(enum bench_mode mode);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a decompression row's frames hold, counted from their bytes
 * (oracles/zstd_frames.c walks them): block types, literals sections by
 * kind and stream count, sequences. The report prints it beside the row,
 * so a stage row says what it measured, not what it was meant to.
 */
#ifndef BENCH_MIX_H
#define BENCH_MIX_H

#include <stddef.h>

struct bench_mix {
	size_t raw, rle, compressed;		/* blocks */
	size_t lit_raw, lit_rle, huf1, huf4;	/* literals sections; treeless ones counted too */
	size_t treeless;
	size_t sequences;
};

void bench_mix_count(struct bench_mix *m, const unsigned char *src, size_t len);
/* One line, e.g. "blocks 32 raw 0 rle 1 cmp; literals 1 huf4; 120 seqs". */
void bench_mix_line(const struct bench_mix *m, char *buf, size_t len);

#endif

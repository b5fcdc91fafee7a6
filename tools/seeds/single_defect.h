/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Single-defect inputs of the decoder's checks: for each check, a frame
 * built by construction whose only defect is the one that check detects,
 * and its control, the same frame without the defect (where one exists),
 * which every decoder must accept. corpus/single-defect/ holds them with a
 * manifest naming each check by its file, function and source text.
 */
#ifndef SINGLE_DEFECT_H
#define SINGLE_DEFECT_H

#include <stddef.h>
#include <stdint.h>

struct sd_case {
	const char *name;	/* the input's name: <name>.zst, <name>.ok.zst */
	const char *file;	/* under lib/zstd/ of the tree */
	const char *function;	/* the function the check is in */
	const char *check;	/* the check's source text, as in the file */
	int error;		/* the kernel's ZSTD_ErrorCode for it */
	int flags;		/* SD_EXACT_CAP, SD_ONESHOT_ONLY, SD_CAP_SHORT, SD_DRIVE() */
	/* Writes the frame into buf (defect 1) or its control (0); its size, 0: none. */
	size_t (*build)(uint8_t *buf, size_t cap, int defect);
	int nth;		/* the check's occurrence in its function from 1; 0: the only one */
	/* Or (build NULL): Huffman literals whose tree the defect changes so. */
	void (*weights)(uint8_t *hdr, uint8_t *w);
};

#define SD_FRAME_MAX	(132 * 1024)
/* One-shot into exactly the control's size (else 1 MiB). */
#define SD_EXACT_CAP	1
/* A check of the one-shot decoder alone: streamed, the frame's end is the end. */
#define SD_ONESHOT_ONLY	2
/* Into one byte less than the control decodes to: the defect is the capacity. */
#define SD_CAP_SHORT	4
/* The input is the empty file (the builder makes its control only). */
#define SD_EMPTY_INPUT	8
/* How the kernel decodes it: enum sd_drive (single_defect_drive.h); 0 one-shot. */
#define SD_DRIVE(d)	((d) << 8)
#define SD_DRIVE_OF(c)	((c)->flags >> 8)
/*
 * The reference accepts it, a known divergence of corpus/findings.txt
 * (named in the case's comment; the oracle's predicate excuses it when the
 * decompression targets replay it): check asserts it still does.
 */
#define SD_REF_ACCEPTS	16

/* All the cases (single_defect_cases.c): each file's table, one after the other. */
const struct sd_case *sd_cases(size_t *n);
/* The cases of the decoder's block, entropy and frame-header checks (single_defect.c). */
const struct sd_case *sd_decoder_cases(size_t *n);
/* The cases of zstd_decompress.c's frame, skippable and streaming checks and unzstd's. */
const struct sd_case *sd_frame_cases(size_t *n);
struct fb_header;
/* header (frame_build.h), then "abcd" in one raw block; its size, 0: no room. */
size_t sd_abcd_frame(uint8_t *buf, size_t cap, const struct fb_header *h);
/* The case's frame (defect 1) or control (0) into buf; its size, 0: none. */
size_t sd_build(const struct sd_case *c, uint8_t *buf, size_t cap, int defect);
/* The same, of the case of sd_decoder_cases() named name. */
size_t sd_build_named(const char *name, uint8_t *buf, size_t cap, int defect);
/* The folder of a case's file in corpus/single-defect/: its base name without ".c". */
void sd_dir_name(const struct sd_case *c, char *buf, size_t size);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compression parameters of the compress targets, every field chosen
 * from the input (as upstream zstd's FUZZ_setRandomParameters, our own):
 * the level path, zstd_get_params(level, estimate) with the estimate the
 * source's size, unknown (0) or wrong, then each field of
 * zstd_compression_parameters and zstd_frame_parameters either kept or
 * chosen anywhere in the range the tree's lib/zstd accepts
 * (ZSTD_WINDOWLOG_MIN..ZSTD_WINDOWLOG_MAX and the rest), or now and then
 * one field just outside it, which the library must refuse. Then the
 * names in KZFUZZ_PARAMS (fuzz_input.h) override what the input chose.
 */
#ifndef FUZZ_ZSTD_PARAMS_H
#define FUZZ_ZSTD_PARAMS_H

#include <linux/zstd.h>
#include <stddef.h>

#include "fuzz_input.h"

/*
 * Most workspace a chosen set of parameters may need, or the level path's
 * own bound when that is more (level 22, size unknown: 512+ MiB): past it
 * the largest of hashLog, chainLog and windowLog the input chose is
 * lowered until the bound fits (a named or the level's value never is).
 */
#define FUZZ_ZP_WKSP_MAX	((size_t)128 << 20)

/* Which fields a target reads. */
#define FUZZ_ZP_CPARAMS		1u	/* zstd_compression_parameters */
#define FUZZ_ZP_FPARAMS		2u	/* zstd_frame_parameters */
#define FUZZ_ZP_IN_RANGE	4u	/* never a field outside the library's range */

struct fuzz_zparams {
	int level;
	unsigned long long estimate;	/* the size zstd_get_params was given; 0 unknown */
	zstd_parameters p;
	const char *invalid;		/* the field set outside the library's range, or NULL */
	unsigned int fields;		/* FUZZ_ZP_* read */
	unsigned int named;		/* how many came from KZFUZZ_PARAMS */
	size_t wksp_limit;		/* the workspace the fields were fitted to */
};

/* The workspace bound the target allocates for p (cctx or cstream). */
typedef size_t (*fuzz_zp_bound)(const zstd_compression_parameters *cparams);

/* The level path: the level (name "level"), z reset. */
void fuzz_zparams_level(struct fuzz_zparams *z, struct fuzz_input *in);
/*
 * Then the estimate ("estimated_src_size"): len, unknown (0) or any other
 * size, and z->p = zstd_get_params(level, estimate).
 */
void fuzz_zparams_estimate(struct fuzz_zparams *z, struct fuzz_input *in, size_t len);
/*
 * Then each field of fields (FUZZ_ZP_*) kept, chosen in range, or (1 input
 * in 16 that reads it) one field outside it; named fields override; the
 * workspace kept under FUZZ_ZP_WKSP_MAX by bound. Refuses (exit 2) a name
 * in KZFUZZ_PARAMS the target did not ask for.
 */
void fuzz_zparams_fields(struct fuzz_zparams *z, struct fuzz_input *in, unsigned int fields,
			 fuzz_zp_bound bound);
/*
 * A caller-shape target's choices (compress_f2fs, compress_btrfs), no field
 * read (z->p is the target's to set): the level in [min, max] from the
 * input (dflt without a trailer), "level" overriding it; then the size the
 * target chose for zstd_get_params, "estimated_src_size" overriding it,
 * and any other name refused (exit 2).
 */
void fuzz_zparams_caller_level(struct fuzz_zparams *z, struct fuzz_input *in, int min, int max,
			       int dflt);
void fuzz_zparams_caller_size(struct fuzz_zparams *z, size_t size);
/*
 * A named value the caller cannot take (ok 0): "kzfuzz: KZFUZZ_PARAMS:
 * <name>=<value> is not <what>" and exit 2.
 */
void fuzz_zparams_named_check(int ok, const char *name, long long value, const char *what);
/* "level=3 estimated_src_size=0 windowLog=18 ... checksumFlag=1" into buf. */
void fuzz_zparams_text(const struct fuzz_zparams *z, char *buf, size_t len);

#endif

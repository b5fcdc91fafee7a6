// SPDX-License-Identifier: GPL-2.0
/*
 * Every compression parameter from the input: see zstd_params.h. The
 * ranges are the tree's own (its zstd_lib.h), so a tree whose library
 * accepts more gets more.
 */
#include <linux/zstd.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_timing.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

enum zp_field {
	ZP_WINDOW, ZP_CHAIN, ZP_HASH, ZP_SEARCH, ZP_MINMATCH, ZP_TLEN, ZP_STRATEGY,
	ZP_CPARAMS_END,
	ZP_CSIZE = ZP_CPARAMS_END, ZP_CHECKSUM, ZP_NODICTID,
	ZP_FIELDS
};

struct zp_range {
	const char *name;
	long long min, max;
};

static const struct zp_range ranges[ZP_FIELDS] = {
	[ZP_WINDOW] = { "windowLog", ZSTD_WINDOWLOG_MIN, ZSTD_WINDOWLOG_MAX },
	[ZP_CHAIN] = { "chainLog", ZSTD_CHAINLOG_MIN, ZSTD_CHAINLOG_MAX },
	[ZP_HASH] = { "hashLog", ZSTD_HASHLOG_MIN, ZSTD_HASHLOG_MAX },
	[ZP_SEARCH] = { "searchLog", ZSTD_SEARCHLOG_MIN, ZSTD_SEARCHLOG_MAX },
	[ZP_MINMATCH] = { "minMatch", ZSTD_MINMATCH_MIN, ZSTD_MINMATCH_MAX },
	[ZP_TLEN] = { "targetLength", ZSTD_TARGETLENGTH_MIN, ZSTD_TARGETLENGTH_MAX },
	[ZP_STRATEGY] = { "strategy", ZSTD_STRATEGY_MIN, ZSTD_STRATEGY_MAX },
	[ZP_CSIZE] = { "contentSizeFlag", 0, 1 },
	[ZP_CHECKSUM] = { "checksumFlag", 0, 1 },
	[ZP_NODICTID] = { "noDictIDFlag", 0, 1 },
};

static long long get_field(const zstd_parameters *p, enum zp_field f)
{
	switch (f) {
	case ZP_WINDOW: return p->cParams.windowLog;
	case ZP_CHAIN: return p->cParams.chainLog;
	case ZP_HASH: return p->cParams.hashLog;
	case ZP_SEARCH: return p->cParams.searchLog;
	case ZP_MINMATCH: return p->cParams.minMatch;
	case ZP_TLEN: return p->cParams.targetLength;
	case ZP_STRATEGY: return p->cParams.strategy;
	case ZP_CSIZE: return p->fParams.contentSizeFlag;
	case ZP_CHECKSUM: return p->fParams.checksumFlag;
	case ZP_NODICTID: return p->fParams.noDictIDFlag;
	case ZP_FIELDS: break;
	}
	return 0;
}

static void set_field(zstd_parameters *p, enum zp_field f, long long v)
{
	switch (f) {
	case ZP_WINDOW: p->cParams.windowLog = (unsigned int)v; break;
	case ZP_CHAIN: p->cParams.chainLog = (unsigned int)v; break;
	case ZP_HASH: p->cParams.hashLog = (unsigned int)v; break;
	case ZP_SEARCH: p->cParams.searchLog = (unsigned int)v; break;
	case ZP_MINMATCH: p->cParams.minMatch = (unsigned int)v; break;
	case ZP_TLEN: p->cParams.targetLength = (unsigned int)v; break;
	case ZP_STRATEGY: p->cParams.strategy = (zstd_strategy)v; break;
	case ZP_CSIZE: p->fParams.contentSizeFlag = (int)v; break;
	case ZP_CHECKSUM: p->fParams.checksumFlag = (int)v; break;
	case ZP_NODICTID: p->fParams.noDictIDFlag = (int)v; break;
	case ZP_FIELDS: break;
	}
}

static int field_read(const struct fuzz_zparams *z, enum zp_field f)
{
	return (z->fields & (f < ZP_CPARAMS_END ? FUZZ_ZP_CPARAMS : FUZZ_ZP_FPARAMS)) != 0;
}

void fuzz_zparams_level(struct fuzz_zparams *z, struct fuzz_input *in)
{
	long long v;

	*z = (struct fuzz_zparams){ .level = fuzz_zstd_level(in, zstd_min_clevel(),
								zstd_max_clevel()) };
	if (fuzz_input_override("level", &v))
		z->level = (int)v;
}

void fuzz_zparams_estimate(struct fuzz_zparams *z, struct fuzz_input *in, size_t len)
{
	long long v;

	z->estimate = len;
	switch (fuzz_input_u32(in, 0, 2, 0)) {
	case 1:
		z->estimate = 0;	/* unknown */
		break;
	case 2:
		z->estimate = fuzz_input_u32(in, 1, UINT32_MAX, 1);	/* likely wrong */
		break;
	}
	if (fuzz_input_override("estimated_src_size", &v))
		z->estimate = (unsigned long long)v;
	z->p = zstd_get_params(z->level, z->estimate);
}

/* The first field read outside the library's range: its name, or NULL. */
static const char *first_invalid(const struct fuzz_zparams *z)
{
	int f;

	for (f = 0; f < ZP_CPARAMS_END; f++) {
		long long v = get_field(&z->p, f);

		if (field_read(z, f) && (v < ranges[f].min || v > ranges[f].max))
			return ranges[f].name;
	}
	return NULL;
}

/* One field just outside its range: below it where that is not 0 (0 is "the level's"). */
static void choose_invalid(struct fuzz_zparams *z, struct fuzz_input *in)
{
	enum zp_field f = fuzz_input_u32(in, 0, ZP_CPARAMS_END - 1, 0);
	long long below = ranges[f].min - 1;

	set_field(&z->p, f, below > 0 && fuzz_input_bool(in, 0) ? below : ranges[f].max + 1);
	z->invalid = ranges[f].name;
}

/* The largest of the chosen (not named, not invalid) logs that can go lower; -1: none. */
static int lowerable(const struct fuzz_zparams *z, const unsigned char *chosen)
{
	static const enum zp_field logs[] = { ZP_HASH, ZP_CHAIN, ZP_WINDOW };
	long long best = -1;
	int pick = -1;
	size_t i;

	for (i = 0; i < sizeof(logs) / sizeof(logs[0]); i++) {
		enum zp_field f = logs[i];
		long long v = get_field(&z->p, f);

		if (chosen[f] && v > ranges[f].min && v <= ranges[f].max && v > best) {
			best = v;
			pick = f;
		}
	}
	return pick;
}

static void fit_budget(struct fuzz_zparams *z, const unsigned char *chosen, fuzz_zp_bound bound,
		       size_t limit)
{
	size_t b;
	int f;

	for (;;) {
		FUZZ_LIB(b = bound(&z->p.cParams));
		if (!zstd_is_error(b) && b <= limit)
			return;
		f = lowerable(z, chosen);
		if (f < 0)
			return;
		set_field(&z->p, f, get_field(&z->p, f) - 1);
	}
}

void fuzz_zparams_fields(struct fuzz_zparams *z, struct fuzz_input *in, unsigned int fields,
			 fuzz_zp_bound bound)
{
	unsigned char chosen[ZP_FIELDS] = { 0 };
	size_t limit = FUZZ_ZP_WKSP_MAX, level_bound = 0;
	long long v;
	int f;

	z->fields = fields;
	if (bound)
		FUZZ_LIB(level_bound = bound(&z->p.cParams));
	if (!zstd_is_error(level_bound) && level_bound > limit)
		limit = level_bound;	/* the level path's own need (level 22: 512+ MiB) */
	for (f = 0; f < ZP_FIELDS; f++) {
		if (!field_read(z, f))
			continue;
		if (f >= ZP_CPARAMS_END) {
			set_field(&z->p, f, fuzz_input_bool(in, (int)get_field(&z->p, f)));
		} else if (fuzz_input_bool(in, 0)) {
			/* Params that run out keep the level's value: 0 would be "the
			 * level's" to the library, not the invalid value it is here. */
			set_field(&z->p, f, fuzz_input_u32(in, (uint32_t)ranges[f].min,
							   (uint32_t)ranges[f].max,
							   (uint32_t)get_field(&z->p, f)));
			chosen[f] = 1;
		}
	}
	if ((fields & FUZZ_ZP_CPARAMS) && !(fields & FUZZ_ZP_IN_RANGE) &&
	    fuzz_input_u32(in, 0, 15, 1) == 0)
		choose_invalid(z, in);
	for (f = 0; f < ZP_FIELDS; f++) {
		if (field_read(z, f) && fuzz_input_override(ranges[f].name, &v)) {
			set_field(&z->p, f, v);
			chosen[f] = 0;
			z->named++;
		}
	}
	fuzz_input_overrides_check();
	if (bound)
		fit_budget(z, chosen, bound, limit);
	/* Named values may put a field outside its range, or back in it. */
	z->invalid = first_invalid(z);
	z->wksp_limit = limit;
}

void fuzz_zparams_caller_level(struct fuzz_zparams *z, struct fuzz_input *in, int min, int max,
			       int dflt)
{
	long long v;

	*z = (struct fuzz_zparams){ .level = min + (int)fuzz_input_u32(in, 0, (uint32_t)(max - min),
								      (uint32_t)(dflt - min)) };
	if (fuzz_input_override("level", &v))
		z->level = (int)v;
}

void fuzz_zparams_caller_size(struct fuzz_zparams *z, size_t size)
{
	long long v;

	z->estimate = size;
	if (fuzz_input_override("estimated_src_size", &v))
		z->estimate = (unsigned long long)v;
	fuzz_input_overrides_check();
}

void fuzz_zparams_named_check(int ok, const char *name, long long value, const char *what)
{
	if (ok)
		return;
	fprintf(stderr, "kzfuzz: %s: %s=%lld is not %s\n", FUZZ_INPUT_ENV_PARAMS, name, value, what);
	exit(2);
}

void fuzz_zparams_text(const struct fuzz_zparams *z, char *buf, size_t len)
{
	size_t n;
	int f, w;

	w = snprintf(buf, len, "level=%d estimated_src_size=%llu", z->level, z->estimate);
	n = w < 0 ? 0 : (size_t)w;
	for (f = 0; f < ZP_FIELDS && n < len; f++) {
		if (!field_read(z, f))
			continue;
		w = snprintf(buf + n, len - n, " %s=%lld", ranges[f].name, get_field(&z->p, f));
		n += w < 0 ? 0 : (size_t)w;
	}
}

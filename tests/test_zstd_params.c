// SPDX-License-Identifier: GPL-2.0
/*
 * The compress targets' parameters (fuzz/zstd_params.c) and named
 * parameters (KZFUZZ_PARAMS, fuzz/fuzz_input.c): without a trailer the
 * level path alone, every chosen field within the tree's range unless one
 * is set outside on purpose, workspaces within the budget, names override
 * and unknown names are found; and compress_oneshot (linked in) refuses
 * each field just outside its range without a finding.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <linux/zstd.h>

#include "fuzz_input.h"
#include "seeds.h"
#include "zstd_params.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void parse(const char *spec)
{
	char err[128];

	assert_int_equal(fuzz_input_overrides_parse(spec, err, sizeof(err)), 0);
}

static void overrides_parse_and_find(void **state)
{
	char err[128];
	long long v = 0;

	(void)state;
	parse("level=19 minMatch=7,windowLog=0x12 level=-5");
	assert_int_equal(fuzz_input_override("windowLog", &v), 1);
	assert_int_equal(v, 18);
	assert_int_equal(fuzz_input_override("level", &v), 1);
	assert_int_equal(v, -5);	/* the last one wins */
	assert_string_equal(fuzz_input_overrides_unknown(), "minMatch");
	assert_int_equal(fuzz_input_override("minMatch", &v), 1);
	assert_null(fuzz_input_overrides_unknown());
	assert_int_equal(fuzz_input_override("hashLog", &v), 0);
	assert_int_equal(fuzz_input_overrides_parse("level", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "name=value"));
	assert_int_equal(fuzz_input_overrides_parse("level=3x", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "level"));
	assert_int_equal(fuzz_input_overrides_parse("=3", err, sizeof(err)), -1);
	assert_int_equal(fuzz_input_overrides_parse("a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 j=10 "
						    "k=11 l=12 m=13 n=14 o=15 p=16 q=17",
						    err, sizeof(err)), -1);
	parse(NULL);
	assert_null(fuzz_input_overrides_unknown());
}

static void choose(struct fuzz_zparams *z, const uint8_t *params, size_t n, size_t len)
{
	static uint8_t buf[512];
	static const uint8_t none[1];
	struct fuzz_input in;
	size_t total = fuzz_input_build(buf, sizeof(buf), "", 0, params ? params : none, n);

	assert_true(total > 0);
	fuzz_input_init(&in, buf, total);
	fuzz_zparams_level(z, &in);
	fuzz_zparams_estimate(z, &in, len);
	fuzz_zparams_fields(z, &in, FUZZ_ZP_CPARAMS | FUZZ_ZP_FPARAMS,
			    zstd_cctx_workspace_bound);
}

static void no_trailer_is_the_level_path(void **state)
{
	struct fuzz_zparams z;
	zstd_parameters p = zstd_get_params(3, 5000);
	char text[320];

	(void)state;
	parse(NULL);
	choose(&z, NULL, 0, 5000);
	assert_int_equal(z.level, 3);
	assert_int_equal(z.estimate, 5000);
	assert_memory_equal(&z.p, &p, sizeof(p));
	assert_null(z.invalid);
	fuzz_zparams_text(&z, text, sizeof(text));
	assert_non_null(strstr(text, "level=3 estimated_src_size=5000 windowLog="));
	assert_non_null(strstr(text, " noDictIDFlag=0"));
}

static int in_range(const zstd_compression_parameters *c)
{
	return c->windowLog >= ZSTD_WINDOWLOG_MIN && c->windowLog <= ZSTD_WINDOWLOG_MAX &&
	       c->chainLog >= ZSTD_CHAINLOG_MIN && c->chainLog <= ZSTD_CHAINLOG_MAX &&
	       c->hashLog >= ZSTD_HASHLOG_MIN && c->hashLog <= ZSTD_HASHLOG_MAX &&
	       c->searchLog >= ZSTD_SEARCHLOG_MIN && c->searchLog <= ZSTD_SEARCHLOG_MAX &&
	       c->minMatch >= ZSTD_MINMATCH_MIN && c->minMatch <= ZSTD_MINMATCH_MAX &&
	       c->targetLength <= ZSTD_TARGETLENGTH_MAX &&
	       (int)c->strategy >= ZSTD_STRATEGY_MIN && (int)c->strategy <= ZSTD_STRATEGY_MAX;
}

/* Many trailers: in range and within budget, or one field named invalid; both seen. */
static void chosen_fields_in_range(void **state)
{
	uint8_t params[40];
	unsigned int seed, invalid = 0, strategies = 0;
	struct fuzz_zparams z;

	(void)state;
	parse(NULL);
	for (seed = 1; seed < 3000; seed++) {
		uint32_t x = seed * 2654435761u;
		size_t i;

		for (i = 0; i < sizeof(params); i++) {
			x ^= x << 13, x ^= x >> 17, x ^= x << 5;
			params[i] = (uint8_t)x;
		}
		choose(&z, params, sizeof(params), 200000);
		if (z.invalid) {
			invalid++;
			assert_false(in_range(&z.p.cParams));
			continue;
		}
		assert_true(in_range(&z.p.cParams));
		assert_true(zstd_cctx_workspace_bound(&z.p.cParams) <= z.wksp_limit);
		assert_true(z.wksp_limit >= FUZZ_ZP_WKSP_MAX);
		strategies |= 1u << z.p.cParams.strategy;
	}
	assert_true(invalid > 0);
	/* Every strategy, fast (1) to btultra2 (9). */
	assert_int_equal(strategies, 0x3feu);
}

/*
 * A trailer that runs out just after a field's "chosen" flag (every byte
 * 0xff: each flag set, no field invalid on purpose): the field keeps the
 * level's value, never 0, which the library takes as "the level's" where
 * the harness would expect parameter_outOfBound (the gate's finding of
 * 2026-12-05: windowLog 0 refused with dstSize_tooSmall).
 */
static void cut_trailer_keeps_level_values(void **state)
{
	uint8_t params[40];
	struct fuzz_zparams z;
	size_t n;

	(void)state;
	parse(NULL);
	memset(params, 0xff, sizeof(params));
	for (n = 1; n <= sizeof(params); n++) {
		choose(&z, params, n, 200000);
		assert_null(z.invalid);
		assert_true(in_range(&z.p.cParams));
	}
}

static void names_override(void **state)
{
	struct fuzz_zparams z;
	char text[320];

	(void)state;
	parse("level=19 minMatch=7 windowLog=18 checksumFlag=1");
	choose(&z, NULL, 0, 1000);
	assert_int_equal(z.level, 19);
	assert_int_equal(z.p.cParams.minMatch, 7);
	assert_int_equal(z.p.cParams.windowLog, 18);
	assert_int_equal(z.p.fParams.checksumFlag, 1);
	assert_int_equal(z.named, 3);
	assert_null(z.invalid);
	fuzz_zparams_text(&z, text, sizeof(text));
	assert_non_null(strstr(text, "level=19 "));
	assert_non_null(strstr(text, " minMatch=7 "));
	parse("windowLog=32");
	choose(&z, NULL, 0, 1000);
	assert_string_equal(z.invalid, "windowLog");
	parse(NULL);
}

/* Each field just outside its range, named: compress_oneshot refuses it, no finding. */
static void oneshot_refuses_out_of_range(void **state)
{
	static const char *const specs[] = {
		"windowLog=9", "windowLog=32", "hashLog=5", "chainLog=5", "minMatch=2",
		"minMatch=8", "searchLog=31", "targetLength=131073", "strategy=10",
	};
	static uint8_t input[4096];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(input); i++)
		input[i] = (uint8_t)(i % 251 < 100 ? 'a' : i * 7);
	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		parse(specs[i]);
		assert_int_equal(LLVMFuzzerTestOneInput(input, sizeof(input)), 0);
	}
	parse(NULL);
}

/* compress_oneshot's strategy seeds ask for what their names say, in its read order. */
static int strategy_seed(void *ctx, const struct seed *sd)
{
	unsigned int *next = ctx, s, wlog;
	struct fuzz_zparams z;
	struct fuzz_input in;

	assert_int_equal(sscanf(sd->name, "strategy%u-wlog%u", &s, &wlog), 2);
	assert_int_equal(s, *next);
	fuzz_input_init(&in, sd->data, sd->len);
	assert_true(in.payload_len > 128 * 1024);
	fuzz_zparams_level(&z, &in);
	fuzz_zparams_estimate(&z, &in, in.payload_len);
	assert_int_equal(fuzz_input_bool(&in, 0), 1);	/* capacity: the bound */
	fuzz_zparams_fields(&z, &in, FUZZ_ZP_CPARAMS | FUZZ_ZP_FPARAMS,
			    zstd_cctx_workspace_bound);
	assert_int_equal(z.estimate, in.payload_len);
	assert_int_equal(z.p.cParams.strategy, s);
	assert_int_equal(z.p.cParams.windowLog, wlog);
	assert_int_equal(z.p.fParams.checksumFlag, s & 1);
	assert_null(z.invalid);
	assert_int_equal(fuzz_input_remaining(&in), 0);
	(*next)++;
	return 0;
}

static void strategy_seeds_read_back(void **state)
{
	unsigned int next = 1;
	struct seed_sink sink = { strategy_seed, &next };

	(void)state;
	parse(NULL);
	assert_int_equal(seeds_strategies_oneshot(&sink), 0);
	assert_int_equal(next, 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(overrides_parse_and_find),
		cmocka_unit_test(no_trailer_is_the_level_path),
		cmocka_unit_test(chosen_fields_in_range),
		cmocka_unit_test(cut_trailer_keeps_level_values),
		cmocka_unit_test(names_override),
		cmocka_unit_test(oneshot_refuses_out_of_range),
		cmocka_unit_test(strategy_seeds_read_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The seed corpus: deterministic, uniquely named, and every frame seed
 * does what its catalogue entry claims through the reference decoder.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fuzz_input.h"
#include "ref_zstd.h"
#include "zstd_fuzz.h"
#include "seeds.h"
#include "sha256.h"

#define MAX_SEEDS	1024
#define FAIL_CAP	(1 << 20)

/* A digest chained over every seed's name and bytes, in order. */
struct digest_ctx {
	uint8_t acc[32];
	size_t count;
	char *names[MAX_SEEDS];
};

static int digest_seed(void *ctx, const struct seed *s)
{
	struct digest_ctx *d = ctx;
	uint8_t buf[32 + 32 + 128] = { 0 };

	if (d->count == MAX_SEEDS)
		return -1;
	memcpy(buf, d->acc, 32);
	sha256(s->data, s->len, buf + 32);
	strncpy((char *)buf + 64, s->name, 127);
	sha256(buf, sizeof(buf), d->acc);
	d->names[d->count++] = strdup(s->name);
	return 0;
}

static void digest_target(const char *target, struct digest_ctx *d)
{
	struct seed_sink sink = { .emit = digest_seed, .ctx = d };

	memset(d, 0, sizeof(*d));
	assert_int_equal(seeds_for_target(target, &sink), 0);
	assert_true(d->count > 10);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_deterministic_unique_names(void **state)
{
	(void)state;
	for (size_t t = 0; seed_target(t); t++) {
		struct digest_ctx a, b;

		digest_target(seed_target(t), &a);
		digest_target(seed_target(t), &b);
		assert_int_equal(a.count, b.count);
		assert_memory_equal(a.acc, b.acc, 32);
		qsort(a.names, a.count, sizeof(a.names[0]), cmp_str);
		for (size_t i = 0; i < a.count; i++) {
			if (i)
				assert_string_not_equal(a.names[i - 1], a.names[i]);
			assert_null(strchr(a.names[i], '/'));
		}
		for (size_t i = 0; i < a.count; i++) {
			free(a.names[i]);
			free(b.names[i]);
		}
	}
}

#define LEVEL_SLOTS	64	/* levels -7..56 */

struct verdicts {
	const char *target;
	unsigned int frames, plain, levels, wrong;
	unsigned char level_seen[LEVEL_SLOTS];
};

/*
 * The targets that read the level through fuzz_zstd_level(); the caller-shape
 * targets read their caller's own range (fuzz_zparams_caller_level()).
 */
static int reads_generic_level(const char *target)
{
	return !strcmp(target, "compress_oneshot") || !strcmp(target, "compress_stream") ||
	       !strcmp(target, "compress_cdict");
}

/* A "...-levelN" plain seed must carry a trailer the compressors read as level N. */
static void check_level(struct verdicts *v, const struct seed *s)
{
	const char *at = strstr(s->name, "-level");
	struct fuzz_input in;
	int want, got;

	if (!reads_generic_level(v->target) || !at || sscanf(at, "-level%d", &want) != 1)
		return;
	/* Several seeds may share a level: count each level once. */
	if (want >= -7 && want < LEVEL_SLOTS - 7 && !v->level_seen[want + 7]++)
		v->levels++;
	fuzz_input_init(&in, s->data, s->len);
	got = fuzz_zstd_level(&in, ref_min_level(), ref_max_level());
	if (got != want) {
		v->wrong++;
		print_message("%s/%s: trailer gives level %d\n", v->target, s->name, got);
	}
}

/* SEED_DECODES must give exactly plain_len bytes, SEED_FAILS an error. */
static int check_seed(void *ctx, const struct seed *s)
{
	struct verdicts *v = ctx;
	size_t cap = s->expect == SEED_DECODES ? s->plain_len + 1 : FAIL_CAP;
	void *out = malloc(cap);
	struct fuzz_input in;
	size_t r;

	if (!out)
		return -1;
	if (s->expect == SEED_PLAIN) {
		v->plain++;
		check_level(v, s);
		goto out;
	}
	v->frames++;
	/* The frame, without the parameter trailer a seed may carry. */
	fuzz_input_init(&in, s->data, s->len);
	r = ref_decompress(out, cap, in.payload, in.payload_len);
	if (s->expect == SEED_DECODES ? ref_is_error(r) || r != s->plain_len : !ref_is_error(r)) {
		v->wrong++;
		print_message("%s/%s: expected %s, reference says %s (%zu)\n", v->target, s->name,
			      s->expect == SEED_DECODES ? "decodes" : "fails",
			      ref_is_error(r) ? ref_error_name(r) : "decodes", r);
	}
out:
	free(out);
	return 0;
}

static void test_frames_decode_as_claimed(void **state)
{
	(void)state;
	for (size_t t = 0; seed_target(t); t++) {
		struct verdicts v = { .target = seed_target(t) };
		struct seed_sink sink = { .emit = check_seed, .ctx = &v };
		int compressor = !strncmp(v.target, "compress_", 9);
		/*
		 * decompress_ddict compresses its pages with the dictionary it
		 * chose; spec_frames' seeds are the generator's choices.
		 */
		int plain = compressor || !strcmp(v.target, "decompress_ddict") ||
			    !strcmp(v.target, "spec_frames");

		assert_int_equal(seeds_for_target(v.target, &sink), 0);
		assert_int_equal(v.wrong, 0);
		/* Compressors get plain data only, the others frames only. */
		assert_true(plain ? v.plain > 0 && !v.frames : v.frames > 0 && !v.plain);
		/* Every level from -7 to the maximum, but 0 (compress_cdict: a few, by the dictionary). */
		if (reads_generic_level(v.target) && strcmp(v.target, "compress_cdict"))
			assert_int_equal(v.levels, 7 + ref_max_level());
	}
}

static void test_unknown_target(void **state)
{
	struct verdicts v = { .target = "nope" };
	struct seed_sink sink = { .emit = check_seed, .ctx = &v };

	(void)state;
	assert_int_equal(seeds_for_target("fanotify_sample", &sink), -1);
	assert_int_equal(v.frames + v.plain, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deterministic_unique_names),
		cmocka_unit_test(test_frames_decode_as_claimed),
		cmocka_unit_test(test_unknown_target),
	};

	return cmocka_run_group_tests_name("gen_seeds", tests, NULL, NULL);
}

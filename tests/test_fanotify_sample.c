// SPDX-License-Identifier: GPL-2.0
/*
 * The reference renderer against the tree's fs-monitor.c itself: on every
 * well-formed seed and on generated buffers, the sample prints exactly
 * what the renderer prints. And the wrapper notices a sample that loops.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fanotify_gen.h"
#include "fanotify_parse.h"
#include "fanotify_sample_tu.h"
#include "fanotify_seeds.h"

#define OUT_CAP	(1 << 20)

static char sample_out[OUT_CAP], render_out[OUT_CAP];

/* Sample output == renderer output on len bytes at p (well formed). */
static void expect_same(const char *what, const uint8_t *p, size_t len, int lenient)
{
	struct fo_buffer b;
	struct fo_error err;
	uint8_t *copy = malloc(len ? len : 1);
	long got;
	size_t want;

	assert_non_null(copy);
	memcpy(copy, p, len);
	if (fo_parse(copy, len, &b, &err))
		fail_msg("%s: not well formed: %s", what, fo_strerror(err.code));
	got = lenient ? sample_handle_lenient(copy, len, sample_out, OUT_CAP) :
			sample_handle(copy, len, sample_out, OUT_CAP);
	want = fo_render(&b, render_out, OUT_CAP);
	assert_true(got >= 0);
	assert_true(want < OUT_CAP);
	if ((size_t)got != want || strcmp(sample_out, render_out))
		fail_msg("%s: sample printed\n%s\nreference\n%s", what, sample_out, render_out);
	fo_free(&b);
	free(copy);
}

static const struct seeds_fan_buffer *seed(const char *name)
{
	for (size_t i = 0; i < seeds_fan_count; i++)
		if (!strcmp(seeds_fan[i].name, name))
			return &seeds_fan[i];
	fail_msg("no seed %s", name);
	return NULL;
}

/* Every well-formed seed; the misaligned one in the lenient build only. */
static void test_seeds(void **state)
{
	static uint8_t buf[SEEDS_FAN_MAX];

	(void)state;
	for (size_t i = 0; i < seeds_fan_count; i++) {
		size_t len;

		if (seeds_fan[i].expect != FO_OK)
			continue;
		len = seeds_fan[i].build(buf);
		expect_same(seeds_fan[i].name, buf, len, 1);
		if (strcmp(seeds_fan[i].name, "misaligned-event"))
			expect_same(seeds_fan[i].name, buf, len, 0);
	}
}

/* The sample's own text for the ext4 event, read off its printf calls. */
static void test_sample_text(void **state)
{
	static const char want[] = "FAN_FS_ERROR (len=64)\n"
		"\tGeneric Error Record: len=12\n\terror: 117\n\terror_count: 1\n"
		"\tfsid: 3c5a1f2eb9d4e71\n\tfh: c0007000\n\tdecoded fh: inode=12 gen=7\n"
		"---\n\n";
	static uint8_t buf[SEEDS_FAN_MAX];
	size_t len = seeds_fan_base(buf);

	(void)state;
	assert_int_equal(sample_handle(buf, len, sample_out, OUT_CAP), strlen(want));
	assert_string_equal(sample_out, want);
}

/* Generated buffers of every shape, from fixed pseudo-random inputs. */
static void test_generated(void **state)
{
	static struct fan_gen g;
	static uint8_t bytes[1 << 19];
	uint8_t in[256];
	uint32_t x = 12345;
	char what[32];

	(void)state;
	for (int i = 0; i < 300; i++) {
		size_t n;

		for (size_t k = 0; k < sizeof(in); k++) {
			x = x * 1103515245u + 12345u;
			in[k] = (uint8_t)(x >> 16);
		}
		fan_gen_build(&g, in, (size_t)(i % 2 ? sizeof(in) : 40));
		n = fo_serialize(&g.buf, bytes, sizeof(bytes));
		assert_true(n > 0);
		snprintf(what, sizeof(what), "generated %d", i);
		expect_same(what, bytes, n, 1);
	}
}

/* A zero record length makes the sample loop: the wrapper stops it. */
static void test_runaway(void **state)
{
	static uint8_t buf[SEEDS_FAN_MAX];
	size_t len = seed("bad-record-len-zero")->build(buf);

	(void)state;
	assert_int_equal(sample_handle(buf, len, sample_out, OUT_CAP), SAMPLE_RUNAWAY);
	/* And the next run starts afresh. */
	len = seeds_fan_base(buf);
	assert_true(sample_handle(buf, len, sample_out, OUT_CAP) > 0);
}

/* Malformed buffers the sample survives still run to the end. */
static void test_malformed_survivable(void **state)
{
	static const char *const names[] = { "bad-vers", "bad-trailing", "bad-event-short",
					     "bad-event-past-buffer" };
	static uint8_t buf[SEEDS_FAN_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t len = seed(names[i])->build(buf);

		assert_true(sample_handle(buf, len, sample_out, OUT_CAP) >= 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeds),
		cmocka_unit_test(test_sample_text),
		cmocka_unit_test(test_generated),
		cmocka_unit_test(test_runaway),
		cmocka_unit_test(test_malformed_survivable),
	};

	return cmocka_run_group_tests_name("fanotify_sample", tests, NULL, NULL);
}

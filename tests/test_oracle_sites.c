// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle excuses a known divergence only where it acts. For each entry,
 * its reproducer beside a valid frame, and a planted difference elsewhere
 * (the kernel's output, or the expected output, altered in another frame
 * or in the bytes a kernel-accepts excuse verifies): the planted difference
 * must be reported, never taken for the known divergence. Runs from the top
 * of the repo (reads corpus/divergences/<id>/<id>.zst).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "oracle_ways.h"
#include "ref_zstd.h"
#include "zstd_oracle.h"

#define TEXT_LEN	3000

static uint8_t valid[TEXT_LEN];
static size_t valid_len;

static uint8_t *read_repro(const char *id, size_t *len)
{
	char path[256];
	FILE *f;
	uint8_t *buf = malloc(WAY_OUT_CAP);

	snprintf(path, sizeof(path), "corpus/divergences/%s/%s.zst", id, id);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_non_null(buf);
	*len = fread(buf, 1, WAY_OUT_CAP, f);
	fclose(f);
	return buf;
}

/* a then b, in a buffer of its own. */
static uint8_t *concat(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	uint8_t *z = malloc(alen + blen);

	assert_non_null(z);
	memcpy(z, a, alen);
	memcpy(z + alen, b, blen);
	return z;
}

/* A valid frame of text with long matches, made once. */
static int make_valid(void **state)
{
	static uint8_t text[TEXT_LEN];

	(void)state;
	for (size_t i = 0; i < sizeof(text); i++)
		text[i] = (uint8_t)("the quick brown fox "[(i * 3 + i / 50) % 20]);
	valid_len = ref_compress(valid, sizeof(valid), text, sizeof(text), 3, 1, 1);
	return ref_is_error(valid_len);
}

/* The way the reproducer of an entry diverges as the entry says. */
static enum way way_of(const struct zo_known *e, const uint8_t *r, size_t rlen)
{
	struct way_run *run = way_first_class(r, rlen, e);
	enum way w;

	assert_non_null(run);
	w = run->way;
	free(run);
	return w;
}

/* Flips the byte at off of a result's output (a copy the run owns). */
static void plant(struct zo_result *res, size_t off)
{
	assert_true(off < res->out_len);
	((uint8_t *)res->out)[off] ^= 0x40;
}

/* frameIndex_tooLarge: no decoder of either version gives it. */
#define ERR_OTHER_REASON	100

/* The valid frame first, the divergence in frame 1: a difference in frame 0 is new. */
static void before_the_divergence(const struct zo_known *e, enum way w, const uint8_t *r,
				  size_t rlen)
{
	uint8_t *z = concat(valid, valid_len, r, rlen);
	struct way_run *run = way_run(w, z, valid_len + rlen);
	struct zo_verdict v;

	if (w == WAY_ONESHOT) {
		assert_int_equal(way_verdict(run, &v), ZO_KNOWN);
		assert_string_equal(v.known->id, e->id);
		assert_int_equal(v.site.frame, 1);
	}
	/* Both failed: another reason on the reference's side is new. */
	if (run->k.is_error && run->r.is_error) {
		zo_ref_result(&run->r, run->r.who, (size_t)-ERR_OTHER_REASON, NULL, 0);
		assert_int_equal(way_verdict(run, &v), ZO_ERROR_MISMATCH);
		goto out;
	}
	/* Altered kernel output, or altered expected output when the kernel failed. */
	plant(run->k.is_error ? &run->r : &run->k, 7);
	assert_int_not_equal(way_verdict(run, &v), ZO_KNOWN);
	assert_true(v.site.located);
	assert_int_equal(v.site.frame, 0);
out:
	free(run);
	free(z);
}

/* The divergence in frame 0, the valid frame after it: a difference in frame 1 is new. */
static void after_the_divergence(const struct zo_known *e, const uint8_t *r, size_t rlen)
{
	uint8_t *z = concat(r, rlen, valid, valid_len);
	struct way_run *run = way_run(WAY_ONESHOT, z, rlen + valid_len);
	struct zo_verdict v;

	assert_int_equal(way_verdict(run, &v), ZO_KNOWN);
	assert_string_equal(v.known->id, e->id);
	assert_int_equal(v.site.frame, 0);
	if (!run->k.is_error) {
		plant(&run->k, run->k.out_len - 5);
		assert_int_not_equal(way_verdict(run, &v), ZO_KNOWN);
		assert_true(v.site.located);
		assert_int_equal(v.site.frame, 1);
	}
	free(run);
	free(z);
}

/* Streamed, only the first frame is decoded: a known shape in frame 1 excuses nothing. */
static void undecoded_trailing_frame(const uint8_t *r, size_t rlen)
{
	uint8_t *z = concat(valid, valid_len, r, rlen);
	struct way_run *run = way_run(WAY_STREAM, z, valid_len + rlen);
	struct zo_verdict v;

	assert_int_equal(way_verdict(run, &v), ZO_AGREE);
	plant(&run->k, 100);
	assert_int_equal(way_verdict(run, &v), ZO_MISMATCH);
	assert_int_equal(v.site.frame, 0);
	free(run);
	free(z);
}

static void every_entry_is_local(void **state)
{
	size_t n;
	const struct zo_known *t = zo_known_entries(&n);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		size_t rlen;
		uint8_t *r = read_repro(t[i].id, &rlen);
		enum way w = way_of(&t[i], r, rlen);

		print_message("%s: %s way %d\n", t[i].id, t[i].class_name, w);
		if (w != WAY_HEADER && w != WAY_SIZE) {
			before_the_divergence(&t[i], w, r, rlen);
			undecoded_trailing_frame(r, rlen);
			if (w == WAY_ONESHOT)
				after_the_divergence(&t[i], r, rlen);
		}
		free(r);
	}
}

/*
 * A kernel-accepts excuse that re-decodes with the reference under changed
 * conditions holds only for the kernel's own bytes: altered ones are new.
 */
static void verified_accepts(const char *id)
{
	size_t rlen;
	uint8_t *r = read_repro(id, &rlen);
	struct way_run *run = way_run(WAY_ONESHOT, r, rlen);
	struct zo_verdict v;
	size_t site;

	assert_int_equal(way_verdict(run, &v), ZO_KNOWN);
	assert_string_equal(v.known->id, id);
	site = v.site.r_out[0];
	plant(&run->k, run->k.out_len - 1);	/* in the frame, after the failing block starts */
	assert_int_equal(way_verdict(run, &v), ZO_KERNEL_ACCEPTS);
	plant(&run->k, run->k.out_len - 1);
	assert_int_equal(way_verdict(run, &v), ZO_KNOWN);
	plant(&run->k, site);			/* the first byte of the excused block */
	assert_int_equal(way_verdict(run, &v), ZO_KERNEL_ACCEPTS);
	free(run);
	free(r);
}

static void accepts_are_verified(void **state)
{
	(void)state;
	verified_accepts("block-over-window");
	verified_accepts("prefetch-seq-end-unchecked");
	verified_accepts("seq-stream-end-bits");
	verified_accepts("seq-modes-reserved-bits");
	verified_accepts("offset-zero");
	verified_accepts("huf-weights-state-cut");
}

/* Past the 1 MiB limit both fail; the blocks that fit are still compared, and a planted byte shows. */
static void over_the_limit(void **state)
{
	size_t len = (3 * WAY_OUT_CAP) / 2, flen, diff;
	uint8_t *text = malloc(len), *z = malloc(len), *k = malloc(WAY_OUT_CAP), *r = malloc(WAY_OUT_CAP);
	struct zo_case c = { .target = "decompress_oneshot" };
	struct zo_result kr, rr;

	(void)state;
	assert_true(text && z && k && r);
	for (size_t i = 0; i < len; i++)
		text[i] = (uint8_t)("over the limit "[(i * 7 + i / 999) % 15]);
	flen = ref_compress(z, len, text, len, 3, 1, 1);
	assert_false(ref_is_error(flen));
	c.input = c.zdata = z;
	c.input_len = c.zdata_len = flen;
	c.out_cap = WAY_OUT_CAP;
	c.out_cap_given = 1;
	assert_true(zo_fitting_blocks(&c, k, r, &kr, &rr));
	assert_true(kr.out_len > WAY_OUT_CAP - 128 * 1024);
	assert_int_equal(zo_judge(&kr, &rr, &diff), ZO_AGREE);
	assert_memory_equal(r, text, rr.out_len);
	plant(&kr, 1000);
	assert_int_equal(zo_judge(&kr, &rr, &diff), ZO_MISMATCH);
	assert_int_equal(diff, 1000);
	free(text);
	free(z);
	free(k);
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_entry_is_local),
		cmocka_unit_test(accepts_are_verified),
		cmocka_unit_test(over_the_limit),
	};

	return cmocka_run_group_tests(tests, make_valid, NULL);
}

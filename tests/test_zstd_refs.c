// SPDX-License-Identifier: GPL-2.0
/*
 * The three-sided judgement (oracles/zstd_refs.c): the kernel, libzstd
 * 1.5.4 and zstd 1.5.7, on results made here (a header-only case: the site
 * is the frame header, where no known divergence acts on these bytes).
 * Every rule of zo_verdict3, the facts it counts, the references line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ref_next.h"
#include "zstd_oracle.h"

/* zstd's codes, the same in 1.4.10, 1.5.4 and 1.5.7. */
#define CORRUPTION	20
#define CHECKSUM	22

static const uint8_t zdata[] = "abcdefgh";
static const uint8_t text[] = "some decoded text";
static const uint8_t other[] = "some decoded tExt";
static const struct zo_case c = { .target = "frame_header", .input = zdata, .input_len = 8,
				  .zdata = zdata, .zdata_len = 8, .header_only = 1 };

static struct zo_result ok(const char *who, const uint8_t *out)
{
	struct zo_result r;

	zo_bytes_result(&r, who, out, strlen((const char *)out));
	return r;
}

/* An error result of the code (made by hand: 1.5.7 may not be built). */
static struct zo_result err(const char *who, int code)
{
	return (struct zo_result){ .who = who, .ret = (size_t)0 - (size_t)code, .is_error = 1,
				   .error_name = "error", .error_code = code };
}

static enum zo_class judge(struct zo_result k, struct zo_result r, struct zo_result n,
			   struct zo_verdict *v)
{
	return zo_verdict3(&c, &k, &r, &n, v);
}

/* Rule 1: no third result is the two-sided verdict. */
static void without_next(void **state)
{
	struct zo_result k = ok("k", text), r = ok("r", other);
	struct zo_verdict v, v2;

	(void)state;
	assert_int_equal(zo_verdict3(&c, &k, &r, NULL, &v), zo_verdict(&c, &k, &r, &v2));
	assert_int_equal(v.cls, ZO_MISMATCH);
	assert_false(v.by_next);
	assert_false(v.refs_differ);
}

/* Rule 2: references alike, kernel vs 1.5.4 as always. */
static void references_agree(void **state)
{
	struct zo_verdict v;

	(void)state;
	assert_int_equal(judge(ok("k", text), ok("r", text), ok("n", text), &v), ZO_AGREE);
	assert_int_equal(judge(ok("k", other), ok("r", text), ok("n", text), &v), ZO_MISMATCH);
	assert_false(v.by_next);
	assert_int_equal(judge(ok("k", text), err("r", CORRUPTION), err("n", CORRUPTION), &v),
			 ZO_KERNEL_ACCEPTS);
	assert_false(v.refs_differ);
	assert_int_equal(judge(err("k", CORRUPTION), err("r", CORRUPTION), err("n", CORRUPTION),
			       &v), ZO_AGREE);
	assert_int_equal(judge(err("k", CHECKSUM), err("r", CORRUPTION), err("n", CORRUPTION),
			       &v), ZO_ERROR_MISMATCH);
}

/* Rule 3a: 1.5.7 sides with the kernel: no finding, a fact. */
static void next_sides_with_kernel(void **state)
{
	struct zo_verdict v;

	(void)state;
	assert_int_equal(judge(err("k", CORRUPTION), ok("r", text), err("n", CORRUPTION), &v),
			 ZO_AGREE);
	assert_true(v.refs_differ);
	assert_true(v.by_next);
	assert_int_equal(judge(ok("k", text), ok("r", other), ok("n", text), &v), ZO_AGREE);
	assert_true(v.refs_differ);
	assert_int_equal(judge(err("k", CHECKSUM), err("r", CORRUPTION), err("n", CHECKSUM), &v),
			 ZO_AGREE);
}

/* Rule 3b: all three reject, the kernel with 1.5.4's reason: only the reason moved. */
static void all_reject(void **state)
{
	struct zo_verdict v;

	(void)state;
	assert_int_equal(judge(err("k", CORRUPTION), err("r", CORRUPTION), err("n", CHECKSUM),
			       &v), ZO_AGREE);
	assert_true(v.refs_differ);
	assert_false(v.by_next);
	/* A reason neither reference gives is still the kernel's. */
	assert_int_equal(judge(err("k", 14), err("r", CORRUPTION), err("n", CHECKSUM), &v),
			 ZO_ERROR_MISMATCH);
	assert_true(v.by_next);
}

/* Rule 3c: the kernel sides with 1.5.4 against 1.5.7: a finding, judged by 1.5.7. */
static void kernel_with_old_reference(void **state)
{
	struct zo_verdict v;

	(void)state;
	assert_int_equal(judge(err("k", CORRUPTION), err("r", CORRUPTION), ok("n", text), &v),
			 ZO_KERNEL_REJECTS);
	assert_true(v.by_next);
	assert_true(v.refs_differ);
	assert_int_equal(judge(ok("k", text), ok("r", text), err("n", CORRUPTION), &v),
			 ZO_KERNEL_ACCEPTS);
	assert_int_equal(judge(ok("k", text), ok("r", text), ok("n", other), &v), ZO_MISMATCH);
	assert_true(v.site.located);
	/* The three all different: kernel vs 1.5.7 still. */
	assert_int_equal(judge(ok("k", text), err("r", CORRUPTION), ok("n", other), &v),
			 ZO_MISMATCH);
	assert_true(v.by_next);
}

static void references_alike(void **state)
{
	struct zo_result a = ok("a", text), b = ok("b", text), d = ok("d", other);
	struct zo_result e = err("e", CORRUPTION), f = err("f", CHECKSUM);

	(void)state;
	assert_true(zo_refs_agree(&a, &b));
	assert_false(zo_refs_agree(&a, &d));
	assert_false(zo_refs_agree(&a, &e));
	assert_false(zo_refs_agree(&e, &f));
	assert_true(zo_refs_agree(&e, &e));
}

/* zo_expect3 never aborts for a fact, and counts each. */
static void facts_counted(void **state)
{
	struct zo_result k = err("k", CORRUPTION), r = ok("r", text), n = err("n", CORRUPTION);
	unsigned long before = zo_reference_facts();

	(void)state;
	zo_expect3(&c, "test step", &k, &r, &n);
	zo_expect3(&c, "test step", &k, &k, &n);	/* the references agree: no fact */
	r = err("r", CHECKSUM);
	zo_expect3(&c, "test step", &k, &k, &r);
	assert_int_equal(zo_reference_facts(), before + 2);
}

static void references_named(void **state)
{
	const char *s = zo_references();

	(void)state;
	assert_non_null(strstr(s, "libzstd 1.5.4 (Debian)"));
	if (refn_available())
		assert_non_null(strstr(s, ", zstd 1.5.7 (npm zstd-napi@0.0.13)"));
	else
		assert_non_null(strstr(s, " alone: "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(without_next),
		cmocka_unit_test(references_agree),
		cmocka_unit_test(next_sides_with_kernel),
		cmocka_unit_test(all_reject),
		cmocka_unit_test(kernel_with_old_reference),
		cmocka_unit_test(references_alike),
		cmocka_unit_test(facts_counted),
		cmocka_unit_test(references_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

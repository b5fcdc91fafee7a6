// SPDX-License-Identifier: GPL-2.0
/*
 * The capture check can fail: checked-in kernel buffers pass, and each
 * kind of disagreement with the manifest (a field, a missing record, a
 * handle byte, a padding byte the serializer would not write, a line the
 * sample would not print) is caught. Runs from the top of the repo.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "capture_check.h"

#define CAPTURES	"corpus/fanotify-captures/"
#define BUF_MAX		65536

struct capture {
	struct manifest m;
	uint8_t buf[BUF_MAX];
	size_t len;
	char why[CAPTURE_WHY_MAX];
};

static struct capture *load(const char *name)
{
	struct capture *c = calloc(1, sizeof(*c));
	char path[256];
	FILE *f;

	assert_non_null(c);
	snprintf(path, sizeof(path), CAPTURES "%s.manifest", name);
	assert_int_equal(manifest_load(&c->m, path, c->why, sizeof(c->why)), 0);
	snprintf(path, sizeof(path), CAPTURES "%s.bin", name);
	f = fopen(path, "rb");
	assert_non_null(f);
	c->len = fread(c->buf, 1, BUF_MAX, f);
	fclose(f);
	assert_true(c->len > 0 && c->len < BUF_MAX);
	return c;
}

static int check(struct capture *c)
{
	c->why[0] = '\0';
	return capture_check(&c->m, c->buf, c->len, c->why, sizeof(c->why));
}

static void assert_fails_with(struct capture *c, const char *needle)
{
	assert_int_equal(check(c), -1);
	if (!strstr(c->why, needle))
		fail_msg("expected a failure about '%s', got: %s", needle, c->why);
}

static void test_checked_in_pass(void **state)
{
	static const char *const names[] = {
		"error-lookup", "error-multi", "error-abort", "error-lookup-abort",
		"dfid-name-dirents", "dfid-name-lengths", "rename", "pidfd-create",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct capture *c = load(names[i]);

		if (check(c))
			fail_msg("%s: %s", names[i], c->why);
		free(c);
	}
}

static void test_field_differs(void **state)
{
	struct capture *c = load("error-lookup");

	(void)state;
	manifest_setf(&c->m, "event.0.error", "error", "5");
	assert_fails_with(c, "event.0.error.error: expected 5, decoded 117");
	free(c);
}

/* The kernel's record order is not the manifest's business. */
static void test_record_order_free(void **state)
{
	struct capture *c = load("error-lookup");

	(void)state;
	manifest_setf(&c->m, "event.0", "records", "fid,error");
	assert_int_equal(check(c), 0);
	manifest_setf(&c->m, "event.0", "records", "fid");
	assert_fails_with(c, "event.0.records");
	free(c);
}

static void test_record_not_expected(void **state)
{
	static struct manifest pruned;
	struct capture *c = load("error-lookup");
	unsigned int i;

	(void)state;
	manifest_init(&pruned);
	for (i = 0; i < c->m.count; i++)
		if (strncmp(c->m.entry[i].key, "event.0.error.", 14))
			manifest_setf(&pruned, "", c->m.entry[i].key, "%s", c->m.entry[i].value);
	c->m = pruned;
	assert_fails_with(c, "not in the manifest");
	free(c);
}

/* error-lookup: metadata (24), FID header (4), fsid (8), handle header (8). */
static void test_handle_byte_flipped(void **state)
{
	struct capture *c = load("error-lookup");

	(void)state;
	c->buf[24 + 4 + 8 + 8] ^= 0x01;
	assert_fails_with(c, "event.0.fid.");
	free(c);
}

/* dfid-name-lengths: the name "a" fills 2 of the 4 bytes at 52; 54-55 pad. */
static void test_padding_not_zero(void **state)
{
	struct capture *c = load("dfid-name-lengths");

	(void)state;
	assert_int_equal(c->buf[52], 'a');
	c->buf[55] = 'x';
	assert_fails_with(c, "serializer differs from the kernel at byte 55");
	free(c);
}

static void test_sample_line_missing(void **state)
{
	struct capture *c = load("error-multi");
	struct fo_buffer b;
	struct fo_error err;

	(void)state;
	assert_int_equal(fo_parse(c->buf, c->len, &b, &err), 0);
	manifest_setf(&c->m, "event.0.error", "error_count", "3");
	assert_int_equal(capture_check_sample(&b, &c->m, c->buf, c->len, c->why, sizeof(c->why)), -1);
	assert_non_null(strstr(c->why, "error_count: 3"));
	fo_free(&b);
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checked_in_pass),
		cmocka_unit_test(test_field_differs),
		cmocka_unit_test(test_record_order_free),
		cmocka_unit_test(test_record_not_expected),
		cmocka_unit_test(test_handle_byte_flipped),
		cmocka_unit_test(test_padding_not_zero),
		cmocka_unit_test(test_sample_line_missing),
	};

	return cmocka_run_group_tests_name("fanotify captures", tests, NULL, NULL);
}

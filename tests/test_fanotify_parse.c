// SPDX-License-Identifier: GPL-2.0
/*
 * The fanotify reference parser: every malformation gives its own error at
 * the right place, every record type decodes, unknown types are skipped,
 * records may come in any order, and serialize(parse(x)) is x again.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/fanotify.h>

#include "fanotify_parse.h"
#include "fanotify_seeds.h"

static uint8_t buf[SEEDS_FAN_MAX], again[SEEDS_FAN_MAX];
/* Allocations left before the parser's allocator fails; < 0: never. */
static int allocs_left = -1;

void *fo_realloc(void *p, size_t n)
{
	if (allocs_left == 0)
		return NULL;
	if (allocs_left > 0)
		allocs_left--;
	return realloc(p, n);
}

static const struct seeds_fan_buffer *seed(const char *name)
{
	for (size_t i = 0; i < seeds_fan_count; i++)
		if (!strcmp(seeds_fan[i].name, name))
			return &seeds_fan[i];
	fail_msg("no seed %s", name);
	return NULL;
}

/* Parses seed name, built into into, as b; must be well formed. */
static size_t parse_seed_in(const char *name, uint8_t *into, struct fo_buffer *b)
{
	struct fo_error err;
	size_t len = seed(name)->build(into);

	assert_int_equal(fo_parse(into, len, b, &err), 0);
	return len;
}

static size_t parse_seed(const char *name, struct fo_buffer *b)
{
	return parse_seed_in(name, buf, b);
}

static enum fo_err parse_error(const uint8_t *p, size_t len, struct fo_error *err)
{
	struct fo_buffer b;

	if (!fo_parse(p, len, &b, err)) {
		fo_free(&b);
		return FO_OK;
	}
	assert_int_equal(b.nr_events, 0);
	return err->code;
}

static void test_seeds_parse_as_listed(void **state)
{
	struct fo_error err;

	(void)state;
	for (size_t i = 0; i < seeds_fan_count; i++) {
		size_t len = seeds_fan[i].build(buf);

		if (parse_error(buf, len, &err) != seeds_fan[i].expect)
			fail_msg("%s: got \"%s\"", seeds_fan[i].name, fo_strerror(err.code));
	}
}

/* Every malformation the parser knows has a seed that triggers it. */
static void test_every_error_has_a_seed(void **state)
{
	(void)state;
	for (int e = FO_OK + 1; e < FO_ERR_COUNT; e++) {
		int found = e == FO_ERR_NOMEM;

		for (size_t i = 0; i < seeds_fan_count; i++)
			found |= seeds_fan[i].expect == (enum fo_err)e;
		if (!found)
			fail_msg("no seed for \"%s\"", fo_strerror(e));
	}
}

static void expect_at(const char *name, enum fo_err code, size_t event, size_t record,
		      size_t offset)
{
	struct fo_error err;
	size_t len = seed(name)->build(buf);

	assert_int_equal(parse_error(buf, len, &err), code);
	assert_int_equal(err.event, event);
	assert_int_equal(err.record, record);
	assert_int_equal(err.offset, offset);
}

static void test_error_places(void **state)
{
	(void)state;
	expect_at("bad-buffer-short", FO_ERR_BUFFER_SHORT, 0, SIZE_MAX, 0);
	expect_at("bad-trailing", FO_ERR_TRAILING, 1, SIZE_MAX, SEEDS_FAN_BASE_LEN);
	expect_at("bad-vers", FO_ERR_VERS, 0, SIZE_MAX, 0);
	expect_at("bad-event-past-buffer", FO_ERR_EVENT_PAST_BUFFER, 0, SIZE_MAX, 0);
	expect_at("bad-record-len-zero", FO_ERR_RECORD_LEN_ZERO, 0, 0, SEEDS_FAN_BASE_ERROR_AT);
	expect_at("bad-record-past-event", FO_ERR_RECORD_PAST_EVENT, 0, 1, SEEDS_FAN_BASE_FID_AT);
	expect_at("bad-info-hdr-past-event", FO_ERR_INFO_HDR_PAST_EVENT, 0, 2, SEEDS_FAN_BASE_LEN);
	expect_at("bad-record-short", FO_ERR_RECORD_SHORT, 0, 2, SEEDS_FAN_BASE_LEN);
	expect_at("bad-handle-past-record", FO_ERR_HANDLE_PAST_RECORD, 0, 1,
		  SEEDS_FAN_BASE_HANDLE_BYTES_AT);
	expect_at("bad-name-no-nul", FO_ERR_NAME_NO_NUL, 0, 0, 52);
}

/* Short records of each fixed type, and header-only ones. */
static void test_record_short_per_type(void **state)
{
	static const struct { uint8_t type; uint16_t len; } cases[] = {
		{ FAN_EVENT_INFO_TYPE_ERROR, 8 }, { FAN_EVENT_INFO_TYPE_FID, 16 },
		{ FAN_EVENT_INFO_TYPE_DFID_NAME, 12 }, { FAN_EVENT_INFO_TYPE_PIDFD, 4 },
		{ 0x42, 3 }, { FAN_EVENT_INFO_TYPE_ERROR, 1 },
	};
	struct fo_error err;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len = seeds_fan_base(buf);

		buf[SEEDS_FAN_BASE_ERROR_AT] = cases[i].type;
		memcpy(buf + SEEDS_FAN_BASE_ERROR_AT + 2, &cases[i].len, 2);
		assert_int_equal(parse_error(buf, len, &err), FO_ERR_RECORD_SHORT);
		assert_int_equal(err.offset, SEEDS_FAN_BASE_ERROR_AT);
	}
}

static void test_fs_error_fields(void **state)
{
	struct fo_buffer b;
	const struct fo_record *r;

	(void)state;
	assert_int_equal(parse_seed("fs-error-ext4", &b), SEEDS_FAN_BASE_LEN);
	assert_int_equal(b.nr_events, 1);
	assert_int_equal(b.events[0].event_len, SEEDS_FAN_BASE_LEN);
	assert_int_equal(b.events[0].vers, FANOTIFY_METADATA_VERSION);
	assert_int_equal(b.events[0].metadata_len, FAN_EVENT_METADATA_LEN);
	assert_int_equal(b.events[0].mask, FAN_FS_ERROR);
	assert_int_equal(b.events[0].fd, FAN_NOFD);
	assert_int_equal(b.events[0].nr_records, 2);
	r = &b.events[0].records[0];
	assert_int_equal(r->type, FAN_EVENT_INFO_TYPE_ERROR);
	assert_int_equal(r->len, sizeof(struct fanotify_event_info_error));
	assert_int_equal(r->error.error, EUCLEAN);
	assert_int_equal(r->error.error_count, 1);
	r = &b.events[0].records[1];
	assert_int_equal(r->type, FAN_EVENT_INFO_TYPE_FID);
	assert_int_equal(r->len, 28);
	assert_int_equal(r->fid.fsid[0], 0x3c5a1f2e);
	assert_int_equal(r->fid.fsid[1], 0x0b9d4e71);
	assert_int_equal(r->fid.handle_type, FO_FILEID_INO32_GEN);
	assert_int_equal(r->fid.handle_bytes, 8);
	assert_memory_equal(r->fid.handle, "\x0c\0\0\0\x07\0\0\0", 8);
	assert_null(r->fid.name);
	fo_free(&b);
}

static void test_superblock_error(void **state)
{
	struct fo_buffer b;
	const struct fo_record *r;

	(void)state;
	parse_seed("fs-error-superblock", &b);
	r = &b.events[0].records[1];
	assert_int_equal(r->fid.handle_type, FO_FILEID_INVALID);
	assert_int_equal(r->fid.handle_bytes, 0);
	assert_int_equal(r->len, 20);
	assert_int_equal(b.events[0].records[0].error.error_count, 3);
	fo_free(&b);
}

static void test_names_pidfd_and_events(void **state)
{
	struct fo_buffer b;
	const struct fo_event *ev;

	(void)state;
	parse_seed("rename-open-pidfd", &b);
	assert_int_equal(b.nr_events, 3);
	ev = &b.events[0];
	assert_int_equal(ev->mask, FAN_RENAME);
	assert_int_equal(ev->records[0].type, FAN_EVENT_INFO_TYPE_OLD_DFID_NAME);
	assert_string_equal(ev->records[0].fid.name, "a");
	assert_int_equal(ev->records[0].fid.name_len, 1);
	assert_int_equal(ev->records[1].type, FAN_EVENT_INFO_TYPE_NEW_DFID_NAME);
	assert_string_equal(ev->records[1].fid.name, "bb");
	assert_int_equal(ev->records[2].type, FAN_EVENT_INFO_TYPE_PIDFD);
	assert_int_equal(ev->records[2].pidfd, 5);
	assert_int_equal(b.events[1].fd, 3);
	assert_int_equal(b.events[2].nr_records, 0);
	assert_int_equal(b.events[2].event_len, FAN_EVENT_METADATA_LEN);
	fo_free(&b);
	parse_seed("create-dfid-name", &b);
	assert_int_equal(b.events[0].records[0].type, FAN_EVENT_INFO_TYPE_DFID_NAME);
	assert_string_equal(b.events[0].records[0].fid.name, "file.txt");
	/* 28 bytes of FID and handle, 9 of name, rounded up to 4. */
	assert_int_equal(b.events[0].records[0].len, 40);
	fo_free(&b);
}

static void test_unknown_types_skipped(void **state)
{
	struct fo_buffer b;
	const struct fo_record *r;

	(void)state;
	parse_seed("fs-error-unknown-types", &b);
	assert_int_equal(b.events[0].nr_records, 6);
	r = b.events[0].records;
	assert_int_equal(r[0].type, 0x42);
	assert_int_equal(r[0].unknown.body_len, 8);
	assert_memory_equal(r[0].unknown.body, "\xde\xad\xbe\xef", 4);
	assert_int_equal(r[1].error.error, EUCLEAN);
	assert_int_equal(r[2].type, 0xff);
	assert_int_equal(r[2].len, 4);
	assert_int_equal(r[3].type, FAN_EVENT_INFO_TYPE_FID);
	assert_int_equal(r[4].type, FAN_EVENT_INFO_TYPE_DFID);
	assert_null(r[4].fid.name);
	assert_int_equal(r[5].pidfd, 7);
	assert_string_equal(fo_type_name(0x42), "UNKNOWN");
	assert_false(fo_type_is_known(0x42));
	fo_free(&b);
}

/* The same records in the other order decode to the same values. */
static void test_records_any_order(void **state)
{
	struct fo_buffer a, b;
	char why[128];

	(void)state;
	parse_seed_in("fs-error-ext4", buf, &a);
	parse_seed_in("fs-error-fid-first", again, &b);
	assert_int_equal(b.events[0].records[0].type, FAN_EVENT_INFO_TYPE_FID);
	assert_int_equal(b.events[0].records[1].type, FAN_EVENT_INFO_TYPE_ERROR);
	assert_int_equal(b.events[0].records[1].error.error_count, 4);
	b.events[0].records[1].error.error_count = 1;
	struct fo_record swap = b.events[0].records[0];

	b.events[0].records[0] = b.events[0].records[1];
	b.events[0].records[1] = swap;
	assert_true(fo_equal(&a, &b, why, sizeof(why)));
	fo_free(&a);
	fo_free(&b);
}

/* Padding after a record's fields is skipped, not taken for a record. */
static void test_padded_record(void **state)
{
	struct fo_record r = { .type = FAN_EVENT_INFO_TYPE_ERROR, .len = 20 };
	struct fo_event ev = { .vers = FANOTIFY_METADATA_VERSION, .mask = FAN_FS_ERROR,
				   .fd = FAN_NOFD, .nr_records = 1, .records = &r };
	struct fo_buffer in = { 1, &ev }, out;
	struct fo_error err;
	size_t len;

	(void)state;
	r.error.error = EIO;
	len = fo_serialize(&in, buf, sizeof(buf));
	assert_int_equal(len, FAN_EVENT_METADATA_LEN + 20);
	assert_int_equal(fo_parse(buf, len, &out, &err), 0);
	assert_int_equal(out.events[0].nr_records, 1);
	assert_int_equal(out.events[0].records[0].len, 20);
	assert_int_equal(out.events[0].records[0].error.error, EIO);
	fo_free(&out);
}

/* Seeds were built by the serializer: parse then serialize gives them back. */
static void test_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; i < seeds_fan_count; i++) {
		struct fo_buffer a, b;
		struct fo_error err;
		char why[128];
		size_t len, n;

		if (seeds_fan[i].expect != FO_OK)
			continue;
		len = seeds_fan[i].build(buf);
		assert_int_equal(fo_parse(buf, len, &a, &err), 0);
		assert_int_equal(fo_serialized_len(&a), len);
		n = fo_serialize(&a, again, sizeof(again));
		assert_int_equal(n, len);
		if (len)
			assert_memory_equal(again, buf, len);
		assert_int_equal(fo_parse(again, n, &b, &err), 0);
		if (!fo_equal(&a, &b, why, sizeof(why)))
			fail_msg("%s: %s", seeds_fan[i].name, why);
		fo_free(&a);
		fo_free(&b);
	}
}

/* The kernel's layout: records rounded up to 4 with zero padding. */
static void test_serializer_layout(void **state)
{
	struct fo_buffer b;
	size_t len;

	(void)state;
	len = parse_seed("create-dfid-name", &b);
	/* "file.txt" and its NUL end at 24 + 37; three zero bytes follow. */
	assert_memory_equal(buf + 24 + 28, "file.txt\0\0\0\0", 12);
	assert_int_equal(len, 24 + 40 + 28);
	fo_free(&b);
}

static void test_serializer_refuses(void **state)
{
	struct fo_record r = { .type = FAN_EVENT_INFO_TYPE_ERROR, .len = 8 };
	struct fo_event ev = { .vers = FANOTIFY_METADATA_VERSION, .nr_records = 1,
				   .records = &r };
	struct fo_buffer in = { 1, &ev };

	(void)state;
	/* A length below the record's fields cannot be laid out. */
	assert_int_equal(fo_serialize(&in, buf, sizeof(buf)), 0);
	assert_int_equal(fo_serialized_len(&in), 0);
	r.len = 0;
	/* Nor can a buffer that does not fit. */
	assert_int_equal(fo_serialize(&in, buf, 30), 0);
	assert_int_equal(fo_serialize(&in, buf, 36), 36);
}

static void test_error_text(void **state)
{
	struct fo_error err = { FO_ERR_RECORD_LEN_ZERO, 24, 0, 0 };
	char msg[160];

	(void)state;
	for (int i = 0; i < FO_ERR_COUNT; i++) {
		assert_true(strlen(fo_strerror(i)) > 0);
		for (int j = 0; j < i; j++)
			assert_string_not_equal(fo_strerror(i), fo_strerror(j));
	}
	assert_string_equal(fo_strerror(FO_ERR_COUNT), "unknown error");
	fo_format_error(&err, msg, sizeof(msg));
	assert_string_equal(msg, "event 0 record 0 at offset 24: info record length is zero");
	err.record = SIZE_MAX;
	err.code = FO_ERR_VERS;
	fo_format_error(&err, msg, sizeof(msg));
	assert_string_equal(msg, "event 0 at offset 24: vers is not FANOTIFY_METADATA_VERSION");
}

/* What fs-monitor.c prints for the base event, read off its printf calls. */
static void test_render_text(void **state)
{
	static const char want[] = "FAN_FS_ERROR (len=64)\n"
		"\tGeneric Error Record: len=12\n\terror: 117\n\terror_count: 1\n"
		"\tfsid: 3c5a1f2eb9d4e71\n\tfh: c0007000\n\tdecoded fh: inode=12 gen=7\n"
		"---\n\n";
	struct fo_buffer b;
	char out[512], small[16];

	(void)state;
	parse_seed("fs-error-ext4", &b);
	assert_int_equal(fo_render(&b, out, sizeof(out)), strlen(want));
	assert_string_equal(out, want);
	/* Truncated, NUL-terminated, and the full length still told. */
	assert_int_equal(fo_render(&b, small, sizeof(small)), strlen(want));
	assert_int_equal(strlen(small), sizeof(small) - 1);
	fo_free(&b);
}

/* Out of memory at each allocation: an error, nothing leaked (ASan). */
static void test_out_of_memory(void **state)
{
	struct fo_error err;
	size_t len = seed("rename-open-pidfd")->build(buf);

	(void)state;
	/* The events array, then the records of the two events that have some. */
	for (int n = 0; n < 3; n++) {
		allocs_left = n;
		assert_int_equal(parse_error(buf, len, &err), FO_ERR_NOMEM);
	}
	allocs_left = -1;
	assert_int_equal(parse_error(buf, len, &err), FO_OK);
}

/* Equality sees a change of any field. */
static void test_equal_sees_changes(void **state)
{
	struct fo_buffer a, b;
	struct fo_record *r;
	char why[128];

	(void)state;
	parse_seed_in("fs-error-unknown-types", buf, &a);
	parse_seed_in("fs-error-unknown-types", again, &b);
	assert_true(fo_equal(&a, &b, why, sizeof(why)));
	r = b.events[0].records;
#define EXPECT_DIFF(change, undo, text) do {				\
		change;							\
		assert_false(fo_equal(&a, &b, why, sizeof(why)));	\
		assert_string_equal(why, text);				\
		undo;							\
	} while (0)
	EXPECT_DIFF(b.nr_events++, b.nr_events--, "1 events against 2");
	EXPECT_DIFF(b.events[0].pid++, b.events[0].pid--, "event 0: metadata differs");
	EXPECT_DIFF(b.events[0].nr_records--, b.events[0].nr_records++,
		    "event 0: 6 records against 5");
	EXPECT_DIFF(r[0].pad++, r[0].pad--, "event 0 record 0 (UNKNOWN) differs");
	EXPECT_DIFF(r[0].unknown.body_len--, r[0].unknown.body_len++,
		    "event 0 record 0 (UNKNOWN) differs");
	EXPECT_DIFF(r[1].error.error_count++, r[1].error.error_count--,
		    "event 0 record 1 (ERROR) differs");
	EXPECT_DIFF(r[3].fid.fsid[1]++, r[3].fid.fsid[1]--, "event 0 record 3 (FID) differs");
	EXPECT_DIFF(r[3].fid.handle_type++, r[3].fid.handle_type--,
		    "event 0 record 3 (FID) differs");
	EXPECT_DIFF(r[4].fid.handle_bytes--, r[4].fid.handle_bytes++,
		    "event 0 record 4 (DFID) differs");
	EXPECT_DIFF((r[4].fid.name = "x", r[4].fid.name_len = 1),
		    (r[4].fid.name = NULL, r[4].fid.name_len = 0), "event 0 record 4 (DFID) differs");
	EXPECT_DIFF(r[5].pidfd++, r[5].pidfd--, "event 0 record 5 (PIDFD) differs");
	EXPECT_DIFF(r[5].type = 5, r[5].type = 4, "event 0 record 5 (PIDFD) differs");
#undef EXPECT_DIFF
	assert_true(fo_equal(&a, &b, why, sizeof(why)));
	fo_free(&a);
	fo_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeds_parse_as_listed),
		cmocka_unit_test(test_every_error_has_a_seed),
		cmocka_unit_test(test_error_places),
		cmocka_unit_test(test_record_short_per_type),
		cmocka_unit_test(test_fs_error_fields),
		cmocka_unit_test(test_superblock_error),
		cmocka_unit_test(test_names_pidfd_and_events),
		cmocka_unit_test(test_unknown_types_skipped),
		cmocka_unit_test(test_records_any_order),
		cmocka_unit_test(test_padded_record),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_serializer_layout),
		cmocka_unit_test(test_serializer_refuses),
		cmocka_unit_test(test_error_text),
		cmocka_unit_test(test_render_text),
		cmocka_unit_test(test_out_of_memory),
		cmocka_unit_test(test_equal_sees_changes),
	};

	return cmocka_run_group_tests_name("fanotify_parse", tests, NULL, NULL);
}

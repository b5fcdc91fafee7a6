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

static uint8_t buf[FAN_SEED_MAX], again[FAN_SEED_MAX];
/* Allocations left before the parser's allocator fails; < 0: never. */
static int allocs_left = -1;

void *kz_fan_realloc(void *p, size_t n)
{
	if (allocs_left == 0)
		return NULL;
	if (allocs_left > 0)
		allocs_left--;
	return realloc(p, n);
}

static const struct fan_seed *seed(const char *name)
{
	for (size_t i = 0; i < fan_nr_seeds; i++)
		if (!strcmp(fan_seeds[i].name, name))
			return &fan_seeds[i];
	fail_msg("no seed %s", name);
	return NULL;
}

/* Parses seed name, built into into, as b; must be well formed. */
static size_t parse_seed_in(const char *name, uint8_t *into, struct kz_fan_buffer *b)
{
	struct kz_fan_error err;
	size_t len = seed(name)->build(into);

	assert_int_equal(kz_fan_parse(into, len, b, &err), 0);
	return len;
}

static size_t parse_seed(const char *name, struct kz_fan_buffer *b)
{
	return parse_seed_in(name, buf, b);
}

static enum kz_fan_err parse_error(const uint8_t *p, size_t len, struct kz_fan_error *err)
{
	struct kz_fan_buffer b;

	if (!kz_fan_parse(p, len, &b, err)) {
		kz_fan_free(&b);
		return KZ_FAN_OK;
	}
	assert_int_equal(b.nr_events, 0);
	return err->code;
}

static void test_seeds_parse_as_listed(void **state)
{
	struct kz_fan_error err;

	(void)state;
	for (size_t i = 0; i < fan_nr_seeds; i++) {
		size_t len = fan_seeds[i].build(buf);

		if (parse_error(buf, len, &err) != fan_seeds[i].expect)
			fail_msg("%s: got \"%s\"", fan_seeds[i].name, kz_fan_strerror(err.code));
	}
}

/* Every malformation the parser knows has a seed that triggers it. */
static void test_every_error_has_a_seed(void **state)
{
	(void)state;
	for (int e = KZ_FAN_OK + 1; e < KZ_FAN_ERR_COUNT; e++) {
		int found = e == KZ_FAN_ERR_NOMEM;

		for (size_t i = 0; i < fan_nr_seeds; i++)
			found |= fan_seeds[i].expect == (enum kz_fan_err)e;
		if (!found)
			fail_msg("no seed for \"%s\"", kz_fan_strerror(e));
	}
}

static void expect_at(const char *name, enum kz_fan_err code, size_t event, size_t record,
		      size_t offset)
{
	struct kz_fan_error err;
	size_t len = seed(name)->build(buf);

	assert_int_equal(parse_error(buf, len, &err), code);
	assert_int_equal(err.event, event);
	assert_int_equal(err.record, record);
	assert_int_equal(err.offset, offset);
}

static void test_error_places(void **state)
{
	(void)state;
	expect_at("bad-buffer-short", KZ_FAN_ERR_BUFFER_SHORT, 0, SIZE_MAX, 0);
	expect_at("bad-trailing", KZ_FAN_ERR_TRAILING, 1, SIZE_MAX, FAN_BASE_LEN);
	expect_at("bad-vers", KZ_FAN_ERR_VERS, 0, SIZE_MAX, 0);
	expect_at("bad-event-past-buffer", KZ_FAN_ERR_EVENT_PAST_BUFFER, 0, SIZE_MAX, 0);
	expect_at("bad-record-len-zero", KZ_FAN_ERR_RECORD_LEN_ZERO, 0, 0, FAN_BASE_ERROR_AT);
	expect_at("bad-record-past-event", KZ_FAN_ERR_RECORD_PAST_EVENT, 0, 1, FAN_BASE_FID_AT);
	expect_at("bad-info-hdr-past-event", KZ_FAN_ERR_INFO_HDR_PAST_EVENT, 0, 2, FAN_BASE_LEN);
	expect_at("bad-record-short", KZ_FAN_ERR_RECORD_SHORT, 0, 2, FAN_BASE_LEN);
	expect_at("bad-handle-past-record", KZ_FAN_ERR_HANDLE_PAST_RECORD, 0, 1,
		  FAN_BASE_HANDLE_BYTES_AT);
	expect_at("bad-name-no-nul", KZ_FAN_ERR_NAME_NO_NUL, 0, 0, 52);
}

/* Short records of each fixed type, and header-only ones. */
static void test_record_short_per_type(void **state)
{
	static const struct { uint8_t type; uint16_t len; } cases[] = {
		{ FAN_EVENT_INFO_TYPE_ERROR, 8 }, { FAN_EVENT_INFO_TYPE_FID, 16 },
		{ FAN_EVENT_INFO_TYPE_DFID_NAME, 12 }, { FAN_EVENT_INFO_TYPE_PIDFD, 4 },
		{ 0x42, 3 }, { FAN_EVENT_INFO_TYPE_ERROR, 1 },
	};
	struct kz_fan_error err;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len = fan_seed_base(buf);

		buf[FAN_BASE_ERROR_AT] = cases[i].type;
		memcpy(buf + FAN_BASE_ERROR_AT + 2, &cases[i].len, 2);
		assert_int_equal(parse_error(buf, len, &err), KZ_FAN_ERR_RECORD_SHORT);
		assert_int_equal(err.offset, FAN_BASE_ERROR_AT);
	}
}

static void test_fs_error_fields(void **state)
{
	struct kz_fan_buffer b;
	const struct kz_fan_record *r;

	(void)state;
	assert_int_equal(parse_seed("fs-error-ext4", &b), FAN_BASE_LEN);
	assert_int_equal(b.nr_events, 1);
	assert_int_equal(b.events[0].event_len, FAN_BASE_LEN);
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
	assert_int_equal(r->fid.handle_type, KZ_FILEID_INO32_GEN);
	assert_int_equal(r->fid.handle_bytes, 8);
	assert_memory_equal(r->fid.handle, "\x0c\0\0\0\x07\0\0\0", 8);
	assert_null(r->fid.name);
	kz_fan_free(&b);
}

static void test_superblock_error(void **state)
{
	struct kz_fan_buffer b;
	const struct kz_fan_record *r;

	(void)state;
	parse_seed("fs-error-superblock", &b);
	r = &b.events[0].records[1];
	assert_int_equal(r->fid.handle_type, KZ_FILEID_INVALID);
	assert_int_equal(r->fid.handle_bytes, 0);
	assert_int_equal(r->len, 20);
	assert_int_equal(b.events[0].records[0].error.error_count, 3);
	kz_fan_free(&b);
}

static void test_names_pidfd_and_events(void **state)
{
	struct kz_fan_buffer b;
	const struct kz_fan_event *ev;

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
	kz_fan_free(&b);
	parse_seed("create-dfid-name", &b);
	assert_int_equal(b.events[0].records[0].type, FAN_EVENT_INFO_TYPE_DFID_NAME);
	assert_string_equal(b.events[0].records[0].fid.name, "file.txt");
	/* 28 bytes of FID and handle, 9 of name, rounded up to 4. */
	assert_int_equal(b.events[0].records[0].len, 40);
	kz_fan_free(&b);
}

static void test_unknown_types_skipped(void **state)
{
	struct kz_fan_buffer b;
	const struct kz_fan_record *r;

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
	assert_string_equal(kz_fan_type_name(0x42), "UNKNOWN");
	assert_false(kz_fan_type_is_known(0x42));
	kz_fan_free(&b);
}

/* The same records in the other order decode to the same values. */
static void test_records_any_order(void **state)
{
	struct kz_fan_buffer a, b;
	char why[128];

	(void)state;
	parse_seed_in("fs-error-ext4", buf, &a);
	parse_seed_in("fs-error-fid-first", again, &b);
	assert_int_equal(b.events[0].records[0].type, FAN_EVENT_INFO_TYPE_FID);
	assert_int_equal(b.events[0].records[1].type, FAN_EVENT_INFO_TYPE_ERROR);
	assert_int_equal(b.events[0].records[1].error.error_count, 4);
	b.events[0].records[1].error.error_count = 1;
	struct kz_fan_record swap = b.events[0].records[0];

	b.events[0].records[0] = b.events[0].records[1];
	b.events[0].records[1] = swap;
	assert_true(kz_fan_equal(&a, &b, why, sizeof(why)));
	kz_fan_free(&a);
	kz_fan_free(&b);
}

/* Padding after a record's fields is skipped, not taken for a record. */
static void test_padded_record(void **state)
{
	struct kz_fan_record r = { .type = FAN_EVENT_INFO_TYPE_ERROR, .len = 20 };
	struct kz_fan_event ev = { .vers = FANOTIFY_METADATA_VERSION, .mask = FAN_FS_ERROR,
				   .fd = FAN_NOFD, .nr_records = 1, .records = &r };
	struct kz_fan_buffer in = { 1, &ev }, out;
	struct kz_fan_error err;
	size_t len;

	(void)state;
	r.error.error = EIO;
	len = kz_fan_serialize(&in, buf, sizeof(buf));
	assert_int_equal(len, FAN_EVENT_METADATA_LEN + 20);
	assert_int_equal(kz_fan_parse(buf, len, &out, &err), 0);
	assert_int_equal(out.events[0].nr_records, 1);
	assert_int_equal(out.events[0].records[0].len, 20);
	assert_int_equal(out.events[0].records[0].error.error, EIO);
	kz_fan_free(&out);
}

/* Seeds were built by the serializer: parse then serialize gives them back. */
static void test_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; i < fan_nr_seeds; i++) {
		struct kz_fan_buffer a, b;
		struct kz_fan_error err;
		char why[128];
		size_t len, n;

		if (fan_seeds[i].expect != KZ_FAN_OK)
			continue;
		len = fan_seeds[i].build(buf);
		assert_int_equal(kz_fan_parse(buf, len, &a, &err), 0);
		assert_int_equal(kz_fan_serialized_len(&a), len);
		n = kz_fan_serialize(&a, again, sizeof(again));
		assert_int_equal(n, len);
		if (len)
			assert_memory_equal(again, buf, len);
		assert_int_equal(kz_fan_parse(again, n, &b, &err), 0);
		if (!kz_fan_equal(&a, &b, why, sizeof(why)))
			fail_msg("%s: %s", fan_seeds[i].name, why);
		kz_fan_free(&a);
		kz_fan_free(&b);
	}
}

/* The kernel's layout: records rounded up to 4 with zero padding. */
static void test_serializer_layout(void **state)
{
	struct kz_fan_buffer b;
	size_t len;

	(void)state;
	len = parse_seed("create-dfid-name", &b);
	/* "file.txt" and its NUL end at 24 + 37; three zero bytes follow. */
	assert_memory_equal(buf + 24 + 28, "file.txt\0\0\0\0", 12);
	assert_int_equal(len, 24 + 40 + 28);
	kz_fan_free(&b);
}

static void test_serializer_refuses(void **state)
{
	struct kz_fan_record r = { .type = FAN_EVENT_INFO_TYPE_ERROR, .len = 8 };
	struct kz_fan_event ev = { .vers = FANOTIFY_METADATA_VERSION, .nr_records = 1,
				   .records = &r };
	struct kz_fan_buffer in = { 1, &ev };

	(void)state;
	/* A length below the record's fields cannot be laid out. */
	assert_int_equal(kz_fan_serialize(&in, buf, sizeof(buf)), 0);
	assert_int_equal(kz_fan_serialized_len(&in), 0);
	r.len = 0;
	/* Nor can a buffer that does not fit. */
	assert_int_equal(kz_fan_serialize(&in, buf, 30), 0);
	assert_int_equal(kz_fan_serialize(&in, buf, 36), 36);
}

static void test_error_text(void **state)
{
	struct kz_fan_error err = { KZ_FAN_ERR_RECORD_LEN_ZERO, 24, 0, 0 };
	char msg[160];

	(void)state;
	for (int i = 0; i < KZ_FAN_ERR_COUNT; i++) {
		assert_true(strlen(kz_fan_strerror(i)) > 0);
		for (int j = 0; j < i; j++)
			assert_string_not_equal(kz_fan_strerror(i), kz_fan_strerror(j));
	}
	assert_string_equal(kz_fan_strerror(KZ_FAN_ERR_COUNT), "unknown error");
	kz_fan_format_error(&err, msg, sizeof(msg));
	assert_string_equal(msg, "event 0 record 0 at offset 24: info record length is zero");
	err.record = SIZE_MAX;
	err.code = KZ_FAN_ERR_VERS;
	kz_fan_format_error(&err, msg, sizeof(msg));
	assert_string_equal(msg, "event 0 at offset 24: vers is not FANOTIFY_METADATA_VERSION");
}

/* What fs-monitor.c prints for the base event, read off its printf calls. */
static void test_render_text(void **state)
{
	static const char want[] = "FAN_FS_ERROR (len=64)\n"
		"\tGeneric Error Record: len=12\n\terror: 117\n\terror_count: 1\n"
		"\tfsid: 3c5a1f2eb9d4e71\n\tfh: c0007000\n\tdecoded fh: inode=12 gen=7\n"
		"---\n\n";
	struct kz_fan_buffer b;
	char out[512], small[16];

	(void)state;
	parse_seed("fs-error-ext4", &b);
	assert_int_equal(kz_fan_render(&b, out, sizeof(out)), strlen(want));
	assert_string_equal(out, want);
	/* Truncated, NUL-terminated, and the full length still told. */
	assert_int_equal(kz_fan_render(&b, small, sizeof(small)), strlen(want));
	assert_int_equal(strlen(small), sizeof(small) - 1);
	kz_fan_free(&b);
}

/* Out of memory at each allocation: an error, nothing leaked (ASan). */
static void test_out_of_memory(void **state)
{
	struct kz_fan_error err;
	size_t len = seed("rename-open-pidfd")->build(buf);

	(void)state;
	/* The events array, then the records of the two events that have some. */
	for (int n = 0; n < 3; n++) {
		allocs_left = n;
		assert_int_equal(parse_error(buf, len, &err), KZ_FAN_ERR_NOMEM);
	}
	allocs_left = -1;
	assert_int_equal(parse_error(buf, len, &err), KZ_FAN_OK);
}

/* Equality sees a change of any field. */
static void test_equal_sees_changes(void **state)
{
	struct kz_fan_buffer a, b;
	struct kz_fan_record *r;
	char why[128];

	(void)state;
	parse_seed_in("fs-error-unknown-types", buf, &a);
	parse_seed_in("fs-error-unknown-types", again, &b);
	assert_true(kz_fan_equal(&a, &b, why, sizeof(why)));
	r = b.events[0].records;
#define EXPECT_DIFF(change, undo, text) do {				\
		change;							\
		assert_false(kz_fan_equal(&a, &b, why, sizeof(why)));	\
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
	assert_true(kz_fan_equal(&a, &b, why, sizeof(why)));
	kz_fan_free(&a);
	kz_fan_free(&b);
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

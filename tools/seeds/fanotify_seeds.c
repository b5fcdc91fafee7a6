// SPDX-License-Identifier: GPL-2.0
/*
 * The fanotify seed buffers: typed events through the serializer, and the
 * malformed ones as a well-formed buffer with one field broken.
 */
#include <errno.h>
#include <string.h>
#include <linux/fanotify.h>

#include "fanotify_seeds.h"

static const uint8_t ino12_gen7[8] = { 12, 0, 0, 0, 7, 0, 0, 0 };
static const uint8_t handle12[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };

static struct fo_record error_rec(int32_t error, uint32_t count)
{
	struct fo_record r = { .type = FAN_EVENT_INFO_TYPE_ERROR };

	r.error.error = error;
	r.error.error_count = count;
	return r;
}

static struct fo_record fid_rec(uint8_t type, int32_t htype, const uint8_t *h,
				uint32_t hlen, const char *name)
{
	struct fo_record r = { .type = type };

	r.fid.fsid[0] = 0x3c5a1f2e;
	r.fid.fsid[1] = 0x0b9d4e71;
	r.fid.handle_type = htype;
	r.fid.handle = h;
	r.fid.handle_bytes = hlen;
	r.fid.name = name;
	r.fid.name_len = name ? strlen(name) : 0;
	return r;
}

static struct fo_event event(uint64_t mask, int32_t fd, struct fo_record *recs,
			     size_t n)
{
	struct fo_event ev = {
		.vers = FANOTIFY_METADATA_VERSION, .mask = mask, .fd = fd, .pid = 0,
		.nr_records = n, .records = recs,
	};
	return ev;
}

static size_t serialize(struct fo_event *evs, size_t n, uint8_t *out)
{
	struct fo_buffer b = { n, evs };

	return fo_serialize(&b, out, SEEDS_FAN_MAX);
}

static void put16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, sizeof(v));
}

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, sizeof(v));
}

size_t seeds_fan_base(uint8_t *out)
{
	struct fo_record r[] = {
		error_rec(EUCLEAN, 1),
		fid_rec(FAN_EVENT_INFO_TYPE_FID, FO_FILEID_INO32_GEN, ino12_gen7, 8, NULL),
	};
	struct fo_event ev = event(FAN_FS_ERROR, FAN_NOFD, r, 2);

	return serialize(&ev, 1, out);
}

static size_t fid_first(uint8_t *out)
{
	struct fo_record r[] = {
		fid_rec(FAN_EVENT_INFO_TYPE_FID, FO_FILEID_INO32_GEN, ino12_gen7, 8, NULL),
		error_rec(EUCLEAN, 4),
	};
	struct fo_event ev = event(FAN_FS_ERROR, FAN_NOFD, r, 2);

	return serialize(&ev, 1, out);
}

static size_t superblock(uint8_t *out)
{
	struct fo_record r[] = {
		error_rec(EIO, 3),
		fid_rec(FAN_EVENT_INFO_TYPE_FID, FO_FILEID_INVALID, NULL, 0, NULL),
	};
	struct fo_event ev = event(FAN_FS_ERROR, FAN_NOFD, r, 2);

	return serialize(&ev, 1, out);
}

static size_t odd_handle(uint8_t *out)
{
	struct fo_record r[] = {
		error_rec(-EUCLEAN, 0x80000001u),
		fid_rec(FAN_EVENT_INFO_TYPE_FID, 0x81, handle12, 12, NULL),
	};
	struct fo_event ev = event(FAN_FS_ERROR, FAN_NOFD, r, 2);

	return serialize(&ev, 1, out);
}

static size_t unknown_types(uint8_t *out)
{
	static const uint8_t body[8] = { 0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4 };
	struct fo_record r[] = {
		{ .type = 0x42, .unknown = { body, sizeof(body) } },
		error_rec(EUCLEAN, 1),
		{ .type = 0xff, .unknown = { NULL, 0 } },
		fid_rec(FAN_EVENT_INFO_TYPE_FID, FO_FILEID_INO32_GEN, ino12_gen7, 8, NULL),
		fid_rec(FAN_EVENT_INFO_TYPE_DFID, FO_FILEID_INO32_GEN, ino12_gen7, 8, NULL),
		{ .type = FAN_EVENT_INFO_TYPE_PIDFD, .pidfd = 7 },
	};
	struct fo_event ev = event(FAN_FS_ERROR, FAN_NOFD, r, 6);

	return serialize(&ev, 1, out);
}

/* Kernel-sized FAN_FS_ERROR events (64 bytes): every one 8-aligned. */
static size_t three_errors(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	memcpy(out + n, out, n);
	memcpy(out + 2 * n, out, n);
	return 3 * n;
}

static size_t dfid_name(uint8_t *out)
{
	struct fo_record r[] = {
		fid_rec(FAN_EVENT_INFO_TYPE_DFID_NAME, FO_FILEID_INO32_GEN, ino12_gen7, 8, "file.txt"),
		fid_rec(FAN_EVENT_INFO_TYPE_FID, FO_FILEID_INO32_GEN, ino12_gen7, 8, NULL),
	};
	struct fo_event ev = event(FAN_CREATE, FAN_NOFD, r, 2);

	return serialize(&ev, 1, out);
}

static size_t rename_pidfd(uint8_t *out)
{
	struct fo_record r[] = {
		fid_rec(FAN_EVENT_INFO_TYPE_OLD_DFID_NAME, FO_FILEID_INO32_GEN, ino12_gen7, 8, "a"),
		fid_rec(FAN_EVENT_INFO_TYPE_NEW_DFID_NAME, FO_FILEID_INO32_GEN, ino12_gen7, 8, "bb"),
		{ .type = FAN_EVENT_INFO_TYPE_PIDFD, .pidfd = 5 },
	};
	struct fo_event ev[] = {
		event(FAN_RENAME, FAN_NOFD, r, 3),
		event(FAN_OPEN, 3, r + 2, 1),
		event(FAN_FS_ERROR, 4, NULL, 0),
	};

	return serialize(ev, 3, out);
}

/* A FAN_FS_ERROR after an event of 36 bytes: the second sits misaligned. */
static size_t misaligned_event(uint8_t *out)
{
	struct fo_record r[] = { error_rec(EIO, 2) };
	size_t n;

	{
		struct fo_event ev = event(FAN_OPEN, 3, r, 1);

		n = serialize(&ev, 1, out);
	}
	return n + seeds_fan_base(out + n);
}

static size_t buffer_short(uint8_t *out)
{
	seeds_fan_base(out);
	return FAN_EVENT_METADATA_LEN - 4;
}

static size_t trailing(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	memset(out + n, 0, 10);
	return n + 10;
}

static size_t bad_vers(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	out[offsetof(struct fanotify_event_metadata, vers)] = 2;
	return n;
}

static size_t bad_metadata_len(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	put16(out + offsetof(struct fanotify_event_metadata, metadata_len), 32);
	return n;
}

static size_t event_short(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	put32(out, 16);
	return n;
}

static size_t event_past_buffer(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	put32(out, (uint32_t)n + 8);
	return n;
}

/* Two bytes after the records, inside event_len, at the buffer's end. */
static size_t info_hdr_past_event(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	out[n] = FAN_EVENT_INFO_TYPE_ERROR;
	out[n + 1] = 0;
	put32(out, (uint32_t)n + 2);
	return n + 2;
}

static size_t record_len_zero(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	put16(out + SEEDS_FAN_BASE_ERROR_AT + 2, 0);
	return n;
}

static size_t record_past_event(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	put16(out + SEEDS_FAN_BASE_FID_AT + 2, 40);
	return n;
}

/* A last record of header size only: its type's fields lie past the buffer. */
static size_t record_short(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	out[n] = FAN_EVENT_INFO_TYPE_ERROR;
	out[n + 1] = 0;
	put16(out + n + 2, 4);
	put32(out, (uint32_t)n + 4);
	return n + 4;
}

static size_t handle_past_record(uint8_t *out)
{
	size_t n = seeds_fan_base(out);

	put32(out + SEEDS_FAN_BASE_HANDLE_BYTES_AT, 64);
	return n;
}

static size_t name_no_nul(uint8_t *out)
{
	size_t n = dfid_name(out);
	/* "file.txt", its NUL and padding: the 12 bytes before the FID record. */
	memset(out + FAN_EVENT_METADATA_LEN + 28, 'x', 12);
	return n;
}

/* FILEID_INO32_GEN with 4 bytes at the end of the buffer: gen lies past it. */
static size_t ino32_short(uint8_t *out)
{
	struct fo_record r[] = {
		error_rec(EUCLEAN, 1),
		fid_rec(FAN_EVENT_INFO_TYPE_FID, FO_FILEID_INO32_GEN, ino12_gen7, 4, NULL),
	};
	struct fo_event ev = event(FAN_FS_ERROR, FAN_NOFD, r, 2);

	return serialize(&ev, 1, out);
}

static size_t empty(uint8_t *out)
{
	(void)out;
	return 0;
}

const struct seeds_fan_buffer seeds_fan[] = {
	{ "empty", FO_OK, empty },
	{ "fs-error-ext4", FO_OK, seeds_fan_base },
	{ "fs-error-fid-first", FO_OK, fid_first },
	{ "fs-error-superblock", FO_OK, superblock },
	{ "fs-error-odd-handle", FO_OK, odd_handle },
	{ "fs-error-unknown-types", FO_OK, unknown_types },
	{ "fs-error-three-events", FO_OK, three_errors },
	{ "create-dfid-name", FO_OK, dfid_name },
	{ "rename-open-pidfd", FO_OK, rename_pidfd },
	{ "misaligned-event", FO_OK, misaligned_event },
	{ "bad-buffer-short", FO_ERR_BUFFER_SHORT, buffer_short },
	{ "bad-trailing", FO_ERR_TRAILING, trailing },
	{ "bad-vers", FO_ERR_VERS, bad_vers },
	{ "bad-metadata-len", FO_ERR_METADATA_LEN, bad_metadata_len },
	{ "bad-event-short", FO_ERR_EVENT_SHORT, event_short },
	{ "bad-event-past-buffer", FO_ERR_EVENT_PAST_BUFFER, event_past_buffer },
	{ "bad-info-hdr-past-event", FO_ERR_INFO_HDR_PAST_EVENT, info_hdr_past_event },
	{ "bad-record-len-zero", FO_ERR_RECORD_LEN_ZERO, record_len_zero },
	{ "bad-record-past-event", FO_ERR_RECORD_PAST_EVENT, record_past_event },
	{ "bad-record-short", FO_ERR_RECORD_SHORT, record_short },
	{ "bad-handle-past-record", FO_ERR_HANDLE_PAST_RECORD, handle_past_record },
	{ "bad-name-no-nul", FO_ERR_NAME_NO_NUL, name_no_nul },
	{ "bad-ino32-short", FO_ERR_INO32_HANDLE_SHORT, ino32_short },
};

const size_t seeds_fan_count = sizeof(seeds_fan) / sizeof(seeds_fan[0]);

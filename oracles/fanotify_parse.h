/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Strict reference parser of a fanotify read() buffer: events
 * (struct fanotify_event_metadata) and their info records, as typed values.
 * No undefined behaviour on any input: fields are read with memcpy, every
 * length is checked before it is used.
 *
 * Parsed records point into the parsed buffer (handle bytes, names, the
 * body of unknown records): keep the buffer while the result is in use.
 *
 * Serializer: typed events back to bytes, laid out as the kernel lays them
 * out (records rounded up to 4 bytes, zero padding, event_len and
 * metadata_len computed). Renderer: prints a well-formed buffer exactly as
 * samples/fanotify/fs-monitor.c handle_notifications() prints it.
 */
#ifndef FANOTIFY_PARSE_H
#define FANOTIFY_PARSE_H

#include <stddef.h>
#include <stdint.h>

/* The kernel rounds every info record up to this (FANOTIFY_EVENT_ALIGN). */
#define FO_RECORD_ALIGN	4
/* struct file_handle's header (handle_bytes, handle_type) inside a FID record. */
#define FO_FH_HDR_LEN	8
/* FILEID_INO32_GEN, FILEID_INVALID (include/linux/exportfs.h, not uapi). */
#define FO_FILEID_INO32_GEN	1
#define FO_FILEID_INVALID	0xff

/* Every way a buffer can be malformed, one precise error each. */
enum fo_err {
	FO_OK = 0,
	FO_ERR_BUFFER_SHORT,	/* buffer shorter than the metadata */
	FO_ERR_TRAILING,		/* trailing bytes that are not a whole event */
	FO_ERR_VERS,		/* vers is not FANOTIFY_METADATA_VERSION */
	FO_ERR_METADATA_LEN,	/* metadata_len is not FAN_EVENT_METADATA_LEN */
	FO_ERR_EVENT_SHORT,		/* event_len smaller than metadata_len */
	FO_ERR_EVENT_PAST_BUFFER,	/* event_len runs past the buffer */
	FO_ERR_INFO_HDR_PAST_EVENT,	/* an info header runs past event_len */
	FO_ERR_RECORD_LEN_ZERO,	/* a record length of zero */
	FO_ERR_RECORD_PAST_EVENT,	/* a record runs past event_len */
	FO_ERR_RECORD_SHORT,	/* a record shorter than its type's struct */
	FO_ERR_HANDLE_PAST_RECORD,	/* handle_bytes runs past the record */
	FO_ERR_NAME_NO_NUL,		/* a name without its NUL inside the record */
	FO_ERR_INO32_HANDLE_SHORT,	/* FILEID_INO32_GEN handle under 8 bytes */
	FO_ERR_NOMEM,		/* out of memory for the typed result */
	FO_ERR_COUNT
};

/* Where a parse failed: byte offset in the buffer, event and record index. */
struct fo_error {
	enum fo_err code;
	size_t offset;
	size_t event;
	size_t record;		/* SIZE_MAX when the error is about the event */
};

/* FID, DFID, DFID_NAME, OLD_DFID_NAME, NEW_DFID_NAME. */
struct fo_fid {
	int32_t fsid[2];
	uint32_t handle_bytes;
	int32_t handle_type;
	const uint8_t *handle;	/* handle_bytes bytes */
	const char *name;	/* NUL-terminated; NULL for types without a name */
	size_t name_len;	/* strlen(name) */
};

struct fo_record {
	uint8_t type;		/* FAN_EVENT_INFO_TYPE_* or unknown */
	uint8_t pad;		/* header pad byte, as read */
	/* As read; 0 in a built record: the serializer lays it out. */
	uint16_t len;
	union {
		struct fo_fid fid;
		int32_t pidfd;
		struct {
			int32_t error;
			uint32_t error_count;
		} error;
		struct {
			uint64_t offset;
			uint64_t count;
		} range;
		uint64_t mnt_id;
		/* Unknown types: every byte after the header, kept as is. */
		struct {
			const uint8_t *body;
			size_t body_len;
		} unknown;
	};
};

struct fo_event {
	uint32_t event_len;	/* as read; 0 in a built event */
	uint8_t vers;
	uint8_t reserved;
	uint16_t metadata_len;	/* as read; the serializer writes FAN_EVENT_METADATA_LEN */
	uint64_t mask;
	int32_t fd;
	int32_t pid;
	size_t nr_records;
	struct fo_record *records;
};

struct fo_buffer {
	size_t nr_events;
	struct fo_event *events;
};

/* Record kinds by type, from the tree's uapi header. */
int fo_type_is_fid(uint8_t type);
int fo_type_has_name(uint8_t type);
int fo_type_is_known(uint8_t type);
const char *fo_type_name(uint8_t type);	/* "UNKNOWN" for unknown */

/*
 * Parses buf into out. Returns 0, or -1 with err filled (out is then
 * empty). An empty buffer is well formed and has no events.
 */
int fo_parse(const void *buf, size_t len, struct fo_buffer *out,
	     struct fo_error *err);
void fo_free(struct fo_buffer *b);
/* realloc() by default; weak, so that a test can make allocation fail. */
void *fo_realloc(void *p, size_t n);
const char *fo_strerror(enum fo_err code);
/* "event E record R at offset O: <strerror>", snprintf-style return. */
int fo_format_error(const struct fo_error *err, char *out, size_t cap);

/*
 * Typed equality (every field but the as-read lengths). Returns 1 when
 * equal; else 0 and, in why, the first difference.
 */
int fo_equal(const struct fo_buffer *a, const struct fo_buffer *b,
	     char *why, size_t cap);

/* Size of a record / event as serialized: len if set, else the kernel's. */
size_t fo_record_size(const struct fo_record *rec);
size_t fo_event_size(const struct fo_event *ev);
/* Size of the whole serialized buffer; 0 if something cannot be laid out. */
size_t fo_serialized_len(const struct fo_buffer *b);
/*
 * Writes b into out (cap bytes). Returns the bytes written, or 0 when it
 * does not fit or a record cannot be laid out (len set below its content
 * or above 65535, event_len above 4 GiB).
 */
size_t fo_serialize(const struct fo_buffer *b, uint8_t *out, size_t cap);

/*
 * Prints b as handle_notifications() of fs-monitor.c prints the buffer it
 * was parsed from. NUL-terminates within cap; returns the full length
 * (snprintf-style: a return >= cap means truncated).
 */
size_t fo_render(const struct fo_buffer *b, char *out, size_t cap);

#endif

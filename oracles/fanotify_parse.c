// SPDX-License-Identifier: GPL-2.0
/*
 * Strict reference parser of a fanotify read() buffer. Every field is read
 * with memcpy at a checked offset, so any input is safe to give it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fanotify.h>

#include "fanotify_parse.h"

/* The bytes of one event (or record) being parsed, and where it sits. */
struct span {
	const uint8_t *p;
	size_t len;
	size_t offset;		/* of p in the whole buffer */
};

static uint16_t get16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint32_t get32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint64_t get64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The parser's only allocator; a test may override it to make it fail. */
__attribute__((weak)) void *fo_realloc(void *p, size_t n)
{
	return realloc(p, n);
}

static int fail(struct fo_error *err, enum fo_err code, size_t offset)
{
	err->code = code;
	err->offset = offset;
	return -1;
}

#define FID_HDR_LEN	(sizeof(struct fanotify_event_info_fid) + FO_FH_HDR_LEN)

static int parse_fid(struct fo_record *rec, struct span r, struct fo_error *err)
{
	struct fo_fid *fid = &rec->fid;
	size_t off = offsetof(struct fanotify_event_info_fid, fsid);
	const uint8_t *nul;
	size_t room;

	if (r.len < FID_HDR_LEN)
		return fail(err, FO_ERR_RECORD_SHORT, r.offset);
	fid->fsid[0] = (int32_t)get32(r.p + off);
	fid->fsid[1] = (int32_t)get32(r.p + off + 4);
	off = sizeof(struct fanotify_event_info_fid);
	fid->handle_bytes = get32(r.p + off);
	fid->handle_type = (int32_t)get32(r.p + off + 4);
	room = r.len - FID_HDR_LEN;
	if (fid->handle_bytes > room)
		return fail(err, FO_ERR_HANDLE_PAST_RECORD, r.offset + off);
	/* Decoders read ino and gen: the type promises both. */
	if (fid->handle_type == FO_FILEID_INO32_GEN && fid->handle_bytes < 8)
		return fail(err, FO_ERR_INO32_HANDLE_SHORT, r.offset + off);
	fid->handle = r.p + FID_HDR_LEN;
	fid->name = NULL;
	fid->name_len = 0;
	if (!fo_type_has_name(rec->type))
		return 0;
	off = FID_HDR_LEN + fid->handle_bytes;
	room = r.len - off;
	nul = memchr(r.p + off, 0, room);
	if (!nul)
		return fail(err, FO_ERR_NAME_NO_NUL, r.offset + off);
	fid->name = (const char *)(r.p + off);
	fid->name_len = (size_t)(nul - (r.p + off));
	return 0;
}

static int parse_fixed(struct fo_record *rec, struct span r, struct fo_error *err)
{
	size_t need = 0;

	switch (rec->type) {
	case FAN_EVENT_INFO_TYPE_PIDFD:
		need = sizeof(struct fanotify_event_info_pidfd);
		break;
	case FAN_EVENT_INFO_TYPE_ERROR:
		need = sizeof(struct fanotify_event_info_error);
		break;
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	case FAN_EVENT_INFO_TYPE_RANGE:
		need = sizeof(struct fanotify_event_info_range);
		break;
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	case FAN_EVENT_INFO_TYPE_MNT:
		need = sizeof(struct fanotify_event_info_mnt);
		break;
#endif
	}
	if (r.len < need)
		return fail(err, FO_ERR_RECORD_SHORT, r.offset);
	switch (rec->type) {
	case FAN_EVENT_INFO_TYPE_PIDFD:
		rec->pidfd = (int32_t)get32(r.p + offsetof(struct fanotify_event_info_pidfd, pidfd));
		break;
	case FAN_EVENT_INFO_TYPE_ERROR:
		rec->error.error = (int32_t)get32(r.p + offsetof(struct fanotify_event_info_error, error));
		rec->error.error_count = get32(r.p +
					       offsetof(struct fanotify_event_info_error, error_count));
		break;
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	case FAN_EVENT_INFO_TYPE_RANGE:
		rec->range.offset = get64(r.p + offsetof(struct fanotify_event_info_range, offset));
		rec->range.count = get64(r.p + offsetof(struct fanotify_event_info_range, count));
		break;
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	case FAN_EVENT_INFO_TYPE_MNT:
		rec->mnt_id = get64(r.p + offsetof(struct fanotify_event_info_mnt, mnt_id));
		break;
#endif
	}
	return 0;
}

/* One record at the start of r (the rest of its event); sets its length. */
static int parse_record(struct fo_record *rec, struct span r, struct fo_error *err)
{
	const size_t hdr = sizeof(struct fanotify_event_info_header);

	if (r.len < hdr)
		return fail(err, FO_ERR_INFO_HDR_PAST_EVENT, r.offset);
	rec->type = r.p[offsetof(struct fanotify_event_info_header, info_type)];
	rec->pad = r.p[offsetof(struct fanotify_event_info_header, pad)];
	rec->len = get16(r.p + offsetof(struct fanotify_event_info_header, len));
	if (!rec->len)
		return fail(err, FO_ERR_RECORD_LEN_ZERO, r.offset);
	if (rec->len > r.len)
		return fail(err, FO_ERR_RECORD_PAST_EVENT, r.offset);
	if (rec->len < hdr)
		return fail(err, FO_ERR_RECORD_SHORT, r.offset);
	r.len = rec->len;
	if (fo_type_is_fid(rec->type))
		return parse_fid(rec, r, err);
	if (fo_type_is_known(rec->type))
		return parse_fixed(rec, r, err);
	/* Unknown types are skipped by their length, their bytes kept. */
	rec->unknown.body = r.p + hdr;
	rec->unknown.body_len = rec->len - hdr;
	return 0;
}

/*
 * One more zeroed item of size bytes at the end of *items (*nr of them,
 * room for *cap), doubling the room when full. NULL when out of memory.
 */
static void *push(void **items, size_t *nr, size_t *cap, size_t size)
{
	void *item;

	if (*nr == *cap) {
		size_t n = *cap ? *cap * 2 : 4;
		void *p = fo_realloc(*items, n * size);

		if (!p)
			return NULL;
		*items = p;
		*cap = n;
	}
	item = (char *)*items + (*nr)++ * size;
	memset(item, 0, size);
	return item;
}

static int push_record(struct fo_event *ev, size_t *cap, struct fo_record **rec)
{
	void *records = ev->records;

	*rec = push(&records, &ev->nr_records, cap, sizeof(**rec));
	ev->records = records;
	return *rec ? 0 : -1;
}

static int parse_records(struct fo_event *ev, struct span e, struct fo_error *err)
{
	size_t off = ev->metadata_len, cap = 0;
	struct fo_record *rec;

	while (off < e.len) {
		struct span r = { e.p + off, e.len - off, e.offset + off };

		err->record = ev->nr_records;
		if (push_record(ev, &cap, &rec))
			return fail(err, FO_ERR_NOMEM, r.offset);
		if (parse_record(rec, r, err))
			return -1;
		off += rec->len;
	}
	err->record = SIZE_MAX;
	return 0;
}

/* The metadata at the start of e (the rest of the buffer); sets e->len. */
static int parse_metadata(struct fo_event *ev, struct span *e, struct fo_error *err)
{
	const uint8_t *p = e->p;

	if (e->len < FAN_EVENT_METADATA_LEN)
		return fail(err, e->offset ? FO_ERR_TRAILING : FO_ERR_BUFFER_SHORT,
			    e->offset);
	ev->event_len = get32(p + offsetof(struct fanotify_event_metadata, event_len));
	ev->vers = p[offsetof(struct fanotify_event_metadata, vers)];
	ev->reserved = p[offsetof(struct fanotify_event_metadata, reserved)];
	ev->metadata_len = get16(p + offsetof(struct fanotify_event_metadata, metadata_len));
	ev->mask = get64(p + offsetof(struct fanotify_event_metadata, mask));
	ev->fd = (int32_t)get32(p + offsetof(struct fanotify_event_metadata, fd));
	ev->pid = (int32_t)get32(p + offsetof(struct fanotify_event_metadata, pid));
	if (ev->vers != FANOTIFY_METADATA_VERSION)
		return fail(err, FO_ERR_VERS, e->offset);
	/* Version 3 defines the metadata as exactly this struct. */
	if (ev->metadata_len != FAN_EVENT_METADATA_LEN)
		return fail(err, FO_ERR_METADATA_LEN, e->offset);
	if (ev->event_len < ev->metadata_len)
		return fail(err, FO_ERR_EVENT_SHORT, e->offset);
	if (ev->event_len > e->len)
		return fail(err, FO_ERR_EVENT_PAST_BUFFER, e->offset);
	e->len = ev->event_len;
	return 0;
}

static int push_event(struct fo_buffer *b, size_t *cap, struct fo_event **ev)
{
	void *events = b->events;

	*ev = push(&events, &b->nr_events, cap, sizeof(**ev));
	b->events = events;
	return *ev ? 0 : -1;
}

int fo_parse(const void *buf, size_t len, struct fo_buffer *out,
	     struct fo_error *err)
{
	const uint8_t *p = buf;
	size_t off = 0, cap = 0;
	struct fo_event *ev;

	memset(out, 0, sizeof(*out));
	memset(err, 0, sizeof(*err));
	err->record = SIZE_MAX;
	while (off < len) {
		struct span e = { p + off, len - off, off };

		err->event = out->nr_events;
		if (push_event(out, &cap, &ev)) {
			fail(err, FO_ERR_NOMEM, off);
			goto out_fail;
		}
		if (parse_metadata(ev, &e, err) || parse_records(ev, e, err))
			goto out_fail;
		off += e.len;
	}
	return 0;
out_fail:
	fo_free(out);
	return -1;
}

void fo_free(struct fo_buffer *b)
{
	for (size_t i = 0; i < b->nr_events; i++)
		free(b->events[i].records);
	free(b->events);
	b->events = NULL;
	b->nr_events = 0;
}

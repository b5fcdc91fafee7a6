// SPDX-License-Identifier: GPL-2.0
/*
 * Typed fanotify events back to bytes, laid out as the kernel's
 * copy_event_to_user() lays them out: the metadata, then each record
 * rounded up to FANOTIFY_EVENT_ALIGN with zero padding.
 */
#include <stdint.h>
#include <string.h>
#include <linux/fanotify.h>

#include "fanotify_parse.h"

#define FID_HDR_LEN	(sizeof(struct fanotify_event_info_fid) + FO_FH_HDR_LEN)

static size_t round_up(size_t n)
{
	return (n + FO_RECORD_ALIGN - 1) / FO_RECORD_ALIGN * FO_RECORD_ALIGN;
}

/* The bytes a record's fields need, before padding. */
static size_t content_size(const struct fo_record *rec)
{
	if (fo_type_is_fid(rec->type)) {
		size_t n = FID_HDR_LEN + rec->fid.handle_bytes;

		if (fo_type_has_name(rec->type))
			n += (rec->fid.name ? rec->fid.name_len : 0) + 1;
		return n;
	}
	switch (rec->type) {
	case FAN_EVENT_INFO_TYPE_PIDFD:
		return sizeof(struct fanotify_event_info_pidfd);
	case FAN_EVENT_INFO_TYPE_ERROR:
		return sizeof(struct fanotify_event_info_error);
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	case FAN_EVENT_INFO_TYPE_RANGE:
		return sizeof(struct fanotify_event_info_range);
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	case FAN_EVENT_INFO_TYPE_MNT:
		return sizeof(struct fanotify_event_info_mnt);
#endif
	}
	/* Unknown: its body is kept whole, padding included. */
	return sizeof(struct fanotify_event_info_header) + rec->unknown.body_len;
}

static size_t kernel_size(const struct fo_record *rec)
{
	if (!fo_type_is_known(rec->type))
		return content_size(rec);
	return round_up(content_size(rec));
}

size_t fo_record_size(const struct fo_record *rec)
{
	size_t n = rec->len ? rec->len : kernel_size(rec);

	if (n < content_size(rec) || n > UINT16_MAX)
		return 0;
	return n;
}

size_t fo_event_size(const struct fo_event *ev)
{
	size_t n = FAN_EVENT_METADATA_LEN;

	for (size_t i = 0; i < ev->nr_records; i++) {
		size_t r = fo_record_size(&ev->records[i]);

		if (!r)
			return 0;
		n += r;
	}
	return n > UINT32_MAX ? 0 : n;
}

size_t fo_serialized_len(const struct fo_buffer *b)
{
	size_t n = 0;

	for (size_t i = 0; i < b->nr_events; i++) {
		size_t e = fo_event_size(&b->events[i]);

		if (!e)
			return 0;
		n += e;
	}
	return n;
}

static void put(uint8_t *base, size_t off, const void *v, size_t n)
{
	memcpy(base + off, v, n);
}

static void put_fid(uint8_t *p, const struct fo_fid *fid, int has_name)
{
	size_t off = offsetof(struct fanotify_event_info_fid, fsid);

	put(p, off, fid->fsid, sizeof(fid->fsid));
	off = sizeof(struct fanotify_event_info_fid);
	put(p, off, &fid->handle_bytes, 4);
	put(p, off + 4, &fid->handle_type, 4);
	if (fid->handle_bytes)
		put(p, FID_HDR_LEN, fid->handle, fid->handle_bytes);
	/* The NUL is already there: the record was zeroed. */
	if (has_name && fid->name && fid->name_len)
		put(p, FID_HDR_LEN + fid->handle_bytes, fid->name, fid->name_len);
}

static void put_fixed(uint8_t *p, const struct fo_record *rec)
{
	switch (rec->type) {
	case FAN_EVENT_INFO_TYPE_PIDFD:
		put(p, offsetof(struct fanotify_event_info_pidfd, pidfd), &rec->pidfd, 4);
		break;
	case FAN_EVENT_INFO_TYPE_ERROR:
		put(p, offsetof(struct fanotify_event_info_error, error), &rec->error.error, 4);
		put(p, offsetof(struct fanotify_event_info_error, error_count),
		    &rec->error.error_count, 4);
		break;
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	case FAN_EVENT_INFO_TYPE_RANGE:
		put(p, offsetof(struct fanotify_event_info_range, offset), &rec->range.offset, 8);
		put(p, offsetof(struct fanotify_event_info_range, count), &rec->range.count, 8);
		break;
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	case FAN_EVENT_INFO_TYPE_MNT:
		put(p, offsetof(struct fanotify_event_info_mnt, mnt_id), &rec->mnt_id, 8);
		break;
#endif
	default:
		if (rec->unknown.body_len)
			put(p, sizeof(struct fanotify_event_info_header), rec->unknown.body,
			    rec->unknown.body_len);
	}
}

static size_t put_record(uint8_t *p, const struct fo_record *rec)
{
	uint16_t len = (uint16_t)fo_record_size(rec);

	memset(p, 0, len);
	p[offsetof(struct fanotify_event_info_header, info_type)] = rec->type;
	p[offsetof(struct fanotify_event_info_header, pad)] = rec->pad;
	put(p, offsetof(struct fanotify_event_info_header, len), &len, 2);
	if (fo_type_is_fid(rec->type))
		put_fid(p, &rec->fid, fo_type_has_name(rec->type));
	else
		put_fixed(p, rec);
	return len;
}

static size_t put_event(uint8_t *p, const struct fo_event *ev)
{
	uint32_t event_len = (uint32_t)fo_event_size(ev);
	uint16_t metadata_len = FAN_EVENT_METADATA_LEN;
	size_t off = FAN_EVENT_METADATA_LEN;

	memset(p, 0, FAN_EVENT_METADATA_LEN);
	put(p, offsetof(struct fanotify_event_metadata, event_len), &event_len, 4);
	p[offsetof(struct fanotify_event_metadata, vers)] = ev->vers;
	p[offsetof(struct fanotify_event_metadata, reserved)] = ev->reserved;
	put(p, offsetof(struct fanotify_event_metadata, metadata_len), &metadata_len, 2);
	put(p, offsetof(struct fanotify_event_metadata, mask), &ev->mask, 8);
	put(p, offsetof(struct fanotify_event_metadata, fd), &ev->fd, 4);
	put(p, offsetof(struct fanotify_event_metadata, pid), &ev->pid, 4);
	for (size_t i = 0; i < ev->nr_records; i++)
		off += put_record(p + off, &ev->records[i]);
	return off;
}

size_t fo_serialize(const struct fo_buffer *b, uint8_t *out, size_t cap)
{
	size_t total = fo_serialized_len(b), off = 0;

	if ((!total && b->nr_events) || total > cap)
		return 0;
	for (size_t i = 0; i < b->nr_events; i++)
		off += put_event(out + off, &b->events[i]);
	return off;
}

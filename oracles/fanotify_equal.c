// SPDX-License-Identifier: GPL-2.0
/*
 * Typed equality of two parsed or built fanotify buffers: every field a
 * reader sees, but not the as-read lengths (padding is not content).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/fanotify.h>

#include "fanotify_parse.h"

static int bytes_equal(const void *a, size_t alen, const void *b, size_t blen)
{
	return alen == blen && (!alen || !memcmp(a, b, alen));
}

static int fid_equal(const struct fo_fid *a, const struct fo_fid *b)
{
	return a->fsid[0] == b->fsid[0] && a->fsid[1] == b->fsid[1] &&
	       a->handle_type == b->handle_type &&
	       bytes_equal(a->handle, a->handle_bytes, b->handle, b->handle_bytes) &&
	       bytes_equal(a->name, a->name ? a->name_len : 0, b->name, b->name ? b->name_len : 0);
}

static int record_equal(const struct fo_record *a, const struct fo_record *b)
{
	if (a->type != b->type || a->pad != b->pad)
		return 0;
	if (fo_type_is_fid(a->type))
		return fid_equal(&a->fid, &b->fid);
	switch (a->type) {
	case FAN_EVENT_INFO_TYPE_PIDFD:
		return a->pidfd == b->pidfd;
	case FAN_EVENT_INFO_TYPE_ERROR:
		return a->error.error == b->error.error &&
		       a->error.error_count == b->error.error_count;
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	case FAN_EVENT_INFO_TYPE_RANGE:
		return a->range.offset == b->range.offset && a->range.count == b->range.count;
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	case FAN_EVENT_INFO_TYPE_MNT:
		return a->mnt_id == b->mnt_id;
#endif
	}
	return bytes_equal(a->unknown.body, a->unknown.body_len,
			   b->unknown.body, b->unknown.body_len);
}

static int event_equal(const struct fo_event *a, const struct fo_event *b,
		       char *why, size_t cap, size_t i)
{
	if (a->vers != b->vers || a->reserved != b->reserved || a->mask != b->mask ||
	    a->fd != b->fd || a->pid != b->pid) {
		snprintf(why, cap, "event %zu: metadata differs", i);
		return 0;
	}
	if (a->nr_records != b->nr_records) {
		snprintf(why, cap, "event %zu: %zu records against %zu", i, a->nr_records,
			 b->nr_records);
		return 0;
	}
	for (size_t r = 0; r < a->nr_records; r++) {
		if (!record_equal(&a->records[r], &b->records[r])) {
			snprintf(why, cap, "event %zu record %zu (%s) differs", i, r,
				 fo_type_name(a->records[r].type));
			return 0;
		}
	}
	return 1;
}

int fo_equal(const struct fo_buffer *a, const struct fo_buffer *b,
	     char *why, size_t cap)
{
	if (a->nr_events != b->nr_events) {
		snprintf(why, cap, "%zu events against %zu", a->nr_events, b->nr_events);
		return 0;
	}
	for (size_t i = 0; i < a->nr_events; i++)
		if (!event_equal(&a->events[i], &b->events[i], why, cap, i))
			return 0;
	return 1;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A parsed buffer written out with the manifest's keys, so that checking
 * it is comparing two manifests. FID records say ino and gen only when
 * their handle is FILEID_INO32_GEN, as the capture tool does.
 */
#include <stdio.h>
#include <string.h>
#include <linux/fanotify.h>

#include "capture_check.h"
#include "capture_fid.h"

/* The manifest's name of a record type ("unknown-N" for the rest). */
static const char *record_key(uint8_t type, char *buf, size_t cap)
{
	switch (type) {
	case FAN_EVENT_INFO_TYPE_FID: return "fid";
	case FAN_EVENT_INFO_TYPE_DFID: return "dfid";
	case FAN_EVENT_INFO_TYPE_DFID_NAME: return "dfid_name";
	case FAN_EVENT_INFO_TYPE_OLD_DFID_NAME: return "old_dfid_name";
	case FAN_EVENT_INFO_TYPE_NEW_DFID_NAME: return "new_dfid_name";
	case FAN_EVENT_INFO_TYPE_PIDFD: return "pidfd";
	case FAN_EVENT_INFO_TYPE_ERROR: return "error";
	}
	snprintf(buf, cap, "unknown-%u", type);
	return buf;
}

static void decoded_fid(struct manifest *got, const char *p, const struct fo_fid *f)
{
	struct capture_fid fid;

	memset(&fid, 0, sizeof(fid));
	memcpy(fid.fsid, f->fsid, sizeof(fid.fsid));
	fid.handle_type = f->handle_type;
	fid.handle_bytes = f->handle_bytes;
	/* Longer handles are shown cut; the length still tells them apart. */
	memcpy(fid.handle, f->handle, f->handle_bytes < CAPTURE_HANDLE_MAX ?
	       f->handle_bytes : CAPTURE_HANDLE_MAX);
	if (fid.handle_bytes > CAPTURE_HANDLE_MAX)
		fid.handle_bytes = CAPTURE_HANDLE_MAX;
	if (f->handle_type == CAPTURE_FILEID_INO32_GEN && f->handle_bytes == 8) {
		memcpy(&fid.ino, f->handle, 4);
		memcpy(&fid.gen, f->handle + 4, 4);
		fid.has_inode = 1;
	}
	capture_fid_write(got, p, &fid);
	manifest_setf(got, p, "handle_bytes", "%u", f->handle_bytes);
	if (f->name)
		manifest_setf(got, p, "name", "%s", f->name);
}

static void decoded_record(struct manifest *got, const char *ev_prefix,
			   const struct fo_record *r, char *list, size_t cap)
{
	char type_buf[32], p[96];
	const char *type = record_key(r->type, type_buf, sizeof(type_buf));
	size_t used = strlen(list);

	snprintf(list + used, cap - used, "%s%s", used ? "," : "", type);
	snprintf(p, sizeof(p), "%s.%s", ev_prefix, type);
	if (fo_type_is_fid(r->type)) {
		decoded_fid(got, p, &r->fid);
	} else if (r->type == FAN_EVENT_INFO_TYPE_ERROR) {
		manifest_setf(got, p, "error", "%d", r->error.error);
		manifest_setf(got, p, "error_count", "%u", r->error.error_count);
	} else if (r->type == FAN_EVENT_INFO_TYPE_PIDFD) {
		manifest_setf(got, p, "pidfd", "%d", r->pidfd);
	}
}

static void decoded_event(struct manifest *got, size_t idx, const struct fo_event *ev)
{
	char p[32], list[512] = "";
	size_t i;

	snprintf(p, sizeof(p), "event.%zu", idx);
	manifest_setf(got, p, "mask", "0x%llx", (unsigned long long)ev->mask);
	manifest_setf(got, p, "vers", "%u", ev->vers);
	manifest_setf(got, p, "metadata_len", "%u", ev->metadata_len);
	manifest_setf(got, p, "fd", "%d", ev->fd);
	manifest_setf(got, p, "pid", "%d", ev->pid);
	manifest_setf(got, p, "len", "%u", ev->event_len);
	for (i = 0; i < ev->nr_records; i++)
		decoded_record(got, p, &ev->records[i], list, sizeof(list));
	manifest_setf(got, p, "records", "%s", list);
}

void capture_decoded(const struct fo_buffer *b, size_t len, struct manifest *got)
{
	size_t i;

	manifest_init(got);
	manifest_setf(got, "", "events", "%zu", b->nr_events);
	manifest_setf(got, "", "bytes", "%zu", len);
	for (i = 0; i < b->nr_events; i++)
		decoded_event(got, i, &b->events[i]);
}

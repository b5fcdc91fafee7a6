// SPDX-License-Identifier: GPL-2.0
/*
 * Prints typed events exactly as handle_notifications() of
 * samples/fanotify/fs-monitor.c prints the buffer they came from: the
 * same formats, the same conversions (%d of unsigned fields), the same
 * events skipped. It holds for well-formed buffers only; the sample's
 * behaviour on malformed ones is what the fuzz target looks at.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/fanotify.h>

#include "fanotify_parse.h"

struct text {
	char *p;
	size_t cap;
	size_t len;		/* what was printed, also past cap */
};

__attribute__((format(printf, 2, 3)))
static void say(struct text *t, const char *fmt, ...)
{
	size_t room = t->len < t->cap ? t->cap - t->len : 0;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room ? t->p + t->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len += (size_t)n;
}

static void render_fh(struct text *t, const struct fo_fid *fid)
{
	uint32_t h[2];

	say(t, "\tfh: ");
	for (uint32_t i = 0; i < fid->handle_bytes; i++)
		say(t, "%hhx", fid->handle[i]);
	say(t, "\n");
	say(t, "\tdecoded fh: ");
	if (fid->handle_type == FO_FILEID_INO32_GEN) {
		/* The parser made sure that both words are in the handle. */
		memcpy(h, fid->handle, sizeof(h));
		say(t, "inode=%u gen=%u\n", h[0], h[1]);
	} else if (fid->handle_type == FO_FILEID_INVALID && !fid->handle_bytes) {
		say(t, "Type %d (Superblock error)\n", fid->handle_type);
	} else {
		say(t, "Type %d (Unknown)\n", fid->handle_type);
	}
}

static void render_record(struct text *t, const struct fo_record *rec)
{
	switch (rec->type) {
	case FAN_EVENT_INFO_TYPE_ERROR:
		say(t, "\tGeneric Error Record: len=%d\n", (int)fo_record_size(rec));
		say(t, "\terror: %d\n", rec->error.error);
		say(t, "\terror_count: %d\n", (int)rec->error.error_count);
		break;
	case FAN_EVENT_INFO_TYPE_FID:
		say(t, "\tfsid: %x%x\n", (unsigned int)rec->fid.fsid[0],
		    (unsigned int)rec->fid.fsid[1]);
		render_fh(t, &rec->fid);
		break;
	default:
		say(t, "\tUnknown info type=%d len=%d:\n", rec->type,
		    (int)fo_record_size(rec));
	}
}

static void render_event(struct text *t, const struct fo_event *ev)
{
	size_t len = ev->event_len ? ev->event_len : fo_event_size(ev);

	if (ev->mask != FAN_FS_ERROR) {
		say(t, "unexpected FAN MARK: %llx\n", (unsigned long long)ev->mask);
		goto next_event;
	}
	if (ev->fd != FAN_NOFD) {
		say(t, "Unexpected fd (!= FAN_NOFD)\n");
		goto next_event;
	}
	say(t, "FAN_FS_ERROR (len=%d)\n", (int)len);
	for (size_t i = 0; i < ev->nr_records; i++)
		render_record(t, &ev->records[i]);
next_event:
	say(t, "---\n\n");
}

size_t fo_render(const struct fo_buffer *b, char *out, size_t cap)
{
	struct text t = { out, cap, 0 };

	if (cap)
		out[0] = '\0';
	for (size_t i = 0; i < b->nr_events; i++)
		render_event(&t, &b->events[i]);
	return t.len;
}

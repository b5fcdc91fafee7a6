// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz bytes to typed, well-formed fanotify events. Every choice takes the
 * next input byte (0 once they run out), so short inputs give small
 * buffers and the fuzzer steers each field; bulk bytes (handles, names,
 * bodies) come from a generator seeded by the input, to keep inputs short.
 */
#include <string.h>
#include <linux/fanotify.h>

#include "fanotify_gen.h"

struct reader {
	const uint8_t *p;
	size_t len;
	size_t pos;
	uint32_t seed;
};

static uint8_t next8(struct reader *r)
{
	return r->pos < r->len ? r->p[r->pos++] : 0;
}

static uint32_t next32(struct reader *r)
{
	uint32_t v = next8(r);

	v |= (uint32_t)next8(r) << 8;
	v |= (uint32_t)next8(r) << 16;
	return v | (uint32_t)next8(r) << 24;
}

/* xorshift32: bulk bytes without spending input on them. */
static uint8_t bulk8(struct reader *r)
{
	r->seed ^= r->seed << 13;
	r->seed ^= r->seed >> 17;
	r->seed ^= r->seed << 5;
	return (uint8_t)r->seed;
}

static uint8_t *take(struct fan_gen *g, size_t n)
{
	uint8_t *p = g->arena + g->arena_used;

	g->arena_used += n;
	return p;
}

static void gen_handle(struct fan_gen *g, struct reader *r, struct fo_fid *fid)
{
	static const int32_t types[] = { FO_FILEID_INO32_GEN, FO_FILEID_INVALID, 2, 0x81 };
	uint8_t pick = next8(r);
	uint8_t *h;

	fid->fsid[0] = (int32_t)next32(r);
	fid->fsid[1] = (int32_t)next32(r);
	fid->handle_type = pick & 0x80 ? (int32_t)next32(r) : types[pick & 3];
	if (fid->handle_type == FO_FILEID_INVALID && !(pick & 0x40))
		fid->handle_bytes = 0;
	else
		fid->handle_bytes = (next8(r) * 4u + (pick >> 4 & 3)) % (FAN_GEN_MAX_HANDLE + 1);
	/* FILEID_INO32_GEN promises an inode and a generation. */
	if (fid->handle_type == FO_FILEID_INO32_GEN && fid->handle_bytes < 8)
		fid->handle_bytes = 8;
	h = take(g, fid->handle_bytes);
	for (uint32_t i = 0; i < fid->handle_bytes; i++)
		h[i] = i < 8 ? next8(r) : bulk8(r);
	fid->handle = h;
}

/* A name of non-NUL bytes, NUL-terminated in the arena. */
static void gen_name(struct fan_gen *g, struct reader *r, struct fo_fid *fid)
{
	size_t n = next8(r);
	char *s;

	if (n >= 0xf0)
		n = (n - 0xf0) * 32 + 256;
	n %= FAN_GEN_MAX_NAME + 1;
	s = (char *)take(g, n + 1);
	for (size_t i = 0; i < n; i++)
		s[i] = (char)(1 + bulk8(r) % 255);
	s[n] = '\0';
	fid->name = s;
	fid->name_len = n;
}

static const uint8_t known_types[] = {
	FAN_EVENT_INFO_TYPE_ERROR, FAN_EVENT_INFO_TYPE_FID, FAN_EVENT_INFO_TYPE_DFID,
	FAN_EVENT_INFO_TYPE_DFID_NAME, FAN_EVENT_INFO_TYPE_OLD_DFID_NAME,
	FAN_EVENT_INFO_TYPE_NEW_DFID_NAME, FAN_EVENT_INFO_TYPE_PIDFD,
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	FAN_EVENT_INFO_TYPE_RANGE,
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	FAN_EVENT_INFO_TYPE_MNT,
#endif
};
#define NR_KNOWN	(sizeof(known_types) / sizeof(known_types[0]))

/* The fields of the fixed-size types. */
static void gen_fixed(struct reader *r, struct fo_record *rec)
{
	switch (rec->type) {
	case FAN_EVENT_INFO_TYPE_PIDFD:
		rec->pidfd = (int32_t)next32(r);
		break;
	case FAN_EVENT_INFO_TYPE_ERROR:
		rec->error.error = (int32_t)next32(r);
		rec->error.error_count = next32(r);
		break;
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	case FAN_EVENT_INFO_TYPE_RANGE:
		rec->range.offset = (uint64_t)next32(r) << 32 | next32(r);
		rec->range.count = next32(r);
		break;
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	case FAN_EVENT_INFO_TYPE_MNT:
		rec->mnt_id = (uint64_t)next32(r) << 32 | next32(r);
		break;
#endif
	}
}

static void gen_unknown(struct fan_gen *g, struct reader *r, struct fo_record *rec)
{
	size_t n = next8(r) % 64 * 4;
	uint8_t *b = take(g, n);

	/* Any type the tree does not know, possibly a future one. */
	do
		rec->type = next8(r);
	while (fo_type_is_known(rec->type) && r->pos < r->len);
	if (fo_type_is_known(rec->type))
		rec->type = 0xee;
	for (size_t i = 0; i < n; i++)
		b[i] = bulk8(r);
	rec->unknown.body = b;
	rec->unknown.body_len = n;
}

static void gen_record(struct fan_gen *g, struct reader *r, struct fo_record *rec)
{
	uint8_t pick = next8(r);

	memset(rec, 0, sizeof(*rec));
	/* Two picks in NR_KNOWN + 2 give an unknown type. */
	if (pick % (NR_KNOWN + 2) >= NR_KNOWN) {
		gen_unknown(g, r, rec);
	} else {
		rec->type = known_types[pick % (NR_KNOWN + 2)];
		if (fo_type_is_fid(rec->type))
			gen_handle(g, r, &rec->fid);
		if (fo_type_has_name(rec->type))
			gen_name(g, r, &rec->fid);
		gen_fixed(r, rec);
	}
	/*
	 * Now and then padding beyond the kernel's, as a newer kernel might
	 * add; not to unknown records, where padding is body.
	 */
	if (pick & 0x80 && fo_type_is_known(rec->type)) {
		rec->len = 0;
		rec->len = (uint16_t)(fo_record_size(rec) + (pick >> 4 & 7) * 4);
	}
}

static void gen_event(struct fan_gen *g, struct reader *r, size_t i)
{
	struct fo_event *ev = &g->events[i];
	uint8_t pick = next8(r);

	memset(ev, 0, sizeof(*ev));
	ev->vers = FANOTIFY_METADATA_VERSION;
	ev->mask = pick & 0x80 ? ((uint64_t)next32(r) << 32 | next32(r)) : FAN_FS_ERROR;
	ev->fd = pick & 0x40 ? (int32_t)next32(r) : FAN_NOFD;
	ev->pid = (int32_t)next32(r);
	ev->reserved = pick & 0x20 ? next8(r) : 0;
	ev->nr_records = (pick & 0x1f) % (FAN_GEN_MAX_RECORDS + 1);
	ev->records = g->records[i];
	for (size_t k = 0; k < ev->nr_records; k++)
		gen_record(g, r, &ev->records[k]);
}

void fan_gen_build(struct fan_gen *g, const uint8_t *data, size_t size)
{
	struct reader r = { data, size, 0, 0x9e3779b9u };
	size_t n;

	for (size_t i = 0; i < size; i++)
		r.seed = (r.seed ^ data[i]) * 0x01000193u;
	if (!r.seed)
		r.seed = 1;
	g->arena_used = 0;
	n = 1 + next8(&r) % FAN_GEN_MAX_EVENTS;
	for (size_t i = 0; i < n; i++)
		gen_event(g, &r, i);
	g->buf.nr_events = n;
	g->buf.events = g->events;
}

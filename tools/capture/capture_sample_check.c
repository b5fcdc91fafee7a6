// SPDX-License-Identifier: GPL-2.0
/*
 * The sample's output on a captured buffer: byte for byte the renderer's,
 * and, event by event, the lines that the manifest's values print as.
 * The lenient build is used: the sample reads events at 4-byte offsets
 * through 8-byte fields (a known finding), which kernel buffers do have.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fanotify.h>

#include "capture_check.h"
#include "fanotify_sample_tu.h"

#define EVENT_END	"---\n\n"

struct sample_text {
	char *sample;
	char *render;
	size_t cap;
};

static const char *get(const struct manifest *m, const char *ev, const char *key)
{
	char k[MANIFEST_KEY_MAX];

	snprintf(k, sizeof(k), "%s.%s", ev, key);
	return manifest_get(m, k);
}

/* The block must hold line (a whole line). */
static int has_line(const char *block, size_t block_len, const char *line,
		    const char *ev, char *why, size_t cap)
{
	size_t n = strlen(line);
	const char *p = block;

	while ((p = memmem(p, block_len - (size_t)(p - block), line, n))) {
		if ((p == block || p[-1] == '\n') && p[n] == '\n')
			return 0;
		p++;
	}
	snprintf(why, cap, "%s: the sample did not print \"%s\"", ev, line);
	return -1;
}

/* The handle as the sample prints it: "%hhx" per byte, no leading zeros. */
static void fh_line(const char *hex, char *out, size_t cap)
{
	size_t used = (size_t)snprintf(out, cap, "\tfh: ");
	unsigned int byte;

	for (; hex[0] && hex[1] && used < cap; hex += 2) {
		sscanf(hex, "%2x", &byte);
		used += (size_t)snprintf(out + used, cap - used, "%x", byte);
	}
}

static int fid_lines(const struct manifest *m, const char *ev, const char *block,
		     size_t blen, char *why, size_t cap)
{
	const char *fsid = get(m, ev, "fid.fsid"), *ino = get(m, ev, "fid.ino");
	const char *hex = get(m, ev, "fid.handle"), *type = get(m, ev, "fid.handle_type");
	unsigned int f0 = 0, f1 = 0;
	char line[512];

	if (!fsid || !hex || !type || sscanf(fsid, "0x%x,0x%x", &f0, &f1) != 2) {
		snprintf(why, cap, "%s: manifest has no whole FID record", ev);
		return -1;
	}
	snprintf(line, sizeof(line), "\tfsid: %x%x", f0, f1);
	if (has_line(block, blen, line, ev, why, cap))
		return -1;
	fh_line(hex, line, sizeof(line));
	if (has_line(block, blen, line, ev, why, cap))
		return -1;
	if (ino)
		snprintf(line, sizeof(line), "\tdecoded fh: inode=%s gen=%s", ino,
			 get(m, ev, "fid.gen"));
	else if (!strcmp(type, "255") && !strcmp(hex, ""))
		snprintf(line, sizeof(line), "\tdecoded fh: Type 255 (Superblock error)");
	else
		snprintf(line, sizeof(line), "\tdecoded fh: Type %s (Unknown)", type);
	return has_line(block, blen, line, ev, why, cap);
}

static int error_event_lines(const struct manifest *m, const char *ev,
			     const char *block, size_t blen, char *why, size_t cap)
{
	const char *error = get(m, ev, "error.error"), *count = get(m, ev, "error.error_count");
	char line[256];

	snprintf(line, sizeof(line), "FAN_FS_ERROR (len=%s)", get(m, ev, "len"));
	if (has_line(block, blen, line, ev, why, cap))
		return -1;
	if (error) {
		snprintf(line, sizeof(line), "\terror: %s", error);
		if (has_line(block, blen, line, ev, why, cap))
			return -1;
		snprintf(line, sizeof(line), "\terror_count: %s", count);
		if (has_line(block, blen, line, ev, why, cap))
			return -1;
	}
	return get(m, ev, "fid.fsid") ? fid_lines(m, ev, block, blen, why, cap) : 0;
}

static int event_lines(const struct manifest *m, unsigned int idx, const char *block,
		       size_t blen, char *why, size_t cap)
{
	const char *mask, *fd;
	char ev[32], line[128];

	snprintf(ev, sizeof(ev), "event.%u", idx);
	mask = get(m, ev, "mask");
	fd = get(m, ev, "fd");
	if (!mask || !fd) {
		snprintf(why, cap, "%s: manifest lacks mask or fd", ev);
		return -1;
	}
	if (strtoull(mask, NULL, 0) != FAN_FS_ERROR) {
		snprintf(line, sizeof(line), "unexpected FAN MARK: %llx", strtoull(mask, NULL, 0));
		return has_line(block, blen, line, ev, why, cap);
	}
	if (strcmp(fd, "-1"))
		return has_line(block, blen, "Unexpected fd (!= FAN_NOFD)", ev, why, cap);
	return error_event_lines(m, ev, block, blen, why, cap);
}

/* Event by event: the sample ends each with "---\n\n". */
static int manifest_lines(const struct manifest *m, const char *out, char *why, size_t cap)
{
	long long events;
	unsigned int i;
	const char *end;

	if (manifest_get_int(m, "events", &events)) {
		snprintf(why, cap, "manifest lacks events=");
		return -1;
	}
	for (i = 0; i < events; i++, out = end + strlen(EVENT_END)) {
		end = strstr(out, EVENT_END);
		if (!end) {
			snprintf(why, cap, "the sample printed %u events, the manifest says %lld", i, events);
			return -1;
		}
		if (event_lines(m, i, out, (size_t)(end - out), why, cap))
			return -1;
	}
	if (*out) {
		snprintf(why, cap, "the sample printed more than %lld events", events);
		return -1;
	}
	return 0;
}

static int compare_outputs(const struct fo_buffer *b, const struct manifest *m,
			   const uint8_t *buf, size_t len, struct sample_text *t,
			   char *why, size_t cap)
{
	long n = sample_handle_lenient(buf, len, t->sample, t->cap);
	size_t r;

	if (n < 0 || (size_t)n >= t->cap) {
		snprintf(why, cap, "the sample ran away or printed too much (%ld)", n);
		return -1;
	}
	r = fo_render(b, t->render, t->cap);
	if (r != (size_t)n || memcmp(t->sample, t->render, r)) {
		snprintf(why, cap, "the sample's output differs from the renderer's (%ld and %zu bytes)", n, r);
		return -1;
	}
	return manifest_lines(m, t->sample, why, cap);
}

int capture_check_sample(const struct fo_buffer *b, const struct manifest *expect,
			 const uint8_t *buf, size_t len, char *why, size_t cap)
{
	struct sample_text t = { NULL, NULL, 64 * len + 4096 };
	int ret = -1;

	t.sample = malloc(t.cap);
	t.render = malloc(t.cap);
	if (t.sample && t.render)
		ret = compare_outputs(b, expect, buf, len, &t, why, cap);
	else
		snprintf(why, cap, "out of memory");
	free(t.sample);
	free(t.render);
	return ret;
}

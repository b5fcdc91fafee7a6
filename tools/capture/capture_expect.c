// SPDX-License-Identifier: GPL-2.0
/*
 * Expectations of a capture, written as the trigger acts. Record sizes
 * follow the uapi structs and the kernel's 4-byte record alignment
 * (FANOTIFY_EVENT_ALIGN), so a layout change shows up as a length mismatch.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/fanotify.h>
#include <unistd.h>

#include "capture_scenario.h"

#define ALIGN4(x)	(((x) + 3u) & ~3u)

static char prefix_buf[64];

static const char *event_prefix(unsigned int idx)
{
	snprintf(prefix_buf, sizeof(prefix_buf), "event.%u", idx);
	return prefix_buf;
}

const char *capture_path(const struct capture_ctx *ctx, const char *rel)
{
	static char path[4096];

	snprintf(path, sizeof(path), "%s/%s", ctx->mnt, rel);
	return path;
}

int expect_event(struct capture_ctx *ctx, uint64_t mask)
{
	unsigned int idx = ctx->nevents;
	const char *p = event_prefix(idx);

	if (idx == CAPTURE_MAX_EVENTS) {
		snprintf(ctx->err, sizeof(ctx->err), "more than %d events expected", CAPTURE_MAX_EVENTS);
		return -1;
	}
	ctx->nevents++;
	ctx->event_len[idx] = FAN_EVENT_METADATA_LEN;
	ctx->records[idx][0] = '\0';
	manifest_setf(ctx->expect, p, "mask", "0x%llx", (unsigned long long)mask);
	manifest_setf(ctx->expect, p, "vers", "%d", FANOTIFY_METADATA_VERSION);
	manifest_setf(ctx->expect, p, "metadata_len", "%d", (int)FAN_EVENT_METADATA_LEN);
	/* FID groups never open the object. */
	manifest_setf(ctx->expect, p, "fd", "%d", FAN_NOFD);
	manifest_setf(ctx->expect, p, "pid", "%d", (int)getpid());
	return 0;
}

/* Count a record into the last event; returns its key prefix (static buffer). */
static const char *add_record(struct capture_ctx *ctx, const char *type, uint32_t len)
{
	static char prefix[96];
	unsigned int idx = ctx->nevents - 1;
	char *list = ctx->records[idx];

	ctx->event_len[idx] += ALIGN4(len);
	snprintf(list + strlen(list), sizeof(ctx->records[idx]) - strlen(list),
		 "%s%s", *list ? "," : "", type);
	snprintf(prefix, sizeof(prefix), "event.%u.%s", idx, type);
	return prefix;
}

static uint32_t fid_record_len(const struct capture_fid *fid, const char *name)
{
	uint32_t len = sizeof(struct fanotify_event_info_fid) +
		       sizeof(struct file_handle) + fid->handle_bytes;

	return name ? len + strlen(name) + 1 : len;
}

static void write_fid_record(struct capture_ctx *ctx, const char *type,
			     const struct capture_fid *fid, const char *name)
{
	const char *p = add_record(ctx, type, fid_record_len(fid, name));

	capture_fid_write(ctx->expect, p, fid);
	if (name)
		manifest_setf(ctx->expect, p, "name", "%s", name);
}

int expect_fid_record(struct capture_ctx *ctx, const char *type,
		      const char *path, const char *name)
{
	struct capture_fid fid;

	if (capture_fid_of_path(&fid, path, ctx->err, sizeof(ctx->err)))
		return -1;
	write_fid_record(ctx, type, &fid, name);
	return 0;
}

int expect_saved_fid_record(struct capture_ctx *ctx, const char *type,
			    const char *saved)
{
	long long bytes;
	char key[96];
	const char *p;

	snprintf(key, sizeof(key), "%s.handle_bytes", saved);
	if (!ctx->state || manifest_get_int(ctx->state, key, &bytes) || bytes < 0) {
		snprintf(ctx->err, sizeof(ctx->err), "no saved FID '%s' (run save-fids first)", saved);
		return -1;
	}
	p = add_record(ctx, type, sizeof(struct fanotify_event_info_fid) +
		       sizeof(struct file_handle) + (uint32_t)bytes);
	manifest_copy_prefix(ctx->expect, p, ctx->state, saved);
	return 0;
}

int expect_sb_fid_record(struct capture_ctx *ctx)
{
	struct capture_fid fid;

	if (capture_fid_of_sb(&fid, ctx->mnt, ctx->err, sizeof(ctx->err)))
		return -1;
	write_fid_record(ctx, "fid", &fid, NULL);
	return 0;
}

int expect_error_record(struct capture_ctx *ctx, int error, uint32_t count)
{
	const char *p = add_record(ctx, "error", sizeof(struct fanotify_event_info_error));

	manifest_setf(ctx->expect, p, "error", "%d", error);
	manifest_setf(ctx->expect, p, "error_count", "%u", count);
	return 0;
}

int expect_pidfd_record(struct capture_ctx *ctx)
{
	add_record(ctx, "pidfd", sizeof(struct fanotify_event_info_pidfd));
	ctx->has_pidfd[ctx->nevents - 1] = 1;
	return 0;
}

void expect_finish(struct capture_ctx *ctx, uint32_t *total_len)
{
	unsigned int i;

	*total_len = 0;
	manifest_setf(ctx->expect, "", "events", "%u", ctx->nevents);
	for (i = 0; i < ctx->nevents; i++) {
		const char *p = event_prefix(i);

		manifest_setf(ctx->expect, p, "len", "%u", ctx->event_len[i]);
		manifest_setf(ctx->expect, p, "records", "%s", ctx->records[i]);
		*total_len += ctx->event_len[i];
	}
	manifest_setf(ctx->expect, "", "bytes", "%u", *total_len);
}

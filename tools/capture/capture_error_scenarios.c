// SPDX-License-Identifier: GPL-2.0
/*
 * FAN_FS_ERROR scenarios, after fanotify-capture.sh corrupted the image
 * offline (as LTP's fanotify22 does): errors/bad_dir got inode mode 0xff and
 * errors/bad_link is a link to inode 1, the bad-blocks inode. Their FIDs
 * were saved before the corruption, under "base" and "bad_dir".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/mount.h>
#include <unistd.h>

#include "capture_scenario.h"

#define EFSCORRUPTED	EUCLEAN

/* Open a corrupted entry: it must fail with EFSCORRUPTED. */
static int bad_lookup(struct capture_ctx *ctx, const char *rel)
{
	int fd = open(capture_path(ctx, rel), O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		snprintf(ctx->err, sizeof(ctx->err), "open %s succeeded: the image is not corrupted", rel);
		return -1;
	}
	if (errno != EFSCORRUPTED) {
		snprintf(ctx->err, sizeof(ctx->err), "open %s: %s, expected EFSCORRUPTED", rel, strerror(errno));
		return -1;
	}
	return 0;
}

static int abort_fs(struct capture_ctx *ctx)
{
	if (mount(NULL, ctx->mnt, "ext4", MS_REMOUNT | MS_RDONLY, "abort")) {
		snprintf(ctx->err, sizeof(ctx->err), "remount,abort %s: %s", ctx->mnt, strerror(errno));
		return -1;
	}
	return 0;
}

/* One error event: the first error and its object; later ones only count. */
static int error_event(struct capture_ctx *ctx, int error, uint32_t count,
		       const char *saved)
{
	if (expect_event(ctx, FAN_FS_ERROR) || expect_error_record(ctx, error, count))
		return -1;
	if (!saved)
		return expect_sb_fid_record(ctx);
	return expect_saved_fid_record(ctx, "fid", saved);
}

static int trig_lookup(struct capture_ctx *ctx)
{
	if (bad_lookup(ctx, "errors/bad_dir"))
		return -1;
	return error_event(ctx, EFSCORRUPTED, 1, "bad_dir");
}

/* The link's error names the directory holding it. */
static int trig_multi(struct capture_ctx *ctx)
{
	if (bad_lookup(ctx, "errors/bad_link") || bad_lookup(ctx, "errors/bad_dir"))
		return -1;
	return error_event(ctx, EFSCORRUPTED, 2, "base");
}

static int trig_abort(struct capture_ctx *ctx)
{
	if (abort_fs(ctx))
		return -1;
	return error_event(ctx, ESHUTDOWN, 1, NULL);
}

static int trig_lookup_abort(struct capture_ctx *ctx)
{
	if (bad_lookup(ctx, "errors/bad_dir") || abort_fs(ctx))
		return -1;
	return error_event(ctx, EFSCORRUPTED, 2, "bad_dir");
}

const struct capture_scenario capture_error_scenarios[] = {
	{ "error-lookup", CAPTURE_ERROR,
	  "open() of a directory whose inode mode debugfs set to 0xff",
	  FAN_REPORT_FID, FAN_FS_ERROR, NULL, trig_lookup },
	{ "error-multi", CAPTURE_ERROR,
	  "open() of a link to inode 1, then of the bad-mode directory, one read",
	  FAN_REPORT_FID, FAN_FS_ERROR, NULL, trig_multi },
	{ "error-abort", CAPTURE_ERROR, "mount -o remount,abort",
	  FAN_REPORT_FID, FAN_FS_ERROR, NULL, trig_abort },
	{ "error-lookup-abort", CAPTURE_ERROR,
	  "open() of the bad-mode directory, then remount,abort, one read",
	  FAN_REPORT_FID, FAN_FS_ERROR, NULL, trig_lookup_abort },
};

const unsigned int capture_error_scenario_count =
	sizeof(capture_error_scenarios) / sizeof(capture_error_scenarios[0]);

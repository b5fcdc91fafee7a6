// SPDX-License-Identifier: GPL-2.0
/*
 * Scenarios of ordinary events in FID mode: dirent events with FID, DFID,
 * DFID_NAME, the rename pair, the target FID and PIDFD records. Each works
 * in its own directory of the scratch filesystem so none sees another.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture_scenario.h"

static int fail(struct capture_ctx *ctx, const char *what, const char *rel)
{
	snprintf(ctx->err, sizeof(ctx->err), "%s %s: %s", what, rel, strerror(errno));
	return -1;
}

static int make_dir(struct capture_ctx *ctx, const char *rel)
{
	if (mkdir(capture_path(ctx, rel), 0755) && errno != EEXIST)
		return fail(ctx, "mkdir", rel);
	return 0;
}

static int make_file(struct capture_ctx *ctx, const char *rel)
{
	int fd = open(capture_path(ctx, rel), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0)
		return fail(ctx, "create", rel);
	close(fd);
	return 0;
}

/* The FID record of the directory rel, with an entry name or none. */
static int dir_record(struct capture_ctx *ctx, const char *type,
		      const char *rel, const char *name)
{
	return expect_fid_record(ctx, type, capture_path(ctx, rel), name);
}

static int prep_fid_create(struct capture_ctx *ctx)
{
	return make_dir(ctx, "fid-create");
}

/* FAN_REPORT_FID alone: a dirent event names the directory, no name. */
static int trig_fid_create(struct capture_ctx *ctx)
{
	if (make_file(ctx, "fid-create/new") || expect_event(ctx, FAN_CREATE))
		return -1;
	return dir_record(ctx, "fid", "fid-create", NULL);
}

static int prep_dirents(struct capture_ctx *ctx)
{
	return make_dir(ctx, "dirents") || make_file(ctx, "dirents/old-file") ||
	       make_dir(ctx, "dirents/old-dir");
}

static int dirent_event(struct capture_ctx *ctx, uint64_t mask, const char *name)
{
	if (expect_event(ctx, mask))
		return -1;
	return dir_record(ctx, "dfid_name", "dirents", name);
}

/* Four events in one read, names distinct so that none merges. */
static int trig_dirents(struct capture_ctx *ctx)
{
	if (make_file(ctx, "dirents/new-file") ||
	    dirent_event(ctx, FAN_CREATE, "new-file"))
		return -1;
	if (make_dir(ctx, "dirents/new-dir") ||
	    dirent_event(ctx, FAN_CREATE | FAN_ONDIR, "new-dir"))
		return -1;
	if (unlink(capture_path(ctx, "dirents/old-file")))
		return fail(ctx, "unlink", "dirents/old-file");
	if (dirent_event(ctx, FAN_DELETE, "old-file"))
		return -1;
	if (rmdir(capture_path(ctx, "dirents/old-dir")))
		return fail(ctx, "rmdir", "dirents/old-dir");
	return dirent_event(ctx, FAN_DELETE | FAN_ONDIR, "old-dir");
}

static int prep_names(struct capture_ctx *ctx)
{
	return make_dir(ctx, "names");
}

/* Names of 1 to 9 bytes: every padding of a DFID_NAME record. */
static int trig_names(struct capture_ctx *ctx)
{
	char rel[64], name[16];
	int len;

	for (len = 1; len <= 9; len++) {
		memset(name, 'a' + len - 1, len);
		name[len] = '\0';
		snprintf(rel, sizeof(rel), "names/%s", name);
		if (make_file(ctx, rel) || expect_event(ctx, FAN_CREATE) ||
		    dir_record(ctx, "dfid_name", "names", name))
			return -1;
	}
	return 0;
}

static int prep_modify(struct capture_ctx *ctx)
{
	return make_dir(ctx, "modify") || make_file(ctx, "modify/data");
}

static int write_data(struct capture_ctx *ctx)
{
	int fd = open(capture_path(ctx, "modify/data"), O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return fail(ctx, "open", "modify/data");
	if (write(fd, "x", 1) != 1) {
		close(fd);
		return fail(ctx, "write", "modify/data");
	}
	close(fd);
	return 0;
}

/* DFID_NAME and FID: the parent with the name, then the file itself. */
static int trig_dfid_name_fid(struct capture_ctx *ctx)
{
	if (write_data(ctx) || expect_event(ctx, FAN_MODIFY) ||
	    dir_record(ctx, "dfid_name", "modify", "data"))
		return -1;
	return expect_fid_record(ctx, "fid", capture_path(ctx, "modify/data"), NULL);
}

/*
 * FAN_REPORT_DIR_FID alone, event on a file: the kernel reports the parent,
 * but in a record of type FID, not DFID (copy_info_records_to_user() keeps
 * DFID for dirent events and events on directories).
 */
static int trig_dir_fid_modify(struct capture_ctx *ctx)
{
	if (write_data(ctx) || expect_event(ctx, FAN_MODIFY))
		return -1;
	return dir_record(ctx, "fid", "modify", NULL);
}

static int prep_dfid_create(struct capture_ctx *ctx)
{
	return make_dir(ctx, "dfid-create");
}

/* FAN_REPORT_DIR_FID alone, dirent event: a DFID record, no name. */
static int trig_dfid_create(struct capture_ctx *ctx)
{
	if (make_file(ctx, "dfid-create/new") || expect_event(ctx, FAN_CREATE))
		return -1;
	return dir_record(ctx, "dfid", "dfid-create", NULL);
}

static int prep_delete_self(struct capture_ctx *ctx)
{
	return make_dir(ctx, "delete-self") || make_file(ctx, "delete-self/doomed");
}

/* FAN_DELETE_SELF: the FID of the unlinked file, learnt before the unlink. */
static int trig_delete_self(struct capture_ctx *ctx)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s", capture_path(ctx, "delete-self/doomed"));
	if (expect_event(ctx, FAN_DELETE_SELF) ||
	    expect_fid_record(ctx, "fid", path, NULL))
		return -1;
	if (unlink(path))
		return fail(ctx, "unlink", "delete-self/doomed");
	return 0;
}

static int prep_target(struct capture_ctx *ctx)
{
	return make_dir(ctx, "target");
}

/* FAN_REPORT_TARGET_FID: a create also names the new child. */
static int trig_target(struct capture_ctx *ctx)
{
	if (make_file(ctx, "target/child") || expect_event(ctx, FAN_CREATE) ||
	    dir_record(ctx, "dfid_name", "target", "child"))
		return -1;
	return expect_fid_record(ctx, "fid", capture_path(ctx, "target/child"), NULL);
}

static int prep_rename(struct capture_ctx *ctx)
{
	return make_dir(ctx, "rename") || make_dir(ctx, "rename/from") ||
	       make_dir(ctx, "rename/to") || make_file(ctx, "rename/from/old-name");
}

/* FAN_RENAME: one event with the old and the new directory and name. */
static int trig_rename(struct capture_ctx *ctx)
{
	char from[4096];

	/* capture_path() returns one static buffer: copy the first. */
	snprintf(from, sizeof(from), "%s", capture_path(ctx, "rename/from/old-name"));
	if (rename(from, capture_path(ctx, "rename/to/new-name")))
		return fail(ctx, "rename", "rename/from/old-name");
	if (expect_event(ctx, FAN_RENAME) ||
	    dir_record(ctx, "old_dfid_name", "rename/from", "old-name"))
		return -1;
	return dir_record(ctx, "new_dfid_name", "rename/to", "new-name");
}

static int prep_pidfd(struct capture_ctx *ctx)
{
	return make_dir(ctx, "pidfd");
}

static int trig_pidfd(struct capture_ctx *ctx)
{
	if (make_file(ctx, "pidfd/new") || expect_event(ctx, FAN_CREATE) ||
	    dir_record(ctx, "dfid_name", "pidfd", "new"))
		return -1;
	return expect_pidfd_record(ctx);
}

const struct capture_scenario capture_event_scenarios[] = {
	{ "fid-create", CAPTURE_EVENT, "creat() of a file, FAN_REPORT_FID",
	  FAN_REPORT_FID, FAN_CREATE, prep_fid_create, trig_fid_create },
	{ "fid-delete-self", CAPTURE_EVENT, "unlink() of a file, FAN_REPORT_FID",
	  FAN_REPORT_FID, FAN_DELETE_SELF, prep_delete_self, trig_delete_self },
	{ "dfid-name-dirents", CAPTURE_EVENT,
	  "creat, mkdir, unlink, rmdir in one directory, FAN_REPORT_DFID_NAME",
	  FAN_REPORT_DFID_NAME, FAN_CREATE | FAN_DELETE | FAN_ONDIR,
	  prep_dirents, trig_dirents },
	{ "dfid-name-lengths", CAPTURE_EVENT,
	  "creat() of files named with 1 to 9 bytes, FAN_REPORT_DFID_NAME",
	  FAN_REPORT_DFID_NAME, FAN_CREATE, prep_names, trig_names },
	{ "dfid-name-fid-modify", CAPTURE_EVENT,
	  "write() to a file, FAN_REPORT_DFID_NAME|FAN_REPORT_FID",
	  FAN_REPORT_DFID_NAME | FAN_REPORT_FID, FAN_MODIFY, prep_modify,
	  trig_dfid_name_fid },
	{ "dir-fid-modify", CAPTURE_EVENT, "write() to a file, FAN_REPORT_DIR_FID",
	  FAN_REPORT_DIR_FID, FAN_MODIFY, prep_modify, trig_dir_fid_modify },
	{ "dfid-create", CAPTURE_EVENT, "creat() of a file, FAN_REPORT_DIR_FID",
	  FAN_REPORT_DIR_FID, FAN_CREATE, prep_dfid_create, trig_dfid_create },
	{ "target-fid-create", CAPTURE_EVENT,
	  "creat() of a file, FAN_REPORT_DFID_NAME_TARGET",
	  FAN_REPORT_DFID_NAME_TARGET, FAN_CREATE, prep_target, trig_target },
	{ "rename", CAPTURE_EVENT,
	  "rename() across directories, FAN_RENAME with FAN_REPORT_DFID_NAME",
	  FAN_REPORT_DFID_NAME, FAN_RENAME, prep_rename, trig_rename },
	{ "pidfd-create", CAPTURE_EVENT,
	  "creat() of a file, FAN_REPORT_DFID_NAME|FAN_REPORT_PIDFD",
	  FAN_REPORT_DFID_NAME | FAN_REPORT_PIDFD, FAN_CREATE, prep_pidfd,
	  trig_pidfd },
};

const unsigned int capture_event_scenario_count =
	sizeof(capture_event_scenarios) / sizeof(capture_event_scenarios[0]);

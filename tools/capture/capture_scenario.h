/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One capture scenario: a fanotify group, a filesystem mark, a trigger, and
 * the expectations the trigger writes down as it goes (what the buffer the
 * kernel hands back must decode to), learnt without reading that buffer.
 */
#ifndef CAPTURE_SCENARIO_H
#define CAPTURE_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "capture_fid.h"
#include "capture_manifest.h"

#define CAPTURE_MAX_EVENTS	16
#define CAPTURE_ERRLEN		512

struct capture_ctx {
	const char *mnt;		/* mount point of the scratch filesystem */
	const struct manifest *state;	/* FIDs saved before corruption */
	struct manifest *expect;
	unsigned int nevents;
	uint32_t event_len[CAPTURE_MAX_EVENTS];
	char records[CAPTURE_MAX_EVENTS][128];
	/* Events with a PIDFD record: the read installs their pidfds in order. */
	uint8_t has_pidfd[CAPTURE_MAX_EVENTS];
	char err[CAPTURE_ERRLEN];
};

enum capture_kind { CAPTURE_EVENT, CAPTURE_ERROR };

struct capture_scenario {
	const char *name;
	enum capture_kind kind;
	const char *trigger;		/* what happens, for the manifest */
	unsigned int init_flags;
	uint64_t mask;
	/* Before the mark: make what the trigger needs; may be NULL. */
	int (*prepare)(struct capture_ctx *ctx);
	/* After the mark: act, and write the expectations down. */
	int (*trigger_fn)(struct capture_ctx *ctx);
};

extern const struct capture_scenario capture_event_scenarios[];
extern const unsigned int capture_event_scenario_count;
extern const struct capture_scenario capture_error_scenarios[];
extern const unsigned int capture_error_scenario_count;

/* Expectation helpers (capture_expect.c); each returns 0 or -1 with ctx->err. */
int expect_event(struct capture_ctx *ctx, uint64_t mask);
/* A FID, DFID or *_DFID_NAME record of the last event; name may be NULL. */
int expect_fid_record(struct capture_ctx *ctx, const char *type,
		      const char *path, const char *name);
/* The same, from FIDs saved in ctx->state under key prefix saved. */
int expect_saved_fid_record(struct capture_ctx *ctx, const char *type,
			    const char *saved);
int expect_sb_fid_record(struct capture_ctx *ctx);
int expect_error_record(struct capture_ctx *ctx, int error, uint32_t count);
int expect_pidfd_record(struct capture_ctx *ctx);
/* Close the expectations: lengths and record lists of every event. */
void expect_finish(struct capture_ctx *ctx, uint32_t *total_len);

/* Path under the mount point. */
const char *capture_path(const struct capture_ctx *ctx, const char *rel);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a FID record must say about an object, learnt without fanotify:
 * fsid from statfs(), the handle from name_to_handle_at(), and for ext4's
 * FILEID_INO32_GEN handles the inode and generation, checked against
 * stat() and FS_IOC_GETVERSION.
 */
#ifndef CAPTURE_FID_H
#define CAPTURE_FID_H

#include <stdint.h>

#include "capture_manifest.h"

#define CAPTURE_HANDLE_MAX	128	/* MAX_HANDLE_SZ */
#define CAPTURE_FILEID_INO32_GEN	1
#define CAPTURE_FILEID_INVALID	0xff

struct capture_fid {
	int32_t fsid[2];
	uint32_t handle_bytes;
	int32_t handle_type;
	uint8_t handle[CAPTURE_HANDLE_MAX];
	/* Set for FILEID_INO32_GEN handles only. */
	int has_inode;
	uint32_t ino;
	uint32_t gen;
};

/* 0, or -1 with a one-line reason in err. */
int capture_fid_of_path(struct capture_fid *fid, const char *path,
			char *err, size_t errlen);
/* The superblock's own FID in FAN_FS_ERROR: the fsid, an empty invalid handle. */
int capture_fid_of_sb(struct capture_fid *fid, const char *path,
		      char *err, size_t errlen);
/* Write prefix.fsid, .handle_type, .handle_bytes, .handle and .ino, .gen. */
void capture_fid_write(struct manifest *m, const char *prefix,
		       const struct capture_fid *fid);

#endif

// SPDX-License-Identifier: GPL-2.0
/* Expected FID records, learnt from statfs, name_to_handle_at, stat, ioctl. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "capture_fid.h"

/* <linux/fs.h> is shadowed by the kernel stand-ins; this is its value. */
#define CAPTURE_FS_IOC_GETVERSION	_IOR('v', 1, long)

static int fsid_of(struct capture_fid *fid, const char *path, char *err, size_t errlen)
{
	struct statfs sfs;

	if (statfs(path, &sfs)) {
		snprintf(err, errlen, "statfs %s: %s", path, strerror(errno));
		return -1;
	}
	memcpy(fid->fsid, &sfs.f_fsid, sizeof(fid->fsid));
	return 0;
}

/* The generation as the filesystem keeps it, to cross-check the handle. */
static int generation_of(const char *path, uint32_t *gen, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
	int g = 0, ret = -1;

	if (fd < 0) {
		snprintf(err, errlen, "open %s: %s", path, strerror(errno));
		return -1;
	}
	if (ioctl(fd, CAPTURE_FS_IOC_GETVERSION, &g)) {
		snprintf(err, errlen, "FS_IOC_GETVERSION %s: %s", path, strerror(errno));
		goto out;
	}
	*gen = (uint32_t)g;
	ret = 0;
out:
	close(fd);
	return ret;
}

/* ext4's FILEID_INO32_GEN handle is { u32 ino, u32 gen }: check both. */
static int decode_ino32_gen(struct capture_fid *fid, const char *path,
			    char *err, size_t errlen)
{
	uint32_t gen;
	struct stat st;

	if (fid->handle_type != CAPTURE_FILEID_INO32_GEN || fid->handle_bytes != 8)
		return 0;
	memcpy(&fid->ino, fid->handle, 4);
	memcpy(&fid->gen, fid->handle + 4, 4);
	if (lstat(path, &st) || generation_of(path, &gen, err, errlen)) {
		if (!*err)
			snprintf(err, errlen, "stat %s: %s", path, strerror(errno));
		return -1;
	}
	if (st.st_ino != fid->ino || gen != fid->gen) {
		snprintf(err, errlen, "%s: handle says inode %u gen %u, stat and FS_IOC_GETVERSION say %llu and %u",
			 path, fid->ino, fid->gen, (unsigned long long)st.st_ino, gen);
		return -1;
	}
	fid->has_inode = 1;
	return 0;
}

int capture_fid_of_path(struct capture_fid *fid, const char *path,
			char *err, size_t errlen)
{
	union {
		struct file_handle fh;
		char space[sizeof(struct file_handle) + CAPTURE_HANDLE_MAX];
	} h;
	int mount_id;

	memset(fid, 0, sizeof(*fid));
	*err = '\0';
	if (fsid_of(fid, path, err, errlen))
		return -1;
	h.fh.handle_bytes = CAPTURE_HANDLE_MAX;
	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mount_id, 0)) {
		snprintf(err, errlen, "name_to_handle_at %s: %s", path, strerror(errno));
		return -1;
	}
	fid->handle_bytes = h.fh.handle_bytes;
	fid->handle_type = h.fh.handle_type;
	memcpy(fid->handle, h.fh.f_handle, h.fh.handle_bytes);
	return decode_ino32_gen(fid, path, err, errlen);
}

int capture_fid_of_sb(struct capture_fid *fid, const char *path,
		      char *err, size_t errlen)
{
	memset(fid, 0, sizeof(*fid));
	fid->handle_type = CAPTURE_FILEID_INVALID;
	return fsid_of(fid, path, err, errlen);
}

void capture_fid_write(struct manifest *m, const char *prefix,
		       const struct capture_fid *fid)
{
	char hex[2 * CAPTURE_HANDLE_MAX + 1];

	manifest_hex(hex, fid->handle, fid->handle_bytes);
	manifest_setf(m, prefix, "fsid", "0x%08x,0x%08x",
		      (uint32_t)fid->fsid[0], (uint32_t)fid->fsid[1]);
	manifest_setf(m, prefix, "handle_type", "%d", fid->handle_type);
	manifest_setf(m, prefix, "handle_bytes", "%u", fid->handle_bytes);
	manifest_setf(m, prefix, "handle", "%s", hex);
	if (!fid->has_inode)
		return;
	manifest_setf(m, prefix, "ino", "%u", fid->ino);
	manifest_setf(m, prefix, "gen", "%u", fid->gen);
}

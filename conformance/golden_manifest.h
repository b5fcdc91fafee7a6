/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The golden vectors' manifest, conformance/golden/must-decode.sha256:
 * sha256sum's format, "<64 lower-case hex>  must-decode/<name>.zst", where
 * the digest is of the vector's decoded output. '#' lines are comments.
 */
#ifndef GOLDEN_MANIFEST_H
#define GOLDEN_MANIFEST_H

#include <stddef.h>

#define GOLDEN_PATH_MAX 200

struct golden_entry {
	char sha256[65];
	char path[GOLDEN_PATH_MAX];	/* relative to the golden folder */
};

/* 1: e filled; 0: blank or comment; -1: malformed, err says why. */
int golden_manifest_parse(const char *line, struct golden_entry *e, char *err, size_t errlen);
/* Every entry of path, no path twice; 0, or -1 with err ("path:line: why"). */
int golden_manifest_load(const char *path, struct golden_entry *e, size_t cap, size_t *count,
			 char *err, size_t errlen);
/* The whole file, malloc'ed (NUL-terminated past *len); NULL with errno set. */
unsigned char *golden_read_file(const char *path, size_t *len);

#endif

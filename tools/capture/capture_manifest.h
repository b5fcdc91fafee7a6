/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Manifests of captured fanotify buffers: "key=value" lines, '#' comments.
 * The capture tool builds one and saves it write-then-rename; the
 * conformance test loads it and looks keys up.
 */
#ifndef CAPTURE_MANIFEST_H
#define CAPTURE_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MANIFEST_MAX_KEYS	512
#define MANIFEST_KEY_MAX	64
#define MANIFEST_VALUE_MAX	512

struct manifest_entry {
	char key[MANIFEST_KEY_MAX];
	char value[MANIFEST_VALUE_MAX];
};

struct manifest {
	unsigned int count;
	bool overflow;		/* a key or value did not fit: unusable */
	struct manifest_entry entry[MANIFEST_MAX_KEYS];
};

void manifest_init(struct manifest *m);
/* Set "prefix.field" (just field when prefix is empty) to a formatted value. */
void manifest_setf(struct manifest *m, const char *prefix, const char *field,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
const char *manifest_get(const struct manifest *m, const char *key);
/* Parse the value of key as an integer (any base strtoll accepts). */
int manifest_get_int(const struct manifest *m, const char *key, long long *out);

/* Copy every "from.X" of src to "to.X" of dst; the number copied. */
unsigned int manifest_copy_prefix(struct manifest *dst, const char *to,
				  const struct manifest *src, const char *from);

/* 0, or -1 with errno; the file appears whole or not at all. */
int manifest_save(const struct manifest *m, const char *path);
/* 0, or -1 with a one-line reason in err. */
int manifest_load(struct manifest *m, const char *path, char *err, size_t errlen);

/* Lower-case hex of len bytes into out (2 * len + 1 bytes). */
void manifest_hex(char *out, const uint8_t *bytes, size_t len);

#endif

// SPDX-License-Identifier: GPL-2.0
/* key=value manifests of captured fanotify buffers. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "capture_manifest.h"

void manifest_init(struct manifest *m)
{
	m->count = 0;
	m->overflow = false;
}

static struct manifest_entry *find(const struct manifest *m, const char *key)
{
	unsigned int i;

	for (i = 0; i < m->count; i++)
		if (!strcmp(m->entry[i].key, key))
			return (struct manifest_entry *)&m->entry[i];
	return NULL;
}

static void set(struct manifest *m, const char *key, const char *value)
{
	struct manifest_entry *e = find(m, key);

	if (strlen(key) >= MANIFEST_KEY_MAX || strlen(value) >= MANIFEST_VALUE_MAX) {
		m->overflow = true;
		return;
	}
	if (!e) {
		if (m->count == MANIFEST_MAX_KEYS) {
			m->overflow = true;
			return;
		}
		e = &m->entry[m->count++];
		strcpy(e->key, key);
	}
	strcpy(e->value, value);
}

void manifest_setf(struct manifest *m, const char *prefix, const char *field,
		   const char *fmt, ...)
{
	char key[MANIFEST_KEY_MAX + 1], value[MANIFEST_VALUE_MAX + 1];
	va_list ap;

	snprintf(key, sizeof(key), "%s%s%s", prefix, *prefix ? "." : "", field);
	va_start(ap, fmt);
	vsnprintf(value, sizeof(value), fmt, ap);
	va_end(ap);
	set(m, key, value);
}

const char *manifest_get(const struct manifest *m, const char *key)
{
	const struct manifest_entry *e = find(m, key);

	return e ? e->value : NULL;
}

int manifest_get_int(const struct manifest *m, const char *key, long long *out)
{
	const char *v = manifest_get(m, key);
	char *end;

	if (!v || !*v)
		return -1;
	errno = 0;
	*out = strtoll(v, &end, 0);
	return (errno || *end) ? -1 : 0;
}

unsigned int manifest_copy_prefix(struct manifest *dst, const char *to,
				  const struct manifest *src, const char *from)
{
	size_t len = strlen(from);
	unsigned int i, copied = 0;

	for (i = 0; i < src->count; i++) {
		const struct manifest_entry *e = &src->entry[i];

		if (strncmp(e->key, from, len) || e->key[len] != '.')
			continue;
		manifest_setf(dst, to, e->key + len + 1, "%s", e->value);
		copied++;
	}
	return copied;
}

int manifest_save(const struct manifest *m, const char *path)
{
	char tmp[4096];
	unsigned int i;
	FILE *f;

	if (m->overflow) {
		errno = EOVERFLOW;
		return -1;
	}
	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid());
	f = fopen(tmp, "w");
	if (!f)
		return -1;
	fprintf(f, "# kzfuzz fanotify capture manifest: key=value, see corpus/fanotify-captures/README.md\n");
	for (i = 0; i < m->count; i++)
		fprintf(f, "%s=%s\n", m->entry[i].key, m->entry[i].value);
	if (fclose(f) || rename(tmp, path)) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

static int parse_line(struct manifest *m, char *line)
{
	char *eq;

	line[strcspn(line, "\n")] = '\0';
	if (!*line || *line == '#')
		return 0;
	eq = strchr(line, '=');
	if (!eq || eq == line)
		return -1;
	*eq = '\0';
	set(m, line, eq + 1);
	return m->overflow ? -1 : 0;
}

int manifest_load(struct manifest *m, const char *path, char *err, size_t errlen)
{
	char line[MANIFEST_KEY_MAX + MANIFEST_VALUE_MAX + 2];
	unsigned int lineno = 0;
	int ret = 0;
	FILE *f;

	manifest_init(m);
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if ((!strchr(line, '\n') && !feof(f)) || parse_line(m, line)) {
			snprintf(err, errlen, "%s:%u: not a key=value line, or too long", path, lineno);
			ret = -1;
			break;
		}
	}
	fclose(f);
	return ret;
}

void manifest_hex(char *out, const uint8_t *bytes, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		sprintf(out + 2 * i, "%02x", bytes[i]);
	out[2 * len] = '\0';
}

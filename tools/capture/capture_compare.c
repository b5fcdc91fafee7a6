// SPDX-License-Identifier: GPL-2.0
/*
 * Expected against decoded manifests, and the serializer against the
 * kernel's bytes. Records may come in any order (filesystem-monitoring.rst),
 * so record lists compare as sorted lists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture_check.h"

/* Keys that describe the buffer; the rest (kernel, trigger...) is context. */
static int describes_buffer(const char *key)
{
	return !strcmp(key, "events") || !strcmp(key, "bytes") ||
	       !strncmp(key, "event.", 6);
}

static int is_record_list(const char *key)
{
	size_t n = strlen(key);

	return n > 8 && !strcmp(key + n - 8, ".records");
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "b,a,c" to "a,b,c" in out. */
static void sort_list(const char *list, char *out, size_t cap)
{
	char copy[MANIFEST_VALUE_MAX], *item[64], *save = NULL, *tok;
	size_t n = 0, i, used = 0;

	snprintf(copy, sizeof(copy), "%s", list);
	for (tok = strtok_r(copy, ",", &save); tok && n < 64; tok = strtok_r(NULL, ",", &save))
		item[n++] = tok;
	qsort(item, n, sizeof(item[0]), cmp_str);
	out[0] = '\0';
	for (i = 0; i < n && used < cap; i++)
		used += (size_t)snprintf(out + used, cap - used, "%s%s", i ? "," : "", item[i]);
}

static int same_value(const char *key, const char *a, const char *b)
{
	char sa[MANIFEST_VALUE_MAX], sb[MANIFEST_VALUE_MAX];

	if (!is_record_list(key))
		return !strcmp(a, b);
	sort_list(a, sa, sizeof(sa));
	sort_list(b, sb, sizeof(sb));
	return !strcmp(sa, sb);
}

int capture_compare(const struct manifest *expect, const struct manifest *got,
		    char *why, size_t cap)
{
	unsigned int i;

	for (i = 0; i < expect->count; i++) {
		const struct manifest_entry *e = &expect->entry[i];
		const char *v = manifest_get(got, e->key);

		if (!describes_buffer(e->key))
			continue;
		if (!v) {
			snprintf(why, cap, "%s: expected %s, not in the buffer", e->key, e->value);
			return -1;
		}
		if (!same_value(e->key, e->value, v)) {
			snprintf(why, cap, "%s: expected %s, decoded %s", e->key, e->value, v);
			return -1;
		}
	}
	for (i = 0; i < got->count; i++) {
		if (!manifest_get(expect, got->entry[i].key)) {
			snprintf(why, cap, "%s=%s decoded, not in the manifest",
				 got->entry[i].key, got->entry[i].value);
			return -1;
		}
	}
	return 0;
}

int capture_check_serialized(const struct fo_buffer *b, const uint8_t *buf,
			     size_t len, char *why, size_t cap)
{
	uint8_t *out = malloc(len + 1);
	size_t n, i;
	int ret = -1;

	if (!out) {
		snprintf(why, cap, "out of memory");
		return -1;
	}
	n = fo_serialize(b, out, len + 1);
	if (n != len) {
		snprintf(why, cap, "serializer wrote %zu bytes, the kernel %zu", n, len);
		goto out;
	}
	for (i = 0; i < len && out[i] == buf[i]; i++)
		;
	if (i < len) {
		snprintf(why, cap, "serializer differs from the kernel at byte %zu: 0x%02x, kernel 0x%02x",
			 i, out[i], buf[i]);
		goto out;
	}
	ret = 0;
out:
	free(out);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * fanotify-decode FILE: the reference parser on a saved read() buffer, one
 * line per event and per record. Exit 0 well formed, 1 malformed (with
 * the parser's error), 2 unusable arguments or unreadable file.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fanotify.h>

#include "fanotify_parse.h"

static int read_file(const char *path, uint8_t **buf, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 0, n;
	uint8_t *p = NULL, *q;

	if (!f)
		return -1;
	*len = 0;
	do {
		if (*len == cap) {
			cap = cap ? cap * 2 : 65536;
			q = realloc(p, cap);
			if (!q)
				goto out_fail;
			p = q;
		}
		n = fread(p + *len, 1, cap - *len, f);
		*len += n;
	} while (n);
	if (ferror(f))
		goto out_fail;
	fclose(f);
	*buf = p;
	return 0;
out_fail:
	free(p);
	fclose(f);
	return -1;
}

static void print_bytes(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
}

/* A name as one printable token: other bytes as \xNN. */
static void print_name(const char *s, size_t n)
{
	putchar('"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c > 0x7e || c == '"' || c == '\\')
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void print_fid(const struct fo_record *rec)
{
	const struct fo_fid *fid = &rec->fid;

	printf(" fsid %08x:%08x handle_type %d handle_bytes %u handle ",
	       (unsigned int)fid->fsid[0], (unsigned int)fid->fsid[1], fid->handle_type,
	       fid->handle_bytes);
	print_bytes(fid->handle, fid->handle_bytes);
	if (fid->handle_type == FO_FILEID_INO32_GEN) {
		uint32_t h[2];

		memcpy(h, fid->handle, sizeof(h));
		printf(" ino %u gen %u", h[0], h[1]);
	}
	if (fid->name) {
		printf(" name ");
		print_name(fid->name, fid->name_len);
	}
}

static void print_fixed(const struct fo_record *rec)
{
	switch (rec->type) {
	case FAN_EVENT_INFO_TYPE_PIDFD:
		printf(" pidfd %d", rec->pidfd);
		return;
	case FAN_EVENT_INFO_TYPE_ERROR:
		printf(" error %d error_count %u", rec->error.error, rec->error.error_count);
		return;
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	case FAN_EVENT_INFO_TYPE_RANGE:
		printf(" offset %llu count %llu", (unsigned long long)rec->range.offset,
		       (unsigned long long)rec->range.count);
		return;
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	case FAN_EVENT_INFO_TYPE_MNT:
		printf(" mnt_id %llu", (unsigned long long)rec->mnt_id);
		return;
#endif
	}
	printf(" skipped %zu bytes", rec->unknown.body_len);
}

static void print_record(size_t i, const struct fo_record *rec)
{
	printf("  record %zu %s type %u len %u", i, fo_type_name(rec->type), rec->type,
	       rec->len);
	if (fo_type_is_fid(rec->type))
		print_fid(rec);
	else
		print_fixed(rec);
	printf("\n");
}

static void print_buffer(const struct fo_buffer *b)
{
	size_t off = 0;

	for (size_t i = 0; i < b->nr_events; i++) {
		const struct fo_event *ev = &b->events[i];

		printf("event %zu offset %zu event_len %u vers %u metadata_len %u mask 0x%llx fd %d pid %d records %zu\n",
		       i, off, ev->event_len, ev->vers, ev->metadata_len,
		       (unsigned long long)ev->mask, ev->fd, ev->pid, ev->nr_records);
		for (size_t r = 0; r < ev->nr_records; r++)
			print_record(r, &ev->records[r]);
		off += ev->event_len;
	}
}

int main(int argc, char **argv)
{
	struct fo_buffer b;
	struct fo_error err;
	char msg[160];
	uint8_t *buf;
	size_t len;

	if (argc != 2) {
		fprintf(stderr, "usage: fanotify-decode FILE\n");
		return 2;
	}
	if (read_file(argv[1], &buf, &len)) {
		fprintf(stderr, "fanotify-decode: %s: cannot read: %s\n", argv[1], strerror(errno));
		return 2;
	}
	if (fo_parse(buf, len, &b, &err)) {
		fo_format_error(&err, msg, sizeof(msg));
		fprintf(stderr, "fanotify-decode: %s: malformed: %s\n", argv[1], msg);
		free(buf);
		return 1;
	}
	print_buffer(&b);
	fo_free(&b);
	free(buf);
	return 0;
}

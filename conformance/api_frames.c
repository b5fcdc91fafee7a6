// SPDX-License-Identifier: GPL-2.0
/*
 * Frame inspection: zstd_get_frame_header and zstd_find_frame_compressed_size
 * agree with the reference on whole frames of every kind, on every prefix
 * of their headers (a valid magic: the known short-input divergence is
 * about invalid ones), and on frames with bytes after them.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "api_checks.h"
#include "ref_zstd.h"
#include "sample_data.h"

#define MAX_SRC		200000
#define PREFIX_MAX	20

struct frame {
	const char *what;
	unsigned char *data;
	size_t len;
};

/* 0 filled, >0 more bytes needed, -1 error: the classes both sides must share. */
static long header_class(size_t r, int is_error)
{
	return is_error ? -1 : (long)r;
}

static int same_header(const zstd_frame_header *k, const struct ref_frame_header *r)
{
	return k->frameContentSize == r->frame_content_size && k->windowSize == r->window_size &&
	       k->blockSizeMax == r->block_size_max && (int)k->frameType == r->frame_type &&
	       k->headerSize == r->header_size && k->dictID == r->dict_id &&
	       k->checksumFlag == r->checksum_flag;
}

static void header_of(struct gate_tap *t, const struct frame *f, size_t n)
{
	zstd_frame_header kh;
	struct ref_frame_header rh;
	size_t k = zstd_get_frame_header(&kh, f->data, n), r = ref_get_frame_header(&rh, f->data, n);
	long kc = header_class(k, zstd_is_error(k)), rc = header_class(r, ref_is_error(r));

	if (!gate_expect(t, kc == rc, "%s, first %zu bytes: zstd_get_frame_header %ld, reference %ld",
			 f->what, n, kc, rc) || kc)
		return;
	gate_expect(t, same_header(&kh, &rh), "%s, first %zu bytes: header fields differ (window %llu vs %llu, content %llu vs %llu)",
		    f->what, n, (unsigned long long)kh.windowSize, rh.window_size,
		    (unsigned long long)kh.frameContentSize, rh.frame_content_size);
}

static void compressed_size(struct gate_tap *t, const struct frame *f, unsigned char *tail)
{
	size_t k = zstd_find_frame_compressed_size(f->data, f->len);
	size_t r = ref_find_frame_compressed_size(f->data, f->len);

	gate_expect(t, !zstd_is_error(k) && k == r, "%s: zstd_find_frame_compressed_size %zu, reference %zu",
		    f->what, k, r);
	/* Bytes after the frame do not count; a frame cut short is an error. */
	memcpy(tail, f->data, f->len);
	memset(tail + f->len, 0xa5, 16);
	k = zstd_find_frame_compressed_size(tail, f->len + 16);
	gate_expect(t, k == r, "%s + 16 bytes: zstd_find_frame_compressed_size %zu", f->what, k);
	k = zstd_find_frame_compressed_size(f->data, f->len - 1);
	gate_expect(t, zstd_is_error(k), "%s less its last byte: zstd_find_frame_compressed_size %zu",
		    f->what, k);
}

static void inspect(struct gate_tap *t, const struct frame *f, unsigned char *tail)
{
	for (size_t n = 0; n <= PREFIX_MAX && n <= f->len; n++)
		header_of(t, f, n);
	header_of(t, f, f->len);
	compressed_size(t, f, tail);
}

/* Hand-built frames: a skippable frame and one naming dictionary 42. */
static size_t hand_frame(int skippable, unsigned char *out)
{
	static const unsigned char skip[] = { 0x53, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, 1, 2, 3, 4 };
	static const unsigned char dict[] = { 0x28, 0xb5, 0x2f, 0xfd, 0x21, 0x2a, 3,
					      0x19, 0, 0, 'a', 'b', 'c' };

	memcpy(out, skippable ? skip : dict, skippable ? sizeof(skip) : sizeof(dict));
	return skippable ? sizeof(skip) : sizeof(dict);
}

static void reference_frames(struct gate_tap *t, unsigned char *src, unsigned char *buf,
			     unsigned char *tail)
{
	static const size_t sizes[] = { 0, 1000, MAX_SRC };
	char what[96];

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (int flags = 0; flags < 4; flags++) {
			struct frame f = { what, buf, 0 };

			f.len = ref_compress_wlog(buf, ref_compress_bound(MAX_SRC), src, sizes[i], 3,
						  flags & 1, !!(flags & 2), sizes[i] == MAX_SRC ? 20 : 0);
			snprintf(what, sizeof(what), "frame of %zu bytes, checksum %d, content size %d",
				 sizes[i], flags & 1, !!(flags & 2));
			if (gate_expect(t, !ref_is_error(f.len), "%s: the reference cannot make it", what))
				inspect(t, &f, tail);
		}
}

void api_check_frames(struct gate_tap *t)
{
	unsigned char *src = malloc(MAX_SRC), *buf = malloc(ref_compress_bound(MAX_SRC)),
		      *tail = malloc(ref_compress_bound(MAX_SRC) + 16);

	gate_begin(t, "zstd_get_frame_header and zstd_find_frame_compressed_size agree with the reference");
	if (gate_expect(t, src && buf && tail, "out of memory")) {
		lib_sample_fill(src, MAX_SRC, LIB_SAMPLE_TEXT, 13);
		reference_frames(t, src, buf, tail);
		for (int skippable = 0; skippable < 2; skippable++) {
			struct frame f = { skippable ? "skippable frame" : "frame naming dictionary 42",
					   buf, hand_frame(skippable, buf) };

			inspect(t, &f, tail);
		}
	}
	gate_end(t);
	free(src);
	free(buf);
	free(tail);
}

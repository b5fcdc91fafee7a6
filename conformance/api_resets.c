// SPDX-License-Identifier: GPL-2.0
/*
 * Contexts reused and streams flushed: zstd_reset_cstream starts a new
 * frame with the creation parameters (a non-zero pledged size is written
 * as the content size; 0 means unknown); zstd_flush_stream leaves every
 * byte given so far decodable; zstd_reset_dstream drops a half-read frame
 * and decodes the next one from its start.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "api_checks.h"
#include "ref_zstd.h"
#include "sample_data.h"

#define LEN	150000

struct stream {
	zstd_cstream *cs;
	unsigned char *dst;
	size_t cap;
};

/* Feeds src whole, then ends (or only flushes) the frame: its bytes written, or an error. */
static size_t feed(struct stream *s, const unsigned char *src, size_t len, int end)
{
	zstd_out_buffer out = { s->dst, s->cap, 0 };
	zstd_in_buffer in = { src, len, 0 };
	size_t r;

	while (in.pos < len) {
		r = zstd_compress_stream(s->cs, &out, &in);
		if (zstd_is_error(r))
			return r;
	}
	do {
		r = end ? zstd_end_stream(s->cs, &out) : zstd_flush_stream(s->cs, &out);
		if (zstd_is_error(r))
			return r;
	} while (r && out.pos < out.size);
	return r ? (size_t)-ZSTD_error_dstSize_tooSmall : out.pos;
}

static unsigned long long content_size(const unsigned char *frame, size_t len)
{
	zstd_frame_header fh;

	return zstd_get_frame_header(&fh, frame, len) ? 0 : fh.frameContentSize;
}

/* Frame 1, then reset with pledged sizes n and 0: each frame decodes, n is written. */
static void reset_cstream(struct gate_tap *t, int level, const unsigned char *src, struct stream *s)
{
	static const size_t sizes[] = { 1000, LEN };
	size_t f;

	f = feed(s, src, LEN, 1);
	gate_expect(t, !zstd_is_error(f) && api_ref_roundtrip(s->dst, f, src, LEN),
		    "level %d: the first frame does not round-trip", level);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		for (int unknown = 0; unknown < 2; unknown++) {
			size_t r = zstd_reset_cstream(s->cs, unknown ? 0 : sizes[i]);

			if (!gate_expect(t, !zstd_is_error(r), "level %d: zstd_reset_cstream: %s", level,
					 zstd_get_error_name(r)))
				continue;
			f = feed(s, src + 7, sizes[i], 1);
			gate_expect(t, !zstd_is_error(f) && api_ref_roundtrip(s->dst, f, src + 7, sizes[i]),
				    "level %d: frame of %zu after a reset does not round-trip", level, sizes[i]);
			gate_expect(t, zstd_is_error(f) ||
				    content_size(s->dst, f) == (unknown ? ZSTD_CONTENTSIZE_UNKNOWN : sizes[i]),
				    "level %d: reset with pledged %zu gives content size %llu", level,
				    unknown ? 0 : sizes[i], content_size(s->dst, f));
		}
	}
}

/* What a reference stream makes of the bytes so far: all of them, nothing held back. */
static int decodes_to(const unsigned char *frame, size_t flen, const unsigned char *want,
		      size_t wlen)
{
	struct ref_dstream *ds = ref_dstream_create(1 << 23);
	unsigned char *out = malloc(wlen + 1);
	size_t ip = 0, op = 0, r = 1;
	int ok = 0;

	while (ds && out && ip < flen && !ref_is_error(r)) {
		size_t before = ip + op;

		r = ref_dstream_step(ds, out, wlen + 1, &op, frame, flen, &ip);
		if (ip + op == before)
			break;
	}
	/* Flushed data comes out as soon as it is read: one more call with no input. */
	if (ds && out && !ref_is_error(r))
		r = ref_dstream_step(ds, out, wlen + 1, &op, frame, flen, &ip);
	ok = ds && out && !ref_is_error(r) && op == wlen && !memcmp(out, want, wlen);
	ref_dstream_free(ds);
	free(out);
	return ok;
}

static void flush_stream(struct gate_tap *t, int level, const unsigned char *src, struct stream *s)
{
	size_t r = zstd_reset_cstream(s->cs, 0), half;

	if (!gate_expect(t, !zstd_is_error(r), "level %d: zstd_reset_cstream: %s", level,
			 zstd_get_error_name(r)))
		return;
	half = feed(s, src, LEN / 2, 0);
	gate_expect(t, !zstd_is_error(half) && decodes_to(s->dst, half, src, LEN / 2),
		    "level %d: after zstd_flush_stream the frame so far does not give the %d bytes fed",
		    level, LEN / 2);
}

/* Half of frame a, a reset, then all of frame b. */
static void reset_dstream(struct gate_tap *t, const unsigned char *src, unsigned char *a,
			  unsigned char *b, unsigned char *out)
{
	size_t alen = ref_compress(a, ref_compress_bound(LEN), src, LEN, 3, 1, 1);
	size_t blen = ref_compress(b, ref_compress_bound(LEN), src + 11, LEN - 11, 19, 0, 0);
	size_t wsize = zstd_dstream_workspace_bound(1 << 23), r;
	void *wksp = malloc(wsize);
	zstd_dstream *ds = wksp ? zstd_init_dstream(1 << 23, wksp, wsize) : NULL;
	zstd_out_buffer o = { out, LEN, 0 };
	zstd_in_buffer in = { a, alen / 2, 0 };

	if (!gate_expect(t, ds && !ref_is_error(alen) && !ref_is_error(blen), "cannot set up"))
		goto out;
	r = zstd_decompress_stream(ds, &o, &in);
	gate_expect(t, !zstd_is_error(r) && r, "half a frame: %s", zstd_get_error_name(r));
	r = zstd_reset_dstream(ds);
	gate_expect(t, !zstd_is_error(r), "zstd_reset_dstream: %s", zstd_get_error_name(r));
	o = (zstd_out_buffer){ out, LEN, 0 };
	in = (zstd_in_buffer){ b, blen, 0 };
	do
		r = zstd_decompress_stream(ds, &o, &in);
	while (r && !zstd_is_error(r) && in.pos < in.size);
	gate_expect(t, !r && o.pos == LEN - 11 && !memcmp(out, src + 11, LEN - 11),
		    "after zstd_reset_dstream the next frame gives %s",
		    zstd_is_error(r) ? zstd_get_error_name(r) : "other bytes");
out:
	free(wksp);
}

void api_check_resets(struct gate_tap *t, int quick)
{
	int levels[64];
	/* Resets do not depend on the level's strategy much: the quick set always. */
	size_t nl = api_levels(levels, 64, 1), cap = ref_compress_bound(LEN);
	unsigned char *src = malloc(LEN + 16), *a = malloc(cap), *b = malloc(cap);
	struct stream s = { NULL, malloc(cap), cap };

	(void)quick;
	gate_begin(t, "zstd_reset_cstream, zstd_flush_stream and zstd_reset_dstream reuse contexts as documented");
	if (!gate_expect(t, src && a && b && s.dst, "out of memory"))
		goto out;
	/* frames after a reset start at src + 7 */
	lib_sample_fill(src, LEN + 16, LIB_SAMPLE_TEXT, 17);
	for (size_t i = 0; i < nl; i++) {
		zstd_parameters p = zstd_get_params(levels[i], LEN);
		size_t wsize = zstd_cstream_workspace_bound(&p.cParams);
		void *wksp = malloc(wsize);

		s.cs = wksp ? zstd_init_cstream(&p, LEN, wksp, wsize) : NULL;
		if (gate_expect(t, s.cs != NULL, "level %d: zstd_init_cstream failed", levels[i])) {
			reset_cstream(t, levels[i], src, &s);
			flush_stream(t, levels[i], src, &s);
		}
		free(wksp);
	}
	reset_dstream(t, src, a, b, s.dst);
out:
	gate_end(t);
	free(src);
	free(a);
	free(b);
	free(s.dst);
}

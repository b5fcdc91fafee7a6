// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_dstream_workspace_bound(w): enough for every frame whose window is
 * at most w; a frame whose window is larger must end in an error. Frames
 * without a content size need the whole window buffered: those are the
 * strict cases. Single-segment frames (window = content size) and
 * whole-frame calls need less than their window: the wrapper ignores
 * max_window_size (zstd_init_dstream: "(void)max_window_size"), so those
 * are only reported, as long as what they decode is right.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "api_checks.h"
#include "kz.h"
#include "ref_zstd.h"
#include "sample_data.h"

#define CHUNK		4096
#define ODD_CONTENT	100001

struct win_frame {
	const unsigned char *src;
	size_t len;
	const unsigned char *frame;
	size_t flen;
	size_t window;
};

struct win_notes {
	unsigned long above_accepted;	/* window > w, decoded anyway (correctly) */
	unsigned long above_total;
};

static size_t decode(const struct win_frame *f, size_t w, unsigned char *out, size_t chunk)
{
	int got_ctx;
	size_t r = api_dstream_decode(w, zstd_dstream_workspace_bound(w), out, f->len + 1,
				      f->frame, f->flen, chunk, &got_ctx);

	return got_ctx ? r : (size_t)-ZSTD_error_init_missing;
}

static int right(const struct win_frame *f, size_t r, const unsigned char *out)
{
	return !zstd_is_error(r) && r == f->len && !memcmp(out, f->src, f->len);
}

/* One frame against max windows around its own. strict: above must fail. */
static void try_windows(struct gate_tap *t, const struct win_frame *f, int strict,
			struct win_notes *n, unsigned char *out)
{
	size_t ws[] = { f->window / 2, f->window - 1, f->window, f->window + 1, f->window * 2 };

	for (size_t i = 0; i < sizeof(ws) / sizeof(ws[0]); i++) {
		size_t r = decode(f, ws[i], out, CHUNK);

		if (ws[i] >= f->window) {
			gate_expect(t, right(f, r, out), "window %zu frame, w %zu: %s", f->window,
				    ws[i], zstd_is_error(r) ? zstd_get_error_name(r) : "wrong output");
			continue;
		}
		n->above_total += !strict;
		if (strict)
			gate_expect(t, zstd_is_error(r), "window %zu frame (no content size), w %zu: decoded",
				    f->window, ws[i]);
		else if (!zstd_is_error(r))
			n->above_accepted += gate_expect(t, right(f, r, out),
							 "window %zu frame, w %zu: wrong output",
							 f->window, ws[i]);
	}
}

static int frame_of(struct win_frame *f, unsigned char *frame, size_t cap, int wlog,
		    int content_size)
{
	f->frame = frame;
	f->flen = ref_compress_wlog(frame, cap, f->src, f->len, 3, 1, content_size, wlog);
	if (ref_is_error(f->flen))
		return 0;
	f->window = kz_frame_window(frame, f->flen);
	return f->window != 0;
}

/* The single-segment frame: its window is its odd content size. */
static void odd_window(struct gate_tap *t, struct win_notes *n, unsigned char *src,
		       unsigned char *frame, size_t cap, unsigned char *out)
{
	struct win_frame f = { .src = src, .len = ODD_CONTENT };

	if (gate_expect(t, frame_of(&f, frame, cap, 0, 1) && f.window == ODD_CONTENT,
			"reference frame of %d bytes has window %zu", ODD_CONTENT, f.window))
		try_windows(t, &f, 0, n, out);
}

/*
 * A frame whose header claims a 256 MiB window (above the decoder's limit,
 * ZSTD_WINDOWLOG_LIMIT_DEFAULT 27) and holds 300 bytes: its buffers would
 * fit any workspace, so only the window check stops it. Fed 64 bytes at
 * a time: a whole frame in one call takes the single-pass path, which
 * checks no window.
 */
#define HUGE_CONTENT	300
static void huge_window(struct gate_tap *t, unsigned char *src, unsigned char *frame,
			unsigned char *out)
{
	static const unsigned char header[] = {
		0x28, 0xb5, 0x2f, 0xfd,		/* magic */
		0x40,				/* 2-byte content size, window descriptor */
		18 << 3,			/* window 2^(10 + 18) */
		HUGE_CONTENT - 256, 0,		/* content size - 256 */
		((HUGE_CONTENT << 3) | 1) & 0xff, HUGE_CONTENT >> 5, 0,	/* last raw block */
	};
	struct win_frame f = { .src = src, .len = HUGE_CONTENT, .frame = frame,
			       .flen = sizeof(header) + HUGE_CONTENT, .window = (size_t)1 << 28 };
	size_t r;

	memcpy(frame, header, sizeof(header));
	memcpy(frame + sizeof(header), src, HUGE_CONTENT);
	gate_expect(t, kz_frame_window(frame, f.flen) == f.window, "hand-built frame's window is %zu",
		    kz_frame_window(frame, f.flen));
	r = decode(&f, 1 << 20, out, 64);
	gate_expect(t, zstd_is_error(r), "a frame of window 256 MiB (300 bytes of content) decoded on w = 1 MiB");
}

/* A frame of window 1 MiB in one call, against w = 128 KiB: the single-pass path. */
static void whole_frame_note(struct gate_tap *t, unsigned char *src, unsigned char *frame,
			     size_t cap, unsigned char *out)
{
	struct win_frame f = { .src = src, .len = (1 << 21) + 777 };
	size_t r;

	if (!gate_expect(t, frame_of(&f, frame, cap, 20, 1), "reference frame of window 1 MiB"))
		return;
	r = decode(&f, 1 << 17, out, 0);
	gate_expect(t, zstd_is_error(r) || right(&f, r, out), "whole-frame call: wrong output");
	printf("# note: a window-%zu frame with its content size, in one call, on zstd_dstream_workspace_bound(131072): %s\n",
	       f.window, zstd_is_error(r) ? zstd_get_error_name(r) : "decoded (window limit not enforced)");
}

void api_check_windows(struct gate_tap *t, int quick)
{
	static const int wlogs[] = { 10, 13, 17, 20, 22 };
	size_t max = ((size_t)1 << 23) + 12345, cap = zstd_compress_bound(max);
	unsigned char *src = malloc(max), *frame = malloc(cap), *out = malloc(max + 1);
	struct win_notes n = { 0, 0 };

	gate_begin(t, "zstd_dstream_workspace_bound(w) decodes every frame of window <= w; larger windows fail");
	if (!gate_expect(t, src && frame && out, "out of memory"))
		goto out;
	lib_sample_fill(src, max, LIB_SAMPLE_TEXT, 7);
	for (size_t i = 0; i < sizeof(wlogs) / sizeof(wlogs[0]); i++) {
		struct win_frame f = { .src = src, .len = ((size_t)2 << wlogs[i]) + 12345 };

		if (quick && wlogs[i] != 10 && wlogs[i] != 17)
			continue;
		if (gate_expect(t, frame_of(&f, frame, cap, wlogs[i], 0) &&
				f.window == (size_t)1 << wlogs[i],
				"reference frame of wlog %d has window %zu", wlogs[i], f.window))
			try_windows(t, &f, 1, &n, out);
	}
	odd_window(t, &n, src, frame, cap, out);
	huge_window(t, src, frame, out);
	whole_frame_note(t, src, frame, cap, out);
out:
	gate_end(t);
	printf("# note: %lu of %lu single-segment frames of a window above w decoded (correctly): zstd_init_dstream ignores max_window_size\n",
	       n.above_accepted, n.above_total);
	free(src);
	free(frame);
	free(out);
}

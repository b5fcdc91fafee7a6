// SPDX-License-Identifier: GPL-2.0
/*
 * Workspace bounds: each init function on exactly its bound must give a
 * context that round-trips; one byte less may give NULL or a clean
 * memory_allocation error, never wrong output (ASan watches the end of
 * the exact-size allocation); a NULL workspace gives NULL.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "api_checks.h"
#include "kz.h"
#include "sample_data.h"

#define CHUNK_IN	4099	/* odd pieces: block edges fall mid-call */
#define CHUNK_OUT	1021
#define MAX_CALLS	100000

enum outcome { WORKS, NULL_CTX, CLEAN_ERROR, BROKEN };

static const char *const outcome_name[] = { "works", "NULL", "memory_allocation", "broken" };

struct ws_case {
	int level;
	size_t len;
	int wlog;		/* 0: what zstd_get_params picks */
	const unsigned char *src;
};

static enum outcome error_outcome(size_t ret)
{
	return zstd_get_error_code(ret) == ZSTD_error_memory_allocation ? CLEAN_ERROR : BROKEN;
}

static zstd_parameters case_params(const struct ws_case *c)
{
	zstd_parameters p = zstd_get_params(c->level, c->len);

	if (c->wlog)
		p.cParams.windowLog = c->wlog;
	return p;
}

static enum outcome run_cctx(const struct ws_case *c, size_t wsize, unsigned char *dst)
{
	zstd_parameters p = case_params(c);
	void *wksp = api_exact_alloc(wsize);
	zstd_cctx *cctx = wksp ? zstd_init_cctx(wksp, wsize) : NULL;
	enum outcome o = NULL_CTX;
	size_t r;

	if (cctx) {
		r = zstd_compress_cctx(cctx, dst, zstd_compress_bound(c->len), c->src, c->len, &p);
		o = zstd_is_error(r) ? error_outcome(r) :
		    api_ref_roundtrip(dst, r, c->src, c->len) ? WORKS : BROKEN;
	}
	free(wksp);
	return o;
}

/* Feeds src in odd pieces, then ends the frame; the frame's size or an error. */
static size_t stream_compress(zstd_cstream *cs, unsigned char *dst, size_t cap,
			      const unsigned char *src, size_t len)
{
	zstd_out_buffer out = { dst, 0, 0 };
	zstd_in_buffer in = { src, 0, 0 };
	size_t r = 1;

	for (int calls = 0; calls < MAX_CALLS && (in.pos < len || r); calls++) {
		in.size = in.pos + CHUNK_IN < len ? in.pos + CHUNK_IN : len;
		out.size = out.pos + CHUNK_OUT < cap ? out.pos + CHUNK_OUT : cap;
		if (in.pos < len)
			r = zstd_compress_stream(cs, &out, &in);
		else
			r = zstd_end_stream(cs, &out);
		if (zstd_is_error(r))
			return r;
	}
	return r ? (size_t)-ZSTD_error_GENERIC : out.pos;
}

static enum outcome run_cstream(const struct ws_case *c, size_t wsize, unsigned char *dst)
{
	zstd_parameters p = case_params(c);
	void *wksp = api_exact_alloc(wsize);
	zstd_cstream *cs = wksp ? zstd_init_cstream(&p, c->len, wksp, wsize) : NULL;
	enum outcome o = NULL_CTX;
	size_t r;

	if (cs) {
		r = stream_compress(cs, dst, zstd_compress_bound(c->len), c->src, c->len);
		o = zstd_is_error(r) ? error_outcome(r) :
		    api_ref_roundtrip(dst, r, c->src, c->len) ? WORKS : BROKEN;
	}
	free(wksp);
	return o;
}

static enum outcome decoded(size_t r, const unsigned char *out, const struct ws_case *c)
{
	if (zstd_is_error(r))
		return error_outcome(r);
	return r == c->len && !memcmp(out, c->src, c->len) ? WORKS : BROKEN;
}

static enum outcome run_dctx(const struct ws_case *c, size_t wsize, const unsigned char *frame,
			     size_t flen, unsigned char *out)
{
	void *wksp = api_exact_alloc(wsize);
	zstd_dctx *d = wksp ? zstd_init_dctx(wksp, wsize) : NULL;
	enum outcome o = NULL_CTX;

	if (d)
		o = decoded(zstd_decompress_dctx(d, out, c->len, frame, flen), out, c);
	free(wksp);
	return o;
}

static enum outcome run_dstream(const struct ws_case *c, size_t window, size_t wsize,
				const unsigned char *frame, size_t flen, unsigned char *out)
{
	int got_ctx;
	size_t r = api_dstream_decode(window, wsize, out, c->len, frame, flen, CHUNK_IN, &got_ctx);

	return got_ctx ? decoded(r, out, c) : NULL_CTX;
}

/* Outcomes of one init function, on the bound and one byte below it. */
struct ws_tally {
	const char *fn;
	const char *bound;
	unsigned long exact[4], less[4];
};

static void tally(struct gate_tap *t, struct ws_tally *s, const struct ws_case *c,
		  enum outcome exact, enum outcome less)
{
	s->exact[exact]++;
	s->less[less]++;
	gate_expect(t, exact == WORKS && less != BROKEN,
		    "%s level %d, %zu bytes, wlog %d: on the bound %s, one byte less %s",
		    s->fn, c->level, c->len, c->wlog, outcome_name[exact], outcome_name[less]);
}

/* The case's frame, made on a workspace of the bound with the case's parameters. */
static size_t case_frame(const struct ws_case *c, unsigned char *frame)
{
	zstd_parameters p = case_params(c);
	size_t wsize = zstd_cctx_workspace_bound(&p.cParams), r = (size_t)-ZSTD_error_memory_allocation;
	void *wksp = malloc(wsize);
	zstd_cctx *cctx = wksp ? zstd_init_cctx(wksp, wsize) : NULL;

	if (cctx)
		r = zstd_compress_cctx(cctx, frame, zstd_compress_bound(c->len), c->src, c->len, &p);
	free(wksp);
	return r;
}

/* One init function (fn 0..3: cctx, cstream, dctx, dstream) on one case. */
static void one_case(struct gate_tap *t, struct ws_tally *s, int fn, const struct ws_case *c,
		     unsigned char *frame, unsigned char *out)
{
	zstd_parameters p = case_params(c);
	size_t cb = zstd_cctx_workspace_bound(&p.cParams);
	size_t sb = zstd_cstream_workspace_bound(&p.cParams);
	size_t db = zstd_dctx_workspace_bound(), flen, window, wb;

	if (fn == 0)
		return tally(t, s, c, run_cctx(c, cb, frame), run_cctx(c, cb - 1, frame));
	if (fn == 1)
		return tally(t, s, c, run_cstream(c, sb, frame), run_cstream(c, sb - 1, frame));
	flen = case_frame(c, frame);
	if (!gate_expect(t, !zstd_is_error(flen), "compress level %d, %zu bytes, wlog %d: %s",
			 c->level, c->len, c->wlog, zstd_get_error_name(flen)))
		return;
	if (fn == 2)
		return tally(t, s, c, run_dctx(c, db, frame, flen, out),
			     run_dctx(c, db - 1, frame, flen, out));
	window = kz_frame_window(frame, flen);
	wb = zstd_dstream_workspace_bound(window);
	tally(t, s, c, run_dstream(c, window, wb, frame, flen, out),
	      run_dstream(c, window, wb - 1, frame, flen, out));
}

static void null_workspaces(struct gate_tap *t)
{
	zstd_parameters p = zstd_get_params(3, 1000);
	size_t cb = zstd_cctx_workspace_bound(&p.cParams);

	gate_one(t, !zstd_init_cctx(NULL, cb) && !zstd_init_dctx(NULL, zstd_dctx_workspace_bound()) &&
		 !zstd_init_cstream(&p, 1000, NULL, zstd_cstream_workspace_bound(&p.cParams)) &&
		 !zstd_init_dstream(1 << 17, NULL, zstd_dstream_workspace_bound(1 << 17)),
		 "a NULL workspace gives NULL from all four init functions");
}

static void run_cases(struct gate_tap *t, struct ws_tally *s, int fn, int quick,
		      unsigned char *src, unsigned char *frame, unsigned char *out)
{
	static const size_t sizes[] = { 0, 1, 1000, 70001, 200003 };
	static const int wlogs[] = { 10, 16, 20, 23 };
	static const int wlog_levels[] = { 1, 3, 19 };
	int levels[64];
	size_t nl = api_levels(levels, 64, quick);
	struct ws_case c = { .src = src };

	for (size_t i = 0; i < nl; i++)
		for (size_t j = 0; j < sizeof(sizes) / sizeof(sizes[0]); j++) {
			if (quick && (j == 1 || j == 4))
				continue;
			c = (struct ws_case){ levels[i], sizes[j], 0, src };
			one_case(t, s, fn, &c, frame, out);
		}
	for (size_t i = 0; i < (quick ? 1 : 3); i++)
		for (size_t j = 0; j < sizeof(wlogs) / sizeof(wlogs[0]); j += quick ? 2 : 1) {
			c = (struct ws_case){ wlog_levels[i], 200003, wlogs[j], src };
			one_case(t, s, fn, &c, frame, out);
		}
}

void api_check_workspaces(struct gate_tap *t, int quick)
{
	struct ws_tally s[4] = {
		{ .fn = "zstd_init_cctx", .bound = "zstd_cctx_workspace_bound" },
		{ .fn = "zstd_init_cstream", .bound = "zstd_cstream_workspace_bound" },
		{ .fn = "zstd_init_dctx", .bound = "zstd_dctx_workspace_bound" },
		{ .fn = "zstd_init_dstream", .bound = "zstd_dstream_workspace_bound(frame window)" },
	};
	size_t max = 200003;
	unsigned char *src = malloc(max), *frame = malloc(zstd_compress_bound(max)),
		      *out = malloc(max);

	if (src)
		lib_sample_fill(src, max, LIB_SAMPLE_MIXED, 4);
	for (int i = 0; i < 4; i++) {
		gate_begin(t, "%s on exactly %s round-trips; one byte less gives NULL or a clean error",
			   s[i].fn, s[i].bound);
		if (gate_expect(t, src && frame && out, "out of memory"))
			run_cases(t, &s[i], i, quick, src, frame, out);
		gate_end(t);
		printf("# %s: %lu cases work on the bound; one byte less: %lu work, %lu NULL, %lu memory_allocation\n",
		       s[i].fn, s[i].exact[WORKS], s[i].less[WORKS], s[i].less[NULL_CTX],
		       s[i].less[CLEAN_ERROR]);
	}
	null_workspaces(t);
	free(src);
	free(frame);
	free(out);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Where a difference between the two sides is: both decodings again one
 * unit at a time (oracles/block_map.c), the failing side's failing unit or
 * the block of the first differing byte, checked against what the judged
 * calls returned. A difference that cannot be placed is not located, and
 * then no known divergence can explain it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "block_map.h"
#include "kz.h"
#include "zstd_frames.h"
#include "zstd_oracle.h"

uint8_t *zo_scratch(enum zo_scratch which, size_t cap)
{
	static uint8_t *bufs[ZO_SCRATCHES];
	static size_t sizes[ZO_SCRATCHES];

	if (cap > sizes[which] || !bufs[which]) {
		free(bufs[which]);
		sizes[which] = cap > ZO_OUT_CAP ? cap : ZO_OUT_CAP;
		bufs[which] = malloc(sizes[which]);
		if (!bufs[which])
			sizes[which] = 0;
	}
	return bufs[which];
}

/* The reference side's decoder: 1.5.4's, or 1.5.7's when the verdict judged against it. */
static enum bm_side ref_side = BM_REFERENCE;

static int map_request(const struct zo_case *c, enum bm_side side, struct bm_request *req,
		       struct block_map *m, const uint8_t **out)
{
	uint8_t *dst = zo_scratch(side == BM_KERNEL ? ZO_SCRATCH_KMAP : ZO_SCRATCH_RMAP,
				  req->cap);

	req->side = side == BM_REFERENCE ? ref_side : side;
	req->src = c->zdata;
	req->len = c->zdata_len;
	req->max_frames = c->frames;
	req->dict = c->dict;
	req->dict_len = c->dict_len;
	*out = dst;
	return dst && !block_map(req, dst, m);
}

static int map_side(const struct zo_case *c, enum bm_side side, size_t find,
		    struct block_map *m, const uint8_t **out)
{
	struct bm_request req = { .cap = zo_case_cap(c), .find = find };

	return map_request(c, side, &req, m, out);
}

/* The same, recording the unit that holds input offset in_pos. */
static int map_side_at(const struct zo_case *c, enum bm_side side, size_t in_pos,
		       struct block_map *m, const uint8_t **out)
{
	struct bm_request req = { .cap = zo_case_cap(c), .find = SIZE_MAX,
				  .find_in_given = 1, .find_in = in_pos };

	return map_request(c, side, &req, m, out);
}

static void set_unit(struct zo_site *s, const struct bm_unit *u)
{
	s->frame = u->frame;
	s->block = u->block;
	s->part = u->part;
	s->in_off = u->in_off;
}

/* Both maps hold the first differing byte in the same block, and decoded what the calls did. */
static int locate_mismatch(struct zo_site *s, struct block_map *km, struct block_map *rm)
{
	const struct bm_unit *kf = &km->found, *rf = &rm->found;

	if (!km->have_found || !rm->have_found || km->error || rm->error ||
	    km->out_len != s->k->out_len || rm->out_len != s->r->out_len)
		return 0;
	if (kf->frame != rf->frame || kf->block != rf->block || kf->out_off != rf->out_off)
		return 0;
	set_unit(s, rf);
	s->k_out[0] = kf->out_off;
	s->k_out[1] = kf->out_off + kf->out_len;
	s->r_out[0] = rf->out_off;
	s->r_out[1] = rf->out_off + rf->out_len;
	return 1;
}

/* The first offset below n where a and b differ; n if none. */
static size_t first_difference(const uint8_t *a, const uint8_t *b, size_t n)
{
	size_t i = 0;

	if (!n || !memcmp(a, b, n))
		return n;
	while (a[i] == b[i])
		i++;
	return i;
}

/*
 * The failing side's map failed too, and before its failing unit produced
 * what the other side's call produced there. When it did not, the site is
 * the failing side's block of the first differing byte, marked
 * before_failure: no entry explains that.
 */
static int locate_failure(const struct zo_case *c, struct zo_site *s, enum bm_side side,
			  struct block_map *fail_map, const uint8_t *fail_out,
			  const struct zo_result *other)
{
	const struct bm_unit *u = &fail_map->fail;
	size_t n = u->out_off < other->out_len ? u->out_off : other->out_len, d;

	if (!fail_map->error)
		return 0;
	d = first_difference(fail_out, other->out, n);
	if (d == u->out_off) {
		set_unit(s, u);
		s->error = fail_map->error;
		return 1;
	}
	s->before_failure = 1;
	s->diff = d;
	if (!map_side(c, side, d, fail_map, &fail_out) || !fail_map->have_found)
		return 0;
	set_unit(s, &fail_map->found);
	return 1;
}

/*
 * Both maps failed: the site is the unit that failed first (the kernel's
 * when both failed on the same one), with both failing offsets beside it. Outputs that differ before
 * the first failure mark it before_failure: no entry explains that.
 */
static int locate_both_failed(struct zo_site *s, const struct block_map *km,
			      const struct block_map *rm, const uint8_t *kout, const uint8_t *rout)
{
	size_t n = km->fail.out_off < rm->fail.out_off ? km->fail.out_off : rm->fail.out_off;

	if (!km->error || !rm->error)
		return 0;
	s->ref_first = rm->fail.in_off < km->fail.in_off;
	s->same_unit = rm->fail.in_off == km->fail.in_off && rm->fail.part == km->fail.part;
	set_unit(s, s->ref_first ? &rm->fail : &km->fail);
	s->error = s->ref_first ? rm->error : km->error;
	s->k_out[0] = s->k_out[1] = km->fail.out_off;
	s->r_out[0] = s->r_out[1] = rm->fail.out_off;
	s->before_failure = first_difference(kout, rout, n) != n;
	return 1;
}

/*
 * The reference refused streamed what its block map decodes: a check of its
 * streaming decoder alone. The unit it failed on, found by streaming it
 * again a byte at a time, becomes its map's failing unit.
 */
static int stream_failure(const struct zo_case *c, struct block_map *m, const uint8_t **out)
{
	size_t cap = zo_case_cap(c), in, made, err;
	uint8_t *dst = zo_scratch(ZO_SCRATCH_RMAP, cap);

	if (!c->stream_window || ref_side != BM_REFERENCE || m->error || !dst)
		return 0;
	err = bm_stream_run(c->zdata, c->zdata_len, c->stream_window, 1, dst, cap, &in, &made);
	if (!bm_is_error(BM_REFERENCE, err) ||
	    !map_side_at(c, BM_REFERENCE, in, m, out) || !m->have_at || m->at.part != BM_BLOCK)
		return 0;
	m->fail = m->at;
	m->fail.out_len = 0;
	m->error = err;
	return 1;
}

/* The failed block's range on the other side: its map's block at the same offset. */
static void other_range(const struct block_map *m, const struct zo_site *s, size_t *range)
{
	range[0] = range[1] = 0;
	if (m->have_found && m->found.frame == s->frame && m->found.block == s->block) {
		range[0] = m->found.out_off;
		range[1] = m->found.out_off + m->found.out_len;
	}
}

/*
 * Side fail rejected what the other accepted: the failing unit, and the
 * same block's range on the other side. m and out are indexed by side.
 */
static void locate_rejection(const struct zo_case *c, struct zo_site *s, enum bm_side fail,
			     struct block_map *const *m, const uint8_t **out)
{
	enum bm_side other = fail == BM_KERNEL ? BM_REFERENCE : BM_KERNEL;
	const struct zo_result *res[2] = { [BM_KERNEL] = s->k, [BM_REFERENCE] = s->r };
	size_t *range[2] = { [BM_KERNEL] = s->k_out, [BM_REFERENCE] = s->r_out };
	size_t off;

	if (map_side(c, fail, SIZE_MAX, m[fail], &out[fail]) &&
	    (fail == BM_KERNEL || m[fail]->error || stream_failure(c, m[fail], &out[fail])))
		s->located = locate_failure(c, s, fail, m[fail], out[fail], res[other]);
	off = m[fail]->fail.out_off;
	range[fail][0] = range[fail][1] = off;
	if (s->located && !s->before_failure && map_side(c, other, off, m[other], &out[other]))
		other_range(m[other], s, range[other]);
}

static void locate_decoded(const struct zo_case *c, enum zo_class cls, struct zo_site *s)
{
	static struct block_map km, rm;
	struct block_map *const m[2] = { [BM_KERNEL] = &km, [BM_REFERENCE] = &rm };
	const uint8_t *out[2] = { NULL, NULL };

	s->km = &km;
	s->rm = &rm;
	if (cls == ZO_MISMATCH) {
		if (map_side(c, BM_KERNEL, s->diff, &km, &out[BM_KERNEL]) &&
		    map_side(c, BM_REFERENCE, s->diff, &rm, &out[BM_REFERENCE]))
			s->located = locate_mismatch(s, &km, &rm);
	} else if (cls == ZO_KERNEL_REJECTS) {
		locate_rejection(c, s, BM_KERNEL, m, out);
	} else if (cls == ZO_ERROR_MISMATCH) {
		if (map_side(c, BM_KERNEL, SIZE_MAX, &km, &out[BM_KERNEL]) &&
		    map_side(c, BM_REFERENCE, SIZE_MAX, &rm, &out[BM_REFERENCE]))
			s->located = locate_both_failed(s, &km, &rm, out[BM_KERNEL],
							out[BM_REFERENCE]);
	} else if (cls == ZO_KERNEL_ACCEPTS) {
		/* The kernel's map gives the block's size, and the frame's extent (zo_kernel_frame). */
		locate_rejection(c, s, BM_REFERENCE, m, out);
	}
	s->km_out = out[BM_KERNEL];
	s->rm_out = out[BM_REFERENCE];
	/* A site in a frame that neither side decoded explains nothing. */
	if (c->frames && s->frame >= c->frames)
		s->located = 0;
}

int zo_fitting_blocks(const struct zo_case *c, uint8_t *kdst, uint8_t *rdst,
		      struct zo_result *k, struct zo_result *r)
{
	struct bm_request req = { .src = c->zdata, .len = c->zdata_len,
				  .cap = zo_case_cap(c),
				  .max_frames = c->frames, .find = SIZE_MAX,
				  .dict = c->dict, .dict_len = c->dict_len };
	struct block_map km, rm;
	size_t n;

	req.side = BM_KERNEL;
	if (block_map(&req, kdst, &km))
		return 0;
	req.side = BM_REFERENCE;
	if (block_map(&req, rdst, &rm))
		return 0;
	n = km.out_len < rm.out_len ? km.out_len : rm.out_len;
	zo_bytes_result(k, "kernel, the blocks that fit", kdst, n);
	zo_bytes_result(r, "reference, the blocks that fit", rdst, n);
	return 1;
}

int zo_kernel_frame(const struct zo_site *s, size_t *in_end, size_t *out_off, size_t *out_end)
{
	const struct bm_frame *kf, *rf;
	const uint8_t *frame;
	size_t span, ret, cap;
	uint8_t *out;

	kf = s->frame < s->km->nframes ? &s->km->frames[s->frame] : NULL;
	if (kf && kf->in_end) {
		*in_end = kf->in_end;
		*out_off = kf->out_off;
		*out_end = kf->out_end;
		return 1;
	}
	if (s->frame >= s->rm->nframes)
		return 0;
	rf = &s->rm->frames[s->frame];
	frame = s->c->zdata + rf->in_off;
	span = zf_frame_span(frame, s->c->zdata_len - rf->in_off);
	cap = s->k->out_len - rf->out_off;
	out = span && rf->out_off <= s->k->out_len ? zo_scratch(ZO_SCRATCH_FRAME, cap) : NULL;
	if (!out)
		return 0;
	ret = kz_decompress(out, cap, frame, span);
	*in_end = rf->in_off + span;
	*out_off = rf->out_off;
	*out_end = rf->out_off + ret;
	ret = !kz_is_error(ret) && (!ret || !memcmp(out, s->k->out + rf->out_off, ret));
	return (int)ret;
}

void zo_locate(const struct zo_case *c, enum zo_class cls, const struct zo_result *k,
	       const struct zo_result *r, size_t diff, struct zo_site *s)
{
	memset(s, 0, sizeof(*s));
	s->c = c;
	s->k = k;
	s->r = r;
	s->diff = diff;
	ref_side = r->next ? BM_NEXT : BM_REFERENCE;
	if (!c->zdata)
		return;
	if (c->header_only) {
		/* One frame header read: the site is that header, the failing side's error. */
		s->located = 1;
		s->part = BM_FRAME_HEADER;
		s->error = k->is_error ? k->ret : r->is_error ? r->ret : 0;
		return;
	}
	locate_decoded(c, cls, s);
}

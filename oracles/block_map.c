// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "block_map.h"
#include "kz.h"
#include "ref_next.h"
#include "ref_zstd.h"

/* ZSTD_nextInputType's ZSTDnit_lastBlock: a block like the others. */
#define NIT_LAST_BLOCK	3
/* ZSTD_error_srcSize_wrong, the same number in both libraries. */
#define ERR_SRC_WRONG	((size_t)-72)

struct bm_ops {
	size_t (*begin)(void *dctx, const struct bm_request *req);
	size_t (*next_size)(void *dctx);
	int (*next_type)(void *dctx);
	size_t (*cont)(void *dctx, void *dst, size_t cap, const void *src, size_t len);
};

static size_t kernel_begin(void *dctx, const struct bm_request *req)
{
	if (req->dict)
		return kh_block_begin_dict(dctx, req->dict, req->dict_len);
	return kh_block_begin(dctx);
}

static size_t ref_begin(void *dctx, const struct bm_request *req)
{
	if (req->dict)
		return ref_block_begin(dctx, req->dict, req->dict_len);
	return ref_block_begin(dctx, req->history, req->history_len);
}

static size_t next_begin(void *dctx, const struct bm_request *req)
{
	(void)req;
	return refn_block_begin(dctx);
}

static const struct bm_ops ops[] = {
	[BM_KERNEL] = { kernel_begin, kh_block_next_size, kh_block_next_type, kh_block_continue },
	[BM_REFERENCE] = { ref_begin, ref_block_next_size, ref_block_next_type,
			   ref_block_continue },
	[BM_NEXT] = { next_begin, refn_block_next_size, refn_block_next_type,
		      refn_block_continue },
};

int bm_is_error(enum bm_side side, size_t code)
{
	if (side == BM_NEXT)
		return (int)refn_is_error(code);
	return side == BM_KERNEL ? (int)zstd_is_error(code) : ref_is_error(code);
}


const char *bm_part_name(enum bm_part part)
{
	static const char *const names[] = { "frame header", "block header", "block", "block",
					     "checksum", "skippable frame" };

	return part <= BM_SKIPPABLE ? names[part] : "?";
}

static void *kernel_dctx(void)
{
	static void *wksp;
	static zstd_dctx *dctx;
	size_t wsize;

	if (!dctx) {
		wsize = zstd_dctx_workspace_bound();
		wksp = wksp ? wksp : malloc(wsize);
		dctx = wksp ? zstd_init_dctx(wksp, wsize) : NULL;
	}
	return dctx;
}

/* The decoding state between units. */
struct bm_walk {
	const struct bm_request *req;
	const struct bm_ops *ops;
	void *dctx;
	uint8_t *dst;
	size_t in, out;
	unsigned int block;		/* the block of the frame a header opens next */
};

/* One unit; returns 0 when the frame goes on, 1 when it ended, -1 on failure. */
static int step(struct bm_walk *w, struct block_map *m)
{
	const struct bm_request *req = w->req;
	size_t need = w->ops->next_size(w->dctx), ret;
	int type = w->ops->next_type(w->dctx);
	struct bm_unit u = { m->nframes - 1, w->block, type == NIT_LAST_BLOCK ? BM_BLOCK : type,
			     w->in, need, w->out, 0 };

	if (!need)
		return 1;
	if (u.part == BM_BLOCK_HEADER)
		u.block = w->block++;
	else if (u.part == BM_BLOCK)
		u.block = w->block - 1;
	ret = need > req->len - w->in ? ERR_SRC_WRONG :
	      w->ops->cont(w->dctx, w->dst + w->out, req->cap - w->out, req->src + w->in, need);
	if (bm_is_error(req->side, ret)) {
		m->fail = u;
		m->error = ret;
		return -1;
	}
	u.out_len = ret;
	if (u.part == BM_BLOCK && req->find - w->out < ret && !m->have_found) {
		m->found = u;
		m->have_found = 1;
	}
	if (u.part == BM_BLOCK && !u.frame && u.block == req->find_block) {
		m->block = u;
		m->have_block = 1;
	}
	if (req->find_in_given && req->find_in - w->in < need && !m->have_at) {
		m->at = u;
		m->have_at = 1;
	}
	w->in += need;
	w->out += ret;
	return 0;
}

/* One frame from w->in; returns 0 when it ended, -1 on failure. */
static int frame(struct bm_walk *w, struct block_map *m)
{
	struct bm_frame *f = &m->frames[m->nframes++];
	size_t ret = w->ops->begin(w->dctx, w->req);
	int done = 0;

	f->in_off = w->in;
	f->out_off = w->out;
	w->block = 0;
	if (bm_is_error(w->req->side, ret)) {
		m->fail = (struct bm_unit){ m->nframes - 1, 0, BM_FRAME_HEADER, w->in, 0, w->out, 0 };
		m->error = ret;
		return -1;
	}
	while (!done)
		done = step(w, m);
	if (done < 0)
		return -1;
	f->in_end = w->in;
	f->out_end = w->out;
	return 0;
}

static void *side_dctx(enum bm_side side)
{
	if (side == BM_NEXT)
		return refn_block_dctx();
	return side == BM_KERNEL ? kernel_dctx() : ref_block_dctx();
}

int block_map(const struct bm_request *req, uint8_t *dst, struct block_map *m)
{
	struct bm_walk w = { req, &ops[req->side], NULL, dst, 0, 0, 0 };

	memset(m, 0, sizeof(*m));
	w.dctx = side_dctx(req->side);
	if (!w.dctx)
		return -1;
	while (w.in < req->len) {
		if (req->max_frames && m->nframes == req->max_frames)
			break;
		if (m->nframes == BM_FRAMES_MAX) {
			m->too_many_frames = 1;
			break;
		}
		if (frame(&w, m))
			break;
	}
	m->out_len = w.out;
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "kz.h"
#include "name_list.h"
#include "oracle_ways.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "zstd_frames.h"
#include "zstd_fuzz.h"

static const char *const way_target[] = { "decompress_oneshot", "decompress_stream",
					  "frame_header", "decompress_stream", "frame_header" };
/* The decompress_stream target's largest workspace window. */
#define WAY_STREAM_WINDOW	((size_t)1 << 23)

/* The reference streamed: the first byte alone, then the rest until the frame ends. */
static size_t ref_split(struct ref_dstream *rds, uint8_t *out, const uint8_t *z, size_t len)
{
	size_t in = 0, op = 0, ret = ref_dstream_step(rds, out, WAY_OUT_CAP, &op, z, len ? 1 : 0, &in);
	size_t in0 = in, op0 = op;

	while (!ref_is_error(ret) && ret) {
		ret = ref_dstream_step(rds, out, WAY_OUT_CAP, &op, z, len, &in);
		if (in == in0 && op == op0)
			break;
		in0 = in;
		op0 = op;
	}
	return ref_is_error(ret) || !ret ? (ret ? ret : op) : (size_t)-72;	/* srcSize_wrong */
}

static size_t next_step(void *ctx, void *dst, size_t dst_size, size_t *dst_pos,
			const void *src, size_t src_size, size_t *src_pos)
{
	return refn_dstream_step(ctx, dst, dst_size, dst_pos, src, src_size, src_pos);
}

static int next_is_error(size_t code)
{
	return refn_is_error(code);
}

/* 1.5.7 the way w (the split way all at once: it streams like 1.5.4). */
static void run_next(struct way_run *run, const uint8_t *z, size_t len)
{
	struct fuzz_dstream ds = { .step = next_step, .is_error = next_is_error };
	struct fuzz_chunks all = { 1, 0 };
	size_t end = zf_frames_end(z, len), ret, used;
	struct zo_header_fields h;

	run->has_n = refn_available();
	if (!run->has_n)
		return;
	switch (run->way) {
	case WAY_ONESHOT:
		ret = refn_decompress(run->nout, WAY_OUT_CAP, z, len);
		break;
	case WAY_HEADER:
		fuzz_ref_header(&h, z + end, len - end, 1);
		memcpy(run->nout, &h, sizeof(h));
		zo_next_result(&run->n, "zstd 1.5.7 header", h.ret, run->nout, sizeof(h));
		return;
	case WAY_SIZE:
		ret = refn_find_frame_compressed_size(z + end, len - end);
		zo_next_result(&run->n, "zstd 1.5.7 size", ret, NULL, 0);
		return;
	default:
		ds.ctx = refn_dstream(FUZZ_WINDOW_DEFAULT);
		ret = fuzz_dstream_run(&ds, &run->c, all, run->nout, WAY_OUT_CAP, z, len, &used);
		break;
	}
	zo_next_result(&run->n, "zstd 1.5.7", ret, run->nout, ret);
}

/*
 * Where the kernel agrees with 1.5.4 and 1.5.7 differs (and not all three
 * reject), 1.5.7 judges (zo_verdict3's rule 3c): the run's reference result
 * is then 1.5.7's.
 */
static void judge_by_next(struct way_run *run)
{
	size_t diff;

	if (run->has_n && !zo_refs_agree(&run->r, &run->n) &&
	    zo_judge(&run->k, &run->r, &diff) == ZO_AGREE && !(run->k.is_error && run->n.is_error))
		run->r = run->n;
}

static void run_stream(struct way_run *run, const uint8_t *z, size_t len, int split)
{
	struct ref_dstream *rds = ref_dstream_create(FUZZ_WINDOW_DEFAULT);
	struct fuzz_dstream ds = { .step = (fuzz_dstream_step)ref_dstream_step, .ctx = rds,
				   .is_error = ref_is_error };
	struct fuzz_chunks all = { 1, 0 };
	size_t kret, rret, used;

	kret = kz_decompress_stream(run->kout, WAY_OUT_CAP, z, len, WAY_STREAM_WINDOW, split);
	if (split)
		rret = ref_split(rds, run->rout, z, len);
	else
		rret = fuzz_dstream_run(&ds, &run->c, all, run->rout, WAY_OUT_CAP, z, len, &used);
	zo_kernel_result(&run->k, "kernel stream", kret, run->kout, kret);
	zo_ref_result(&run->r, "reference stream", rret, run->rout, rret);
	run->c.frames = 1;
	run->c.stream_window = FUZZ_WINDOW_DEFAULT;
	ref_dstream_free(rds);
}

static void run_header(struct way_run *run, const uint8_t *z, size_t len, int size)
{
	size_t end = zf_frames_end(z, len), kret, rret;
	struct zo_header_fields kh, rh;

	if (size) {
		kret = zstd_find_frame_compressed_size(z + end, len - end);
		rret = ref_find_frame_compressed_size(z + end, len - end);
		zo_kernel_result(&run->k, "kernel size", kret, NULL, 0);
		zo_ref_result(&run->r, "reference size", rret, NULL, 0);
	} else {
		/* The fields, as the frame_header target compares them. */
		fuzz_kernel_header(&kh, z + end, len - end);
		fuzz_ref_header(&rh, z + end, len - end, 0);
		memcpy(run->kout, &kh, sizeof(kh));
		memcpy(run->rout, &rh, sizeof(rh));
		zo_kernel_result(&run->k, "kernel header", kh.ret, run->kout, sizeof(kh));
		zo_ref_result(&run->r, "reference header", rh.ret, run->rout, sizeof(rh));
	}
	run->c.zdata = z + end;
	run->c.zdata_len = len - end;
	run->c.header_only = 1;
}

struct way_run *way_run(enum way w, const uint8_t *z, size_t len)
{
	struct way_run *run = calloc(1, sizeof(*run));
	size_t kret, rret;

	if (!run)
		abort();
	run->way = w;
	run->c = (struct zo_case){ .target = way_target[w], .input = z, .input_len = len,
				   .zdata = z, .zdata_len = len };
	if (w == WAY_STREAM || w == WAY_STREAM_SPLIT) {
		run_stream(run, z, len, w == WAY_STREAM_SPLIT);
	} else if (w == WAY_HEADER || w == WAY_SIZE) {
		run_header(run, z, len, w == WAY_SIZE);
	} else {
		kret = kz_decompress(run->kout, WAY_OUT_CAP, z, len);
		rret = ref_decompress(run->rout, WAY_OUT_CAP, z, len);
		zo_kernel_result(&run->k, "kernel one-shot", kret, run->kout, kret);
		zo_ref_result(&run->r, "reference one-shot", rret, run->rout, rret);
	}
	run_next(run, z, len);
	judge_by_next(run);
	return run;
}

struct way_run *way_first_divergence(const uint8_t *z, size_t len)
{
	for (enum way w = WAY_ONESHOT; w < WAYS; w++) {
		struct way_run *run = way_run(w, z, len);
		size_t diff;

		if (zo_judge(&run->k, &run->r, &diff) != ZO_AGREE)
			return run;
		free(run);
	}
	return NULL;
}

struct way_run *way_first_class(const uint8_t *z, size_t len, const struct zo_known *e)
{
	for (enum way w = WAY_ONESHOT; w < WAYS; w++) {
		struct way_run *run;
		size_t diff;

		if (!name_in_list(e->targets, way_target[w]))
			continue;
		run = way_run(w, z, len);
		if (!strcmp(zo_class_name(zo_judge(&run->k, &run->r, &diff)), e->class_name))
			return run;
		free(run);
	}
	return NULL;
}

enum zo_class way_verdict(struct way_run *run, struct zo_verdict *v)
{
	return zo_verdict(&run->c, &run->k, &run->r, v);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Frames built by construction (fuzz/spec/: the input is a sequence of
 * choices) and judged against what they were built to be. A valid frame:
 * the kernel's zstd_decompress_dctx, libzstd 1.5.4 and zstd 1.5.7 (when
 * built) must each decode it to exactly the built content, with a capacity
 * of exactly that size; a side that rejects it is a finding against that
 * side even when all reject it, unless a known divergence localizes it
 * (its predicate holds at that side's failing unit). A frame built invalid: the three
 * are judged against each other as decompress_oneshot judges them, and
 * all three accepting it is a finding. The kernel's streaming decoder
 * (zstd_init_dstream, zstd_decompress_stream frame after frame, window and
 * chunks from the input's tail as decompress_stream takes them) decodes
 * every input too, and a valid one must give the built content the same
 * way. At exit: the features the inputs reached and the known divergences
 * they met (spec_stats_print).
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_timing.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "spec.h"
#include "spec_frames_stats.h"
#include "zstd_fuzz.h"

#define TARGET "spec_frames"

struct sides {
	struct zo_result k, r, n;
	int have_next;
};

static void decode_all(const struct zo_case *c, size_t cap, struct sides *s)
{
	size_t wsize = zstd_dctx_workspace_bound(), ret;
	void *wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	uint8_t *kout = fuzz_buf(FUZZ_SLOT_KERNEL, cap), *rout = fuzz_buf(FUZZ_SLOT_REF, cap);
	uint8_t *nout = fuzz_buf(FUZZ_SLOT_NEXT, cap);
	zstd_dctx *dctx;

	if (!wksp || !kout || !rout || !nout)
		abort();
	fuzz_poison(kout, cap, FUZZ_SLOT_KERNEL);
	fuzz_poison(rout, cap, FUZZ_SLOT_REF);
	FUZZ_LIB(dctx = zstd_init_dctx(wksp, wsize));
	if (!dctx)
		zo_contract(c, "zstd_init_dctx failed on a workspace of zstd_dctx_workspace_bound() = %zu bytes", wsize);
	FUZZ_LIB(ret = zstd_decompress_dctx(dctx, kout, cap, c->zdata, c->zdata_len));
	if (!zstd_is_error(ret) && ret > cap)
		zo_contract(c, "zstd_decompress_dctx returned %zu bytes into a capacity of %zu", ret, cap);
	zo_kernel_result(&s->k, "zstd_decompress_dctx", ret, kout, ret);
	FUZZ_LIB(ret = ref_decompress(rout, cap, c->zdata, c->zdata_len));
	zo_ref_result(&s->r, "ZSTD_decompressDCtx", ret, rout, ret);
	s->have_next = refn_available();
	if (s->have_next) {
		fuzz_poison(nout, cap, FUZZ_SLOT_NEXT);
		FUZZ_LIB(ret = refn_decompress(nout, cap, c->zdata, c->zdata_len));
		zo_next_result(&s->n, "zstd 1.5.7 ZSTD_decompressDCtx", ret, nout, ret);
	}
}

__attribute__((noreturn))
static void finding(const struct zo_case *c, enum zo_class cls, const char *detail,
		    const struct zo_result *a, const struct zo_result *b, const struct zo_site *site)
{
	zo_report(stderr, c, cls, detail, a, b, site);
	abort();
}

/*
 * A reference that did not decode the valid frame to its content: excused
 * only where it failed on a unit at which a known kernel-rejects entry's
 * predicate holds (the documented erratum, in that reference too).
 */
static void judge_reference(const struct zo_case *c, const struct zo_result *e,
			    const struct zo_result *ref)
{
	const struct zo_known *known = NULL;
	struct zo_verdict rv;
	char detail[256];

	if (zo_judge(ref, e, &(size_t){ 0 }) == ZO_AGREE)
		return;
	zo_verdict(c, e, ref, &rv);
	if (ref->is_error && rv.site.located && !rv.site.before_failure)
		known = zo_known_match(ZO_KERNEL_REJECTS, &rv.site);
	if (known) {
		spec_frames_note_reference(ref->who, known->id);
		return;
	}
	snprintf(detail, sizeof(detail), "%s %s a frame built valid",
		 ref->who, ref->is_error ? "rejects" : "decodes to other bytes");
	finding(c, ZO_SPEC_REFERENCE, detail, e, ref, &rv.site);
}

static void judge_valid(const struct zo_case *c, const struct spec_result *res,
			const struct sides *s)
{
	struct zo_result e;
	struct zo_verdict v;

	zo_bytes_result(&e, "the built content", res->content, res->content_len);
	zo_verdict(c, &s->k, &e, &v);
	if (v.cls == ZO_KNOWN) {
		zo_note_known(&v);
		spec_frames_note_known(v.known->id);
	} else if (v.cls != ZO_AGREE) {
		finding(c, v.cls, "the kernel against the content the frame was built to have",
			&s->k, &e, &v.site);
	}
	judge_reference(c, &e, &s->r);
	if (s->have_next)
		judge_reference(c, &e, &s->n);
}

/* The streaming decoder's window and chunks (the input's tail: decompress_stream's first two). */
struct stream_params {
	size_t max_window;
	struct fuzz_chunks chunks;
};

/*
 * Every frame through one zstd_dstream into out (cap bytes): a run of
 * fuzz_dstream_run ends with its frame, and the next begins where it
 * stopped. *at: where the last run began (the frame a failure is in).
 */
static size_t stream_all(const struct zo_case *c, const struct stream_params *p,
			 zstd_dstream *zds, uint8_t *out, size_t cap, size_t *at)
{
	struct fuzz_dstream ds = { .step = fuzz_kernel_dstream_step, .ctx = zds,
				   .is_error = fuzz_kernel_is_error, .kernel = 1 };
	size_t in_pos = 0, out_pos = 0, used, ret;

	do {
		*at = in_pos;
		ret = fuzz_dstream_run(&ds, c, p->chunks, out + out_pos, cap - out_pos,
				       c->zdata + in_pos, c->zdata_len - in_pos, &used);
		if (zstd_is_error(ret))
			return ret;
		in_pos += used;
		out_pos += ret;
	} while (used && in_pos < c->zdata_len);
	return out_pos;
}

/*
 * The kernel's streaming decoding of every input (the one-shot results are
 * judged by now: its output buffer is reused); a valid frame's is judged
 * against the built content, but for a refusal of a window over max_window.
 */
static void judge_stream(const struct zo_case *c, const struct spec_result *res,
			 const struct stream_params *p)
{
	uint8_t *out = fuzz_buf(FUZZ_SLOT_KERNEL, res->content_len);
	size_t wsize, at = 0, ret;
	struct zo_result k, e;
	struct zo_verdict v;
	zstd_dstream *zds;
	void *wksp;

	FUZZ_LIB(wsize = zstd_dstream_workspace_bound(p->max_window));
	wksp = fuzz_workspace(FUZZ_SLOT_STREAM, wsize);
	if (!wksp || !out)
		abort();
	fuzz_poison(out, res->content_len, FUZZ_SLOT_KERNEL);
	FUZZ_LIB(zds = zstd_init_dstream(p->max_window, wksp, wsize));
	if (!zds)
		zo_contract(c, "zstd_init_dstream(%zu) failed on a workspace of its bound, %zu bytes",
			    p->max_window, wsize);
	ret = stream_all(c, p, zds, out, res->content_len, &at);
	if (res->defect != SPEC_VALID)
		return;
	if (zstd_is_error(ret) && fuzz_window_refusal(ret)) {
		unsigned long long window = fuzz_frame_window(c->zdata + at, c->zdata_len - at);

		if (window > p->max_window) {
			zo_note_window_refused(c, window, p->max_window);
			return;
		}
	}
	zo_kernel_result(&k, "zstd_decompress_stream", ret, out, ret);
	zo_bytes_result(&e, "the built content", res->content, res->content_len);
	zo_verdict(c, &k, &e, &v);
	if (v.cls == ZO_KNOWN)
		zo_note_known(&v);
	else if (v.cls != ZO_AGREE)
		finding(c, v.cls, "the kernel's streaming decoder against the built content",
			&k, &e, &v.site);
}

static void judge_invalid(const struct zo_case *c, const struct spec_result *res,
			  const struct sides *s)
{
	char detail[160];

	zo_expect3(c, "one-shot decompression of a frame built invalid", &s->k, &s->r,
		   s->have_next ? &s->n : NULL);
	if (s->k.is_error || s->r.is_error || (s->have_next && s->n.is_error))
		return;
	snprintf(detail, sizeof(detail), "every side accepts a frame built invalid (%s)",
		 spec_defect_name(res->defect));
	finding(c, ZO_SPEC_ACCEPTS_INVALID, detail, &s->k, &s->r, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct spec_result res;
	struct fuzz_input tail, choices, frames;
	struct stream_params sp;
	struct sides s;
	struct zo_case c;

	fuzz_timing_input_begin(TARGET);
	fuzz_note_references();
	/* The streaming parameters come from the trailer, if any; the rest is all choices. */
	fuzz_input_init(&tail, data, size);
	sp.max_window = fuzz_input_u32(&tail, 1 << 10, 1 << 24, 1 << 23);
	fuzz_chunks_init(&sp.chunks, &tail);
	spec_choices_init(&choices, tail.payload, tail.payload_len);
	if (!spec_build(&choices, &res))
		abort();
	spec_frames_count(&res);
	frames = (struct fuzz_input){ .payload = res.data, .payload_len = res.len };
	if (!fuzz_guard_payload(&frames, res.len))
		abort();
	c = (struct zo_case){ .target = TARGET, .input = data, .input_len = size,
			      .zdata = frames.payload, .zdata_len = res.len,
			      .out_cap = res.content_len, .out_cap_given = 1 };
	decode_all(&c, res.content_len, &s);
	if (res.defect == SPEC_VALID)
		judge_valid(&c, &res, &s);
	else
		judge_invalid(&c, &res, &s);
	judge_stream(&c, &res, &sp);
	fuzz_timing_input_end();
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_init_dstream(max_window) on a workspace of exactly
 * zstd_dstream_workspace_bound(max_window), input and output in chunks the
 * input chooses (0 and 1 byte included), zstd_reset_dstream part-way and
 * reuse, against the references' ZSTD_decompressStream on the same chunks
 * (1.5.4, and 1.5.7 when built).
 * A frame whose window exceeds max_window may fail on the kernel side, but
 * never crash or overrun; when it succeeds its output must be right.
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "fuzz_timing.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "zstd_fuzz.h"

#define TARGET "decompress_stream"

static size_t ref_step(void *ctx, void *dst, size_t dst_size, size_t *dst_pos,
		       const void *src, size_t src_size, size_t *src_pos)
{
	return ref_dstream_step(ctx, dst, dst_size, dst_pos, src, src_size, src_pos);
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

/*
 * An output slot across inputs: the last input wrote [0, touched) (a
 * buffered streaming decoder writes into the output only what it hands
 * over, its flushes), and [touched, clean) is the slot's poison. Past
 * clean the bytes are unknown: a run that hands over more is run again
 * after poisoning all it handed over (stream_side), so the poison costs
 * what the decoders hand over, never the 16 MiB of room up front.
 */
struct stream_slot {
	size_t touched, clean;
};

struct stream_case {
	const struct zo_case *c;
	struct fuzz_chunks chunks;
	size_t max_window;
	size_t reset_at;	/* input bytes of a first, abandoned pass; 0: none */
	uint8_t *kout, *rout, *nout;	/* nout: zstd 1.5.7's, NULL when not built */
	struct stream_slot *kslot, *rslot, *nslot;
	size_t kproduced, rproduced, nproduced;	/* what each run produced, error or not */
	size_t nret;
	int no_memory;		/* a reference's context could not be made: not judged */
	void *wksp;		/* the kernel's workspace, wsize bytes */
	size_t wsize;
};

/* One side's whole run from a fresh context: its result; *produced what it handed over. */
typedef size_t (*stream_run)(struct stream_case *s, size_t *produced, size_t *consumed);

/*
 * A side's run into out with the slot's poison under every byte it hands
 * over: what the last input wrote is poisoned first, and a run that hands
 * over bytes past the known poison poisons them and runs again.
 */
static size_t stream_side(struct stream_case *s, stream_run run, uint8_t *out,
			  enum fuzz_slot slot, struct stream_slot *st, size_t *produced,
			  size_t *consumed)
{
	size_t ret;

	fuzz_poison(out, st->touched, slot);
	for (;;) {
		ret = run(s, produced, consumed);
		if (*produced <= st->clean)
			break;
		fuzz_poison(out, *produced, slot);
		st->clean = *produced;
	}
	st->touched = *produced;
	return ret;
}

static size_t kernel_run(struct stream_case *s, size_t *produced, size_t *consumed)
{
	struct fuzz_dstream ds = { .step = fuzz_kernel_dstream_step,
				   .is_error = fuzz_kernel_is_error, .kernel = 1 };
	const struct zo_case *c = s->c;
	zstd_dstream *zds;
	size_t ret;

	zds = fuzz_kernel_dstream(s->max_window, s->wksp, s->wsize);
	if (!zds)
		zo_contract(c, "zstd_init_dstream(%zu) failed on a workspace of its bound, %zu bytes",
			    s->max_window, s->wsize);
	ds.ctx = zds;
	if (s->reset_at) {
		fuzz_dstream_run(&ds, c, s->chunks, s->kout, FUZZ_OUT_LIMIT, c->zdata, s->reset_at,
				 consumed);
		FUZZ_LIB(ret = zstd_reset_dstream(zds));
		if (zstd_is_error(ret))
			zo_contract(c, "zstd_reset_dstream failed: %s", zstd_get_error_name(ret));
		/* The abandoned pass's bytes must not pass for the second one's. */
		fuzz_poison(s->kout, ds.produced, FUZZ_SLOT_KERNEL);
	}
	ret = fuzz_dstream_run(&ds, c, s->chunks, s->kout, FUZZ_OUT_LIMIT, c->zdata, c->zdata_len,
			       consumed);
	*produced = ds.produced;
	return ret;
}

/* zstd 1.5.4's run on the same chunks, on a fresh context. */
static size_t ref_run(struct stream_case *s, size_t *produced, size_t *consumed)
{
	struct fuzz_dstream ds = { .step = ref_step, .ctx = fuzz_ref_dstream(),
				   .is_error = ref_is_error };
	size_t ret;

	*produced = 0;
	if (!ds.ctx) {
		s->no_memory = 1;
		return 0;
	}
	ret = fuzz_dstream_run(&ds, s->c, s->chunks, s->rout, FUZZ_OUT_LIMIT, s->c->zdata,
			       s->c->zdata_len, consumed);
	*produced = ds.produced;
	return ret;
}

/* zstd 1.5.7's run on the same chunks (the same window as 1.5.4's), on a fresh context. */
static size_t next_run(struct stream_case *s, size_t *produced, size_t *consumed)
{
	struct fuzz_dstream ds = { .step = next_step, .is_error = next_is_error };
	size_t ret;

	*produced = 0;
	FUZZ_LIB(ds.ctx = refn_dstream(FUZZ_WINDOW_DEFAULT));
	if (!ds.ctx) {
		s->no_memory = 1;
		return 0;
	}
	ret = fuzz_dstream_run(&ds, s->c, s->chunks, s->nout, FUZZ_OUT_LIMIT, s->c->zdata,
			       s->c->zdata_len, consumed);
	*produced = ds.produced;
	return ret;
}

/* Its result beside k and r (NULL when not built), over the limit alike. */
static struct zo_result *next_result(const struct stream_case *s, struct zo_result *n)
{
	if (!s->nout)
		return NULL;
	zo_next_result(n, "zstd 1.5.7 ZSTD_decompressStream", s->nret, s->nout, s->nret);
	if (s->nret == FUZZ_ERR_DST_TOO_SMALL && s->nproduced == FUZZ_OUT_LIMIT)
		zo_bytes_result(n, "zstd 1.5.7 ZSTD_decompressStream, first bytes", s->nout,
				FUZZ_OUT_LIMIT);
	return n;
}

static void compare(const struct stream_case *s, size_t kret, size_t kused,
		    size_t rret, size_t rused)
{
	struct zo_case over = *s->c;
	const struct zo_case *c = &over;
	struct zo_result k, r, n;
	unsigned long long window = fuzz_frame_window(c->zdata, c->zdata_len);

	zo_kernel_result(&k, "zstd_decompress_stream", kret, s->kout, kret);
	zo_ref_result(&r, "ZSTD_decompressStream", rret, s->rout, rret);
	/* Past the workspace's window the kernel may refuse, for that reason only. */
	if (window > s->max_window && k.is_error && fuzz_window_refusal(kret)) {
		zo_note_window_refused(c, window, s->max_window);
		return;
	}
	/*
	 * Both outputs run past FUZZ_OUT_LIMIT: what each produced up to it is
	 * compared, and the rest is unjudged (over_cap).
	 */
	if (kret == FUZZ_ERR_DST_TOO_SMALL && rret == FUZZ_ERR_DST_TOO_SMALL &&
	    s->kproduced == FUZZ_OUT_LIMIT && s->rproduced == FUZZ_OUT_LIMIT) {
		over.over_cap = 1;
		zo_bytes_result(&k, "zstd_decompress_stream, first bytes", s->kout, FUZZ_OUT_LIMIT);
		zo_bytes_result(&r, "ZSTD_decompressStream, first bytes", s->rout, FUZZ_OUT_LIMIT);
	}
	zo_expect3(c, "streaming decompression", &k, &r, next_result(s, &n));
	if (!k.is_error && !r.is_error && kused != rused)
		zo_contract(c, "the frame ended after %zu input bytes in the kernel, %zu in the reference",
			    kused, rused);
}

static void run_case(struct stream_case *s)
{
	size_t kret, rret, kused = 0, rused = 0, nused;

	FUZZ_LIB(s->wsize = zstd_dstream_workspace_bound(s->max_window));
	s->wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, s->wsize);
	if (!s->wksp)
		return;
	kret = stream_side(s, kernel_run, s->kout, FUZZ_SLOT_KERNEL, s->kslot, &s->kproduced,
			   &kused);
	rret = stream_side(s, ref_run, s->rout, FUZZ_SLOT_REF, s->rslot, &s->rproduced, &rused);
	if (s->no_memory)
		return;
	if (s->nout)
		s->nret = stream_side(s, next_run, s->nout, FUZZ_SLOT_NEXT, s->nslot,
				      &s->nproduced, &nused);
	/* Without 1.5.7's context: judged by the other two, as when it is not built. */
	if (s->no_memory)
		s->nout = NULL;
	compare(s, kret, kused, rret, rused);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct stream_slot kslot, rslot, nslot;
	struct fuzz_input in;
	struct zo_case c;
	struct stream_case s;

	uint8_t *kout = fuzz_buf(FUZZ_SLOT_KERNEL, FUZZ_OUT_LIMIT);
	uint8_t *rout = fuzz_buf(FUZZ_SLOT_REF, FUZZ_OUT_LIMIT);
	uint8_t *nout = refn_available() ? fuzz_buf(FUZZ_SLOT_NEXT, FUZZ_OUT_LIMIT) : NULL;

	fuzz_timing_input_begin(TARGET);
	fuzz_note_references();
	if (!kout || !rout)
		abort();
	fuzz_input_init(&in, data, size);
	if (!fuzz_guard_payload(&in, in.payload_len))
		abort();
	/* Both streaming decoders stop at the end of the first frame. */
	c = (struct zo_case){ .target = TARGET, .input = data, .input_len = size,
			      .zdata = in.payload, .zdata_len = in.payload_len, .frames = 1,
			      .out_cap = FUZZ_OUT_LIMIT, .out_cap_given = 1,
			      .stream_window = FUZZ_WINDOW_DEFAULT };
	s = (struct stream_case){ .c = &c, .kout = kout, .rout = rout, .nout = nout,
				  .kslot = &kslot, .rslot = &rslot, .nslot = &nslot };
	/* 1 KB .. 16 MB (a window over 8 MB), not only powers of two; default 8 MB. */
	s.max_window = fuzz_input_u32(&in, 1 << 10, 1 << 24, 1 << 23);
	fuzz_chunks_init(&s.chunks, &in);
	s.reset_at = fuzz_input_u32(&in, 0, (uint32_t)in.payload_len, 0);
	run_case(&s);
	fuzz_timing_input_end();
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's boot and initramfs decompressor, lib/decompress_unzstd.c's
 * unzstd(), in its one-buffer mode and its fill/flush callback modes,
 * against the reference decoding the first frame of the same input the same
 * way (libzstd 1.5.4, and zstd 1.5.7 when built): one-shot for the
 * one-buffer mode (unzstd then calls
 * zstd_decompress_dctx), streamed for the others. The two ways differ on
 * corrupt frames in both zstd versions (an empty compressed block is
 * skipped streamed, rejected one-shot).
 */
#include <linux/zstd_errors.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_timing.h"
#include "kz.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "zstd_fuzz.h"

#define TARGET "unzstd"
/* lib/decompress_unzstd.c's ZSTD_IOBUF_SIZE: what fill() is asked for. */
#define UNZSTD_IOBUF_SIZE (1 << 17)
/*
 * The unbounded modes' buffer also has this much room past the reference's
 * size and the slack, poisoned: a kernel that writes more than the
 * reference decoded shows there, and its length is where the writing ends.
 */
#define UNZSTD_EXTRA 4096
/*
 * ZSTD_FRAMEHEADERSIZE_MAX. unzstd() reads the frame header from what its
 * first fill() call gave, alone ("incomplete frame header" otherwise); the
 * in-tree fill()s (init/do_mounts_rd.c crd_infill) read whole blocks, so the
 * first call gives at least this much, or all there is.
 */
#define UNZSTD_FIRST_FILL 18

/* As include/linux/decompress/unzstd.h declares it. */
int unzstd(unsigned char *inbuf, long len, long (*fill)(void *, unsigned long),
	   long (*flush)(void *, unsigned long), unsigned char *output, long *pos,
	   void (*error)(char *x));

enum unzstd_mode { MODE_ONE_BUFFER, MODE_FILL_FLUSH, MODE_BUFFER_FLUSH, MODE_FILL_BUFFER };

/* The callbacks take no context: one input at a time, in these. */
static struct {
	const uint8_t *src;
	size_t len, pos;
	struct fuzz_chunks chunks;
	uint8_t *out;
	size_t out_len, out_size;
	const char *error;
} cb;

static long fill(void *buf, unsigned long size)
{
	size_t n;

	/*
	 * 0 is the end of the input, not "nothing yet": the one in-tree
	 * caller with a fill(), init/do_mounts_rd.c compr_fill(), returns
	 * kernel_read()'s 0 at EOF and < 0 on a read error
	 * (include/linux/decompress/generic.h: fill "to fill inbuf when
	 * empty"). So a chunk is at least 1 byte while input remains, and
	 * the end is -1: unzstd() stops at once ("truncated").
	 */
	if (cb.pos == cb.len)
		return -1;
	n = 1 + fuzz_chunk_next(&cb.chunks, cb.len - cb.pos - 1);
	if (!cb.pos && n < UNZSTD_FIRST_FILL)
		n = cb.len < UNZSTD_FIRST_FILL ? cb.len : UNZSTD_FIRST_FILL;
	if (n > size)
		n = size;
	memcpy(buf, cb.src + cb.pos, n);
	cb.pos += n;
	return (long)n;
}

static long flush(void *buf, unsigned long size)
{
	if (size > FUZZ_OUT_LIMIT - cb.out_len)
		return 0;	/* past the limit: unzstd reports a failed flush */
	memcpy(cb.out + cb.out_len, buf, size);
	cb.out_len += size;
	return (long)size;
}

static void error(char *msg)
{
	cb.error = msg;
}

/*
 * What the streamed runs of the references handed over, error or not: only
 * a run that filled FUZZ_OUT_LIMIT ran out of room, and only then are its
 * first bytes the measure of what the kernel flushed.
 */
static size_t ref_made, next_made;

/* The reference's answer: the first frame, streamed like unzstd does. */
static size_t ref_first_frame(const struct zo_case *c, uint8_t *out)
{
	struct ref_dstream *rds = fuzz_ref_dstream();
	struct fuzz_dstream ds = { .step = (fuzz_dstream_step)ref_dstream_step, .ctx = rds,
				   .is_error = ref_is_error };
	struct fuzz_chunks all = { 1, 0 };
	size_t used, ret;

	if (!rds)
		abort();
	ret = fuzz_dstream_run(&ds, c, all, out, FUZZ_OUT_LIMIT, c->zdata, c->zdata_len, &used);
	ref_made = ds.produced;
	return ret;
}

/* The reference's answer the one-shot way, as decompress_single() does it. */
static size_t ref_first_frame_oneshot(const struct zo_case *c, uint8_t *out)
{
	size_t flen, ret;

	FUZZ_LIB(flen = ref_find_frame_compressed_size(c->zdata, c->zdata_len));
	if (ref_is_error(flen))
		return flen;
	FUZZ_LIB(ret = ref_decompress(out, FUZZ_OUT_MAX, c->zdata, flen));
	return ret;
}

static size_t ref_answer(const struct zo_case *c, enum unzstd_mode mode, uint8_t *out)
{
	return mode == MODE_ONE_BUFFER ? ref_first_frame_oneshot(c, out) : ref_first_frame(c, out);
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

/* zstd 1.5.7's answer, the same way as the reference's; -1 (an error) when none. */
static size_t next_answer(const struct zo_case *c, enum unzstd_mode mode, uint8_t *out)
{
	struct fuzz_dstream ds = { .step = next_step, .is_error = next_is_error };
	struct fuzz_chunks all = { 1, 0 };
	size_t flen, ret, used;

	if (mode == MODE_ONE_BUFFER) {
		FUZZ_LIB(flen = refn_find_frame_compressed_size(c->zdata, c->zdata_len));
		if (refn_is_error(flen))
			return flen;
		FUZZ_LIB(ret = refn_decompress(out, FUZZ_OUT_MAX, c->zdata, flen));
		return ret;
	}
	FUZZ_LIB(ds.ctx = refn_dstream(FUZZ_WINDOW_DEFAULT));
	if (!ds.ctx)
		abort();
	ret = fuzz_dstream_run(&ds, c, all, out, FUZZ_OUT_LIMIT, c->zdata, c->zdata_len, &used);
	next_made = ds.produced;
	return ret;
}

/* Its result beside the reference's; NULL when not built. */
static struct zo_result *next_result(const struct zo_case *c, enum unzstd_mode mode,
				     struct zo_result *n)
{
	uint8_t *nout;
	size_t nret;

	if (!refn_available() || !(nout = fuzz_buf(FUZZ_SLOT_NEXT, FUZZ_OUT_LIMIT)))
		return NULL;
	nret = next_answer(c, mode, nout);
	zo_next_result(n, mode == MODE_ONE_BUFFER ? "zstd 1.5.7 first frame, one-shot" :
		       "zstd 1.5.7 first frame", nret, nout, nret);
	return n;
}

/*
 * With one output buffer unzstd() tells zstd the buffer never ends
 * (out_len = UINTPTR_MAX - out_buf), so zstd may write past the decoded
 * data as far as its decoder's slack (kh_decoder_slack: 32 bytes of wild
 * copies in 1.4.10, literals 128 KiB past a block in 1.5.x): a caller must
 * leave it (see corpus/findings.txt). KZFUZZ_UNZSTD_EXACT=1 gives no slack,
 * to reproduce those findings.
 */
static size_t slack(void)
{
	static int exact = -1;

	if (exact < 0) {
		exact = getenv("KZFUZZ_UNZSTD_EXACT") != NULL;
		/* Triage tells findings of this mode apart (fuzz/crash-match.sh). */
		if (exact)
			fprintf(stderr, "kzfuzz: env KZFUZZ_UNZSTD_EXACT=1: no output slack\n");
	}
	return exact ? 0 : kh_decoder_slack();
}

/* Modes that write into one output buffer, with no bound. */
static int unbounded(enum unzstd_mode mode)
{
	return mode == MODE_ONE_BUFFER || mode == MODE_FILL_BUFFER;
}

/* Their buffer: the reference's size (1 MiB if it failed), the slack, the room past it. */
static size_t unbounded_size(size_t ref_size)
{
	return (ref_is_error(ref_size) ? FUZZ_OUT_MAX : ref_size) +
	       (slack() ? slack() + UNZSTD_EXTRA : 0);
}

/*
 * unzstd says nothing of the size it wrote: where the unpoisoned bytes end,
 * or the reference's size when they end within it and the slack (the last
 * bytes may equal the poison; wild copies may write the slack).
 */
static size_t written_len(size_t ref_size)
{
	size_t end = fuzz_poison_end(cb.out, cb.out_size, FUZZ_SLOT_KERNEL);

	if (!ref_is_error(ref_size) && end <= ref_size + slack())
		return ref_size;
	return end;
}

static int run_unzstd(enum unzstd_mode mode, const struct zo_case *c, size_t ref_size, long *pos)
{
	uint8_t *in = (uint8_t *)c->zdata;
	int ret;

	switch (mode) {
	case MODE_ONE_BUFFER:
		FUZZ_LIB(ret = unzstd(in, (long)c->zdata_len, NULL, NULL, cb.out, pos, error));
		break;
	case MODE_FILL_FLUSH:
		FUZZ_LIB(ret = unzstd(NULL, 0, fill, flush, NULL, pos, error));
		break;
	case MODE_BUFFER_FLUSH:
		FUZZ_LIB(ret = unzstd(in, (long)c->zdata_len, NULL, flush, NULL, pos, error));
		break;
	default:
		FUZZ_LIB(ret = unzstd(NULL, 0, fill, NULL, cb.out, pos, error));
		break;
	}
	if (!ret && unbounded(mode))
		cb.out_len = written_len(ref_size);
	return ret;
}

static void check_mode(struct zo_case *c, enum unzstd_mode mode, size_t rret,
		       const uint8_t *rout)
{
	static const char *const who[] = { "unzstd one-buffer", "unzstd fill+flush",
					   "unzstd buffer+flush", "unzstd fill+buffer" };
	struct zo_result k, r, n, *np;
	long pos = -1;
	int ret;

	cb.error = NULL;
	cb.out_len = 0;
	ret = run_unzstd(mode, c, rret, &pos);
	zo_ref_result(&r, mode == MODE_ONE_BUFFER ? "reference first frame, one-shot" :
		      "reference first frame", rret, rout, rret);
	/* unzstd gives a message, not a code (error_code 0): only the verdict is compared. */
	k = (struct zo_result){ who[mode], ret ? (size_t)-1 : cb.out_len, ret != 0,
				cb.error ? cb.error : "(no message)", cb.out, ret ? 0 : cb.out_len, 0,
				0 };
	np = next_result(c, mode, &n);
	/*
	 * Past 16 MiB (fill+flush) both fail: what the kernel flushed must be
	 * the reference's first bytes (1.5.7's too, when it refuses alike; when
	 * it does not, the three results are judged); the rest is unjudged. A
	 * reference that said dstSize_tooSmall before filling the 16 MiB (a raw
	 * block over its buffer, say) refused the frame: verdicts only.
	 */
	if (ret && r.is_error && ref_error_code(rret) == ZSTD_error_dstSize_tooSmall &&
	    mode != MODE_ONE_BUFFER && ref_made == FUZZ_OUT_LIMIT && cb.out_len <= FUZZ_OUT_LIMIT &&
	    (!np || (np->error_code == ZSTD_error_dstSize_tooSmall && next_made == FUZZ_OUT_LIMIT))) {
		c->over_cap = 1;
		zo_bytes_result(&k, "unzstd, bytes flushed", cb.out, cb.out_len);
		zo_bytes_result(&r, "reference first frame, first bytes", rout, cb.out_len);
		if (np)
			zo_bytes_result(np, "zstd 1.5.7 first frame, first bytes", np->out,
					cb.out_len);
	}
	zo_expect3(c, who[mode], &k, &r, np);
	if (!ret && !cb.error && mode != MODE_FILL_FLUSH && mode != MODE_FILL_BUFFER &&
	    pos != (long)ref_find_frame_compressed_size(c->zdata, c->zdata_len))
		zo_contract(c, "%s: *pos %ld is not the frame's size", who[mode], pos);
	if (ret && !cb.error)
		zo_contract(c, "%s failed without calling error()", who[mode]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *rout = fuzz_buf(FUZZ_SLOT_REF, FUZZ_OUT_LIMIT);
	struct fuzz_input in;
	struct zo_case c;
	enum unzstd_mode mode;
	size_t rret;

	fuzz_timing_input_begin(TARGET);
	fuzz_note_references();
	if (!rout)
		abort();
	fuzz_input_init(&in, data, size);
	if (!fuzz_guard_payload(&in, in.payload_len))
		abort();
	/* unzstd and the reference's answer decode the first frame only. */
	c = (struct zo_case){ .target = TARGET, .input = data, .input_len = size,
			      .zdata = in.payload, .zdata_len = in.payload_len, .frames = 1 };
	mode = fuzz_input_u32(&in, MODE_ONE_BUFFER, MODE_FILL_BUFFER, MODE_ONE_BUFFER);
	cb.src = in.payload;
	cb.len = in.payload_len;
	cb.pos = 0;
	fuzz_chunks_init(&cb.chunks, &in);
	rret = ref_answer(&c, mode, rout);	/* its calls are timed inside */
	/*
	 * Past 1 MiB the unbounded modes' buffer (poisoned whole for each
	 * input) would be too slow to clear: fill+flush bounds it, at 16 MiB.
	 */
	if (unbounded(mode) && ref_is_error(rret) && ref_error_code(rret) == ZSTD_error_dstSize_tooSmall) {
		mode = MODE_FILL_FLUSH;
		rret = ref_answer(&c, mode, rout);
	}
	cb.out_size = unbounded(mode) ? unbounded_size(rret) : FUZZ_OUT_LIMIT;
	/* The site maps decode with the room the flushes had (else 1 MiB, ZO_OUT_CAP). */
	if (!unbounded(mode)) {
		c.out_cap = FUZZ_OUT_LIMIT;
		c.out_cap_given = 1;
	}
	cb.out = fuzz_buf(FUZZ_SLOT_KERNEL, cb.out_size);
	if (cb.out) {
		/* Cleared before each use: nothing an earlier input left can pass for output. */
		if (unbounded(mode))
			fuzz_poison(cb.out, cb.out_size, FUZZ_SLOT_KERNEL);
		check_mode(&c, mode, rret, rout);
	}
	fuzz_timing_input_end();
	return 0;
}

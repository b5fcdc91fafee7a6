// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_decompress_dctx on a workspace of exactly zstd_dctx_workspace_bound(),
 * with an output capacity the input chooses (exact, smaller, larger, zero,
 * the limit; the reference's size up to 16 MiB), against the references' ZSTD_decompressDCtx (1.5.4, and 1.5.7
 * when built: the same capacity, its own output buffer).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "fuzz_timing.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "zstd_fuzz.h"

#define TARGET "decompress_oneshot"

enum cap_choice { CAP_EXACT, CAP_SMALLER, CAP_LARGER, CAP_ZERO, CAP_LIMIT };

/*
 * A capacity below a known size is a test of the capacity check, and
 * failing on size is then the right answer; below an unknown one (over the
 * cap) it is not agreement (zo_case.over_cap).
 */
static size_t choose_cap(struct fuzz_input *in, const struct fuzz_room *room)
{
	enum cap_choice choice = fuzz_input_u32(in, CAP_EXACT, CAP_LIMIT, CAP_EXACT);
	size_t delta = fuzz_input_u32(in, 1, 1 << 12, 1);
	size_t ref_size = room->ref_size;

	/* Failed: the room the reference failed in, which a bigger frame made 16 MiB. */
	if (ref_is_error(ref_size))
		return choice == CAP_ZERO ? 0 : room->cap;
	switch (choice) {
	case CAP_EXACT:
		return ref_size;
	case CAP_SMALLER:
		return ref_size > delta ? ref_size - delta : 0;
	case CAP_LARGER:
		return ref_size + delta;
	case CAP_ZERO:
		return 0;
	case CAP_LIMIT:
		break;
	}
	return room->cap;
}

/*
 * Bytes to poison before decoding: what a result can report. The reference
 * probe's size when it succeeded (a side reporting more decodes again into
 * that much poison: fuzz_decode_poisoned); nothing when it failed (a side
 * that succeeds all the same decodes again). Over the cap too: the blocks
 * that fit are compared as the oracle's block-at-a-time decoders write
 * them (zo_fitting_blocks), over what the one-shot calls wrote, which no
 * poison before those calls would show.
 */
static size_t poison_len(const struct fuzz_room *room, size_t cap)
{
	if (ref_is_error(room->ref_size))
		return 0;
	return room->ref_size < cap ? room->ref_size : cap;
}

struct kernel_call {
	struct zo_case *c;
	const struct fuzz_input *in;
	void *wksp;
	size_t wsize;
};

static size_t kernel_decode(void *arg, uint8_t *out, size_t cap)
{
	struct kernel_call *k = arg;
	zstd_dctx *dctx = fuzz_kernel_dctx(k->wksp, k->wsize);
	size_t ret;

	if (!dctx)
		zo_contract(k->c, "zstd_init_dctx failed on a workspace of zstd_dctx_workspace_bound() = %zu bytes",
			    k->wsize);
	FUZZ_LIB(ret = zstd_decompress_dctx(dctx, out, cap, k->in->payload, k->in->payload_len));
	return ret;
}

static size_t ref_decode(void *arg, uint8_t *out, size_t cap)
{
	const struct fuzz_input *in = arg;
	size_t ret;

	FUZZ_LIB(ret = ref_decompress(out, cap, in->payload, in->payload_len));
	return ret;
}

static size_t next_decode(void *arg, uint8_t *out, size_t cap)
{
	const struct fuzz_input *in = arg;
	size_t ret;

	FUZZ_LIB(ret = refn_decompress(out, cap, in->payload, in->payload_len));
	return ret;
}

static int next_is_error(size_t ret)
{
	return refn_is_error(ret) != 0;
}

/* zstd 1.5.7 on the same input and capacity, when built; NULL when not. */
static struct zo_result *next_decompress(struct fuzz_input *in, size_t cap, size_t poison)
{
	static struct zo_result n;
	struct fuzz_decode d = { next_decode, in, next_is_error, FUZZ_SLOT_NEXT };
	uint8_t *nout;
	size_t ret;

	if (!refn_available())
		return NULL;
	nout = fuzz_buf(FUZZ_SLOT_NEXT, cap);
	if (!nout)
		return NULL;
	ret = fuzz_decode_poisoned(&d, nout, cap, poison);
	zo_next_result(&n, "zstd 1.5.7 ZSTD_decompressDCtx", ret, nout, ret);
	return &n;
}

/*
 * 1.5.4's result at cap. A probe that failed at this very capacity was
 * this call (the same library, context, input and capacity, into a buffer
 * of exactly cap bytes: fuzz_oneshot_room), and an error reports no
 * bytes: its result stands, and the decoding is not run twice. Else a
 * decoding into the slot's poison.
 */
static size_t ref_side(const struct fuzz_room *room, struct fuzz_decode *rd, uint8_t *rout,
		       size_t cap, size_t poison)
{
	if (ref_is_error(room->ref_size) && cap == room->cap)
		return room->ref_size;
	return fuzz_decode_poisoned(rd, rout, cap, poison);
}

static void check_input(struct zo_case *c, struct fuzz_input *in, void *wksp, size_t wsize)
{
	struct kernel_call kc = { c, in, wksp, wsize };
	struct fuzz_decode kd = { kernel_decode, &kc, fuzz_kernel_is_error, FUZZ_SLOT_KERNEL };
	struct fuzz_decode rd = { ref_decode, in, ref_is_error, FUZZ_SLOT_REF };
	size_t cap, kret, rret, poison;
	struct zo_result k, r;
	struct fuzz_room room;
	uint8_t *kout, *rout;
	struct zo_result *n;

	if (!fuzz_oneshot_room(&room, in->payload, in->payload_len))
		return;
	cap = choose_cap(in, &room);
	/* Buffers that end with the capacity: ASan sees a write past it. */
	kout = fuzz_buf(FUZZ_SLOT_KERNEL, cap);
	rout = fuzz_buf(FUZZ_SLOT_REF, cap);
	if (!kout || !rout)
		return;
	poison = poison_len(&room, cap);
	kret = fuzz_decode_poisoned(&kd, kout, cap, poison);
	rret = ref_side(&room, &rd, rout, cap, poison);
	n = next_decompress(in, cap, poison);
	c->out_cap = cap;
	c->out_cap_given = 1;
	c->over_cap = room.over;
	if (!zstd_is_error(kret) && kret > cap)
		zo_contract(c, "zstd_decompress_dctx returned %zu bytes into a capacity of %zu", kret, cap);
	zo_kernel_result(&k, "zstd_decompress_dctx", kret, kout, kret);
	zo_ref_result(&r, "ZSTD_decompressDCtx", rret, rout, rret);
	/*
	 * Both over the 16 MiB limit: the bytes of the blocks that fit are
	 * compared, when 1.5.7 (if built) refuses alike; else the three
	 * results. Either way the case is unjudged past the cap (over_cap).
	 */
	if (zstd_is_error(kret) && zstd_get_error_code(kret) == ZSTD_error_dstSize_tooSmall &&
	    ref_is_error(rret) && ref_error_code(rret) == ZSTD_error_dstSize_tooSmall &&
	    room.over && cap == room.cap && (!n || n->error_code == ZSTD_error_dstSize_tooSmall)) {
		zo_fitting_blocks(c, kout, rout, &k, &r);
		n = NULL;
	}
	zo_expect3(c, "one-shot decompression", &k, &r, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t wsize = zstd_dctx_workspace_bound();
	void *wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	struct fuzz_input in;
	struct zo_case c;

	fuzz_timing_input_begin(TARGET);
	fuzz_note_references();
	if (!wksp)
		abort();
	fuzz_input_init(&in, data, size);
	if (!fuzz_guard_payload(&in, in.payload_len))
		abort();
	c = (struct zo_case){ .target = TARGET, .input = data, .input_len = size,
			      .zdata = in.payload, .zdata_len = in.payload_len };
	check_input(&c, &in, wksp, wsize);
	fuzz_timing_input_end();
	return 0;
}

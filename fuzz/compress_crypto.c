// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/zstd.c (the same in 6.1 and 6.12) with the data from the input:
 * one cctx and one dctx, each on exactly its workspace bound,
 * zstd_compress_cctx at ZSTD_DEF_LEVEL 3 with zstd_get_params(3, 0), into
 * the room its users give: zram on 6.1 (zcomp: one page into two pages,
 * decompressed into one page; the payload repeated to fill the page),
 * zstd_compress_bound() (pstore's zbufsize_zstd on 6.1), or less (then
 * dstSize_tooSmall is the only error allowed). The frame keeps the API's
 * promises and decodes to the input through the wrapper, libzstd 1.5.4
 * and zstd 1.5.7, and through __zstd_decompress (zstd_decompress_dctx
 * into the caller's room). PARAMS: level and estimated_src_size, which
 * crypto/zstd.c fixes (3 and 0).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "caller_shapes.h"
#include "compress_check.h"
#include "fuzz_timing.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

#define TARGET "compress_crypto"
#define CRYPTO_LEVEL	3

enum room { ROOM_ZRAM, ROOM_BOUND, ROOM_LESS, ROOMS };

struct crypto_case {
	struct zo_case *c;
	struct fuzz_zparams z;
	const uint8_t *src;
	size_t len;
	enum room room;
	size_t cap;
	char text[128];
};

static void choose(struct crypto_case *s, struct fuzz_input *in)
{
	fuzz_zparams_caller_level(&s->z, in, CRYPTO_LEVEL, CRYPTO_LEVEL, CRYPTO_LEVEL);
	fuzz_zparams_caller_size(&s->z, 0);
	fuzz_zparams_named_check(s->z.level == CRYPTO_LEVEL, "level", s->z.level,
				 "crypto/zstd's level (3)");
	fuzz_zparams_named_check(!s->z.estimate, "estimated_src_size", (long long)s->z.estimate,
				 "crypto/zstd's size (0, unknown)");
	s->z.p = zstd_get_params(CRYPTO_LEVEL, 0);
	s->room = (enum room)fuzz_input_u32(in, 0, ROOMS - 1, ROOM_BOUND);
	fuzz_zparams_text(&s->z, s->text, sizeof(s->text));
	s->c->params = s->text;
}

/* __zstd_decompress into the caller's room: the input back, exactly. */
static void crypto_decodes(const struct crypto_case *s, const uint8_t *frame, size_t flen)
{
	size_t room = s->room == ROOM_ZRAM ? FUZZ_PAGE : s->len, wsize, ret;
	uint8_t *out = fuzz_buf(FUZZ_SLOT_REF, room);
	void *wksp;
	zstd_dctx *dctx;

	FUZZ_LIB(wsize = zstd_dctx_workspace_bound());
	wksp = fuzz_workspace(FUZZ_SLOT_STREAM, wsize);
	if (!out || !wksp)
		abort();
	fuzz_poison(out, room, FUZZ_SLOT_STREAM);
	FUZZ_LIB(dctx = zstd_init_dctx(wksp, wsize));
	if (!dctx)
		zo_contract(s->c, "zstd_init_dctx failed on a workspace of its bound");
	FUZZ_LIB(ret = zstd_decompress_dctx(dctx, out, room, frame, flen));
	fuzz_cframe_caller_decodes(s->c, "crypto/zstd __zstd_decompress", ret, out, s->src, s->len);
}

static void compress_case(const struct crypto_case *s)
{
	size_t wsize, flen;
	uint8_t *frame = fuzz_buf(FUZZ_SLOT_FRAME, s->cap);
	void *wksp;
	zstd_cctx *cctx;

	FUZZ_LIB(wsize = zstd_cctx_workspace_bound(&s->z.p.cParams));
	wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	if (!frame || !wksp)
		abort();
	FUZZ_LIB(cctx = zstd_init_cctx(wksp, wsize));
	if (!cctx)
		zo_contract(s->c, "zstd_init_cctx failed on a workspace of its bound, %zu bytes", wsize);
	FUZZ_LIB(flen = zstd_compress_cctx(cctx, frame, s->cap, s->src, s->len, &s->z.p));
	if (zstd_is_error(flen)) {
		/* Into its bound it must fit: zram's two pages hold any page. */
		if (s->cap >= zstd_compress_bound(s->len) ||
		    zstd_get_error_code(flen) != ZSTD_error_dstSize_tooSmall)
			zo_contract(s->c, "zstd_compress_cctx of %zu bytes into %zu failed: %s",
				    s->len, s->cap, zstd_get_error_name(flen));
		return;
	}
	if (flen > s->cap)
		zo_contract(s->c, "zstd_compress_cctx returned %zu bytes into %zu", flen, s->cap);
	fuzz_cframe_promises(s->c, &s->z, s->z.p.fParams.contentSizeFlag ? FUZZ_FCS_PRESENT :
			     FUZZ_FCS_ABSENT, frame, flen, s->len, 1);
	fuzz_cframe_roundtrip(s->c, frame, flen, s->src, s->len);
	crypto_decodes(s, frame, flen);
}

static void check_input(struct zo_case *c, struct fuzz_input *in)
{
	struct crypto_case s = { .c = c };
	size_t bound;

	choose(&s, in);
	s.src = s.room == ROOM_ZRAM ? fuzz_tiled(in, FUZZ_PAGE) : in->payload;
	s.len = s.room == ROOM_ZRAM ? FUZZ_PAGE : in->payload_len;
	bound = zstd_compress_bound(s.len);
	s.cap = s.room == ROOM_ZRAM ? 2 * FUZZ_PAGE : s.room == ROOM_BOUND ? bound :
		fuzz_input_u32(in, 0, (uint32_t)bound, 0);
	compress_case(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_case_run(TARGET, data, size, check_input);
}

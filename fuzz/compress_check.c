// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>
#include <stdlib.h>

#include "compress_check.h"
#include "fuzz_timing.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "zstd_fuzz.h"

static void check_fcs(const struct zo_case *c, enum fuzz_fcs fcs, uint64_t got, size_t len)
{
	int present = got != ZSTD_CONTENTSIZE_UNKNOWN;

	if (present && got != len)
		zo_contract(c, "frame content size %llu, input %zu bytes",
			    (unsigned long long)got, len);
	if (fcs == FUZZ_FCS_PRESENT && !present)
		zo_contract(c, "contentSizeFlag and the size known, no content size in the frame");
	if (fcs == FUZZ_FCS_ABSENT && present)
		zo_contract(c, "contentSizeFlag 0, and the frame says %llu bytes",
			    (unsigned long long)got);
}

void fuzz_cframe_promises(const struct zo_case *c, const struct fuzz_zparams *z,
			  enum fuzz_fcs fcs, const uint8_t *frame, size_t flen, size_t len,
			  int bounded)
{
	const zstd_parameters *p = &z->p;
	struct zo_header_fields h;

	if (bounded && flen > zstd_compress_bound(len))
		zo_contract(c, "a frame of %zu bytes for %zu bytes, over zstd_compress_bound %zu",
			    flen, len, zstd_compress_bound(len));
	fuzz_ref_header(&h, frame, flen, refn_available());
	if (h.ret != 0)
		zo_contract(c, "the reference cannot read the frame's header (%llu)",
			    (unsigned long long)h.ret);
	check_fcs(c, fcs, h.frame_content_size, len);
	if (h.window_size > (1ULL << p->cParams.windowLog))
		zo_contract(c, "frame window %llu exceeds windowLog %u",
			    (unsigned long long)h.window_size, p->cParams.windowLog);
	if (h.checksum_flag != (uint64_t)!!p->fParams.checksumFlag)
		zo_contract(c, "frame checksum flag %llu, parameters asked %d",
			    (unsigned long long)h.checksum_flag, p->fParams.checksumFlag);
	if (h.dict_id)
		zo_contract(c, "frame names dictionary %llu, none was used",
			    (unsigned long long)h.dict_id);
}

/* The kernel's decoder, on a workspace of exactly its bound. */
static void kernel_decodes(const struct zo_case *c, const uint8_t *frame, size_t flen,
			   uint8_t *out, const uint8_t *src, size_t len)
{
	size_t dwsize = zstd_dctx_workspace_bound(), ret;
	void *dwksp = fuzz_workspace(FUZZ_SLOT_REF, dwsize);
	zstd_dctx *dctx;

	if (!dwksp)
		abort();
	fuzz_poison(out, len, FUZZ_SLOT_KERNEL);
	dctx = fuzz_kernel_dctx(dwksp, dwsize);
	if (!dctx)
		zo_contract(c, "zstd_init_dctx failed on a workspace of its bound");
	FUZZ_LIB(ret = zstd_decompress_dctx(dctx, out, len, frame, flen));
	fuzz_cframe_caller_decodes(c, "the wrapper's zstd_decompress_dctx", ret, out, src, len);
}

void fuzz_cframe_roundtrip(const struct zo_case *c, const uint8_t *frame, size_t flen,
			   const uint8_t *src, size_t len)
{
	uint8_t *out = fuzz_buf(FUZZ_SLOT_REF, len);
	struct zo_result dec, orig;
	size_t ret;

	if (!out)
		abort();
	zo_bytes_result(&orig, "the input", src, len);
	/* Each decoder's own poison: one that writes nothing cannot pass on another's bytes. */
	fuzz_poison(out, len, FUZZ_SLOT_REF);
	FUZZ_LIB(ret = ref_decompress(out, len, frame, flen));
	if (ref_is_error(ret))
		zo_contract(c, "libzstd 1.5.4 rejects the kernel's frame: %s", ref_error_name(ret));
	zo_ref_result(&dec, "libzstd 1.5.4 decoding of the kernel frame", ret, out, ret);
	zo_expect(c, "round trip through libzstd 1.5.4", &dec, &orig);
	if (refn_available()) {
		fuzz_poison(out, len, FUZZ_SLOT_NEXT);
		FUZZ_LIB(ret = refn_decompress(out, len, frame, flen));
		if (refn_is_error(ret))
			zo_contract(c, "zstd 1.5.7 rejects the kernel's frame: %s",
				    refn_error_name(ret));
		zo_next_result(&dec, "zstd 1.5.7 decoding of the kernel frame", ret, out, ret);
		zo_expect(c, "round trip through zstd 1.5.7", &dec, &orig);
	}
	kernel_decodes(c, frame, flen, out, src, len);
}

void fuzz_cframe_caller_decodes(const struct zo_case *c, const char *who, size_t ret,
				const uint8_t *out, const uint8_t *src, size_t len)
{
	struct zo_result dec, orig;

	if (zstd_is_error(ret))
		zo_contract(c, "%s rejects the kernel's frame: %s", who, zstd_get_error_name(ret));
	zo_bytes_result(&orig, "the input", src, len);
	zo_kernel_result(&dec, who, ret, out, ret);
	zo_expect(c, who, &dec, &orig);
}

void fuzz_cframe_dict_roundtrip(const struct zo_case *c, const uint8_t *frame, size_t flen,
				const uint8_t *src, size_t len, const void *dict, size_t dict_len)
{
	struct ref_frame_header fh;
	struct zo_result dec, orig;
	uint8_t *out = fuzz_buf(FUZZ_SLOT_REF, len);
	size_t ret;

	if (!out)
		abort();
	ret = ref_get_frame_header(&fh, frame, flen);
	if (ret != 0)
		zo_contract(c, "the reference cannot read the frame's header (%zu)", ret);
	if (fh.dict_id != ref_dict_id(dict, dict_len))
		zo_contract(c, "the frame names dictionary %u, the dictionary is %u", fh.dict_id,
			    ref_dict_id(dict, dict_len));
	zo_bytes_result(&orig, "the input", src, len);
	fuzz_poison(out, len, FUZZ_SLOT_REF);
	FUZZ_LIB(ret = ref_decompress_dict(out, len, frame, flen, dict, dict_len));
	if (ref_is_error(ret))
		zo_contract(c, "the reference rejects the kernel's frame with its dictionary: %s",
			    ref_error_name(ret));
	zo_ref_result(&dec, "reference decoding of the kernel frame", ret, out, ret);
	zo_expect(c, "round trip through the reference", &dec, &orig);
}

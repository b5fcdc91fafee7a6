/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the compress targets check of a frame the kernel made: the API's
 * promises (size, header) and the round trip through every decoder.
 */
#ifndef FUZZ_COMPRESS_CHECK_H
#define FUZZ_COMPRESS_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "zstd_oracle.h"
#include "zstd_params.h"

/* What the frame's Frame_Content_Size must be. */
enum fuzz_fcs {
	FUZZ_FCS_ABSENT,	/* contentSizeFlag 0 */
	FUZZ_FCS_PRESENT,	/* the flag and a size known before the frame began */
	FUZZ_FCS_EITHER,	/* the flag, the size unknown at first: if present, right */
};

/*
 * The frame of src[0..len) made with z's parameters: at most
 * zstd_compress_bound(len) bytes when bounded (a single pass: one-shot, or
 * a stream without flushes), its header (read by a reference: 1.5.7
 * where built, else 1.5.4) with a window no larger than windowLog asked,
 * the content size as fcs says, the checksum flag as asked, no dictionary
 * ID. A broken promise is zo_contract.
 */
void fuzz_cframe_promises(const struct zo_case *c, const struct fuzz_zparams *z,
			  enum fuzz_fcs fcs, const uint8_t *frame, size_t flen, size_t len,
			  int bounded);
/*
 * The frame must decode to src[0..len) through the kernel's
 * zstd_decompress_dctx (workspace of exactly its bound), libzstd 1.5.4
 * and zstd 1.5.7 where built: a decoder that rejects it or reads it
 * differently is a finding against the compressor.
 */
void fuzz_cframe_roundtrip(const struct zo_case *c, const uint8_t *frame, size_t flen,
			   const uint8_t *src, size_t len);
/*
 * A frame made with a dictionary: it must name the dictionary's ID and
 * decode to src[0..len) through the reference (1.5.4) with the same bytes.
 */
void fuzz_cframe_dict_roundtrip(const struct zo_case *c, const uint8_t *frame, size_t flen,
				const uint8_t *src, size_t len, const void *dict, size_t dict_len);
/*
 * An in-tree caller's own decoding of the kernel's frame (who: "f2fs
 * zstd_decompress_pages", ret a size or an error, the bytes at out) must
 * give back src[0..len) exactly.
 */
void fuzz_cframe_caller_decodes(const struct zo_case *c, const char *who, size_t ret,
				const uint8_t *out, const uint8_t *src, size_t len);

#endif

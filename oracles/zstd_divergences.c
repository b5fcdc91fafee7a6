// SPDX-License-Identifier: GPL-2.0
/*
 * Predicates of the known divergences: each looks at the one unit where the
 * oracle placed a difference (the block, or the frame header) and tests the
 * documented cause there, never a hash. Where the excuse is that the
 * reference decodes the data the kernel's way under changed conditions, the
 * predicate decodes that frame so and compares the bytes with the kernel's.
 * Which entries are in force, and why, is the findings registry (corpus/findings.txt).
 */
#include <string.h>

#include "block_map.h"
#include "ref_zstd.h"
#include "zstd_divergences.h"
#include "zstd_frames.h"
#include "zstd_oracle.h"
#include "zstd_seq_scan.h"
#include "zstd_site_decode.h"

/* Literals_Block_Type: 1 RLE, 2 Huffman-coded with its own tree, 3 treeless. */
#define LIT_RLE			1
#define LIT_COMPRESSED		2
#define LIT_TREELESS		3
/* zstd's error codes, the same numbers in both libraries. */
#define ERR_PREFIX_UNKNOWN	10
#define ERR_CORRUPTION		20
#define ERR_DST_TOO_SMALL	70
#define ERR_SRC_WRONG		72
#define ERR_CHECKSUM		22
#define ERR_DICTIONARY_CORRUPTED	30

static int error_is(size_t code, int err)
{
	return code == (size_t)-err;
}

/* Where the site's frame begins in zdata (the failing side's map knows it). */
static int frame_start(const struct zo_site *s, size_t *in_off)
{
	const struct block_map *m = s->km && s->frame < s->km->nframes ? s->km : s->rm;

	if (s->c->header_only) {
		*in_off = 0;
		return 1;
	}
	if (!m || s->frame >= m->nframes)
		return 0;
	*in_off = m->frames[s->frame].in_off;
	return 1;
}

/*
 * The kernel's error at the site, or its judged call's own: a frame header's
 * magic number is read before the rest of the header one-shot and streamed,
 * after it block at a time (whose error on a header cut short is then
 * srcSize_wrong). unzstd's result carries a message, not a code.
 */
static int kernel_error_is(const struct zo_site *s, int err)
{
	return error_is(s->error, err) || (s->k->is_error && error_is(s->k->ret, err));
}

/* The site's block, read from the input; 0 when the site is not in a block. */
static int site_block(const struct zo_site *s, struct zf_block *b)
{
	size_t in_off;

	return frame_start(s, &in_off) &&
	       zf_frame_block(s->c->zdata + in_off, s->c->zdata_len - in_off, s->block, b);
}

/* Not a 4-stream Huffman literals section: no ref_huf4_streams_exact() answer. */
#define HUF4_NONE	1

/*
 * ref_huf4_streams_exact() of a whole compressed block whose literals are
 * Huffman-coded in 4 streams: 0 when a stream does not end exactly on its
 * last bit, -2 when a stream has no end mark; HUF4_NONE for anything else.
 * Treeless sections take the tree of the frame's last block that had one.
 */
static int huf4_literals(const struct zf_block *b)
{
	const uint8_t *p = b->content, *tree = NULL;
	size_t lh, sf, regen, csize, tree_len = 0, tsf, tregen;

	if (b->type != ZF_BLOCK_COMPRESSED || b->avail != b->size)
		return HUF4_NONE;
	lh = zo_huf_lit_header(p, b->avail, &sf, &regen, &csize);
	if (!lh || sf == 0)
		return HUF4_NONE;	/* one stream: both versions check its end */
	if ((p[0] & 3) == LIT_TREELESS) {
		size_t tlh = b->tree_block ? zo_huf_lit_header(b->tree_block, b->tree_avail, &tsf,
							     &tregen, &tree_len) : 0;

		if (!tlh)
			return HUF4_NONE;
		tree = b->tree_block + tlh;
	}
	return ref_huf4_streams_exact(tree, tree_len, p + lh, csize, regen);
}

/*
 * One or more of the 4 streams decode their literals and do not end exactly
 * on their last bit, none failing for another reason.
 */
static int inexact_huf4_literals(const struct zf_block *b)
{
	return huf4_literals(b) == 0;
}

/*
 * The kernel failed on this block as corrupt, and a stream of its 4-stream
 * literals has no end mark (its last byte is 0, or it is empty).
 */
static int huf4_no_end_mark(const struct zo_site *s)
{
	struct zf_block b;

	return error_is(s->error, ERR_CORRUPTION) && site_block(s, &b) && huf4_literals(&b) == -2;
}

/* The kernel failed on this block as corrupt, and its literals end a stream inexactly. */
static int huf4_end_unchecked(const struct zo_site *s)
{
	struct zf_block b;

	return error_is(s->error, ERR_CORRUPTION) && site_block(s, &b) && inexact_huf4_literals(&b);
}

/*
 * Both decoded the block of the first difference to the same length, and its
 * literals end a stream inexactly (the X2 decoders' last symbol differs).
 */
static int huf4_end_mismatch(const struct zo_site *s)
{
	struct zf_block b;

	return s->k_out[1] - s->k_out[0] == s->r_out[1] - s->r_out[0] && site_block(s, &b) &&
	       inexact_huf4_literals(&b);
}

/* Magic numbers of the pre-1.0 formats, v0.1 and v0.2 to v0.7 (ZSTD_isLegacy). */
#define LEGACY_V01_MAGIC	0xFD2FB51Eu
#define LEGACY_V02_MAGIC	0xFD2FB522u
#define LEGACY_V07_MAGIC	0xFD2FB527u

static uint32_t le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The kernel refused this frame's magic number, a legacy one. */
static int legacy_frame(const struct zo_site *s)
{
	uint32_t magic;
	size_t in_off;

	if (!frame_start(s, &in_off) || s->c->zdata_len - in_off < 4 ||
	    !kernel_error_is(s, ERR_PREFIX_UNKNOWN))
		return 0;
	magic = le32(s->c->zdata + in_off);
	return magic == LEGACY_V01_MAGIC || (magic >= LEGACY_V02_MAGIC && magic <= LEGACY_V07_MAGIC);
}

/* ZSTD_FRAMEHEADERSIZE_PREFIX: below this getFrameHeader asks for more. */
#define FRAME_PREFIX_SIZE	5

/* n bytes of p begin the little-endian magic number m, as far as they go. */
static int begins_magic(const uint8_t *p, size_t n, uint32_t m, uint32_t mask)
{
	for (size_t i = 0; i < n && i < 4; i++)
		if ((p[i] ^ (uint8_t)(m >> (8 * i))) & (uint8_t)(mask >> (8 * i)))
			return 0;
	return 1;
}

#define ZSTD_MAGIC		0xFD2FB528u

/*
 * The kernel refused the frame's header as prefix_unknown, and its first k
 * bytes (1 to 3) begin the zstd magic number while the 4 bytes after them
 * are a legacy magic number: 1.5.4's streaming decoder, handed the first k
 * bytes in an earlier call, buffers them, finds no magic in its buffer and
 * then looks for a legacy one at the start of this call's input (byte k),
 * where it finds one and decodes a legacy frame from there.
 */
static int legacy_magic_split(const struct zo_site *s)
{
	const uint8_t *p;
	size_t in_off, avail;

	if (!frame_start(s, &in_off) || !kernel_error_is(s, ERR_PREFIX_UNKNOWN))
		return 0;
	p = s->c->zdata + in_off;
	avail = s->c->zdata_len - in_off;
	for (size_t k = 1; k <= 3 && k + 4 <= avail; k++) {
		uint32_t magic = le32(p + k);

		if ((magic == LEGACY_V01_MAGIC ||
		     (magic >= LEGACY_V02_MAGIC && magic <= LEGACY_V07_MAGIC)) &&
		    begins_magic(p, k, ZSTD_MAGIC, 0xFFFFFFFFu))
			return 1;
	}
	return 0;
}

/*
 * The header read was of 1 to 4 bytes that begin neither a zstd nor a
 * skippable magic number: 1.4.10 asks for 5 bytes, 1.5.4 says prefix_unknown.
 */
static int short_bad_magic(const struct zo_site *s)
{
	const uint8_t *p = s->c->zdata;
	size_t n = s->c->zdata_len;

	return s->c->header_only && n > 0 && n < FRAME_PREFIX_SIZE &&
	       !s->k->is_error && error_is(s->error, ERR_PREFIX_UNKNOWN) &&
	       !begins_magic(p, n, 0xFD2FB528u, 0xFFFFFFFFu) &&
	       !begins_magic(p, n, 0x184D2A50u, 0xFFFFFFF0u);
}

/* The kernel refused, as corrupt, a compressed block of 2 bytes "00 00". */
static int empty_compressed_block(const struct zo_site *s)
{
	struct zf_block b;

	return error_is(s->error, ERR_CORRUPTION) && site_block(s, &b) &&
	       b.type == ZF_BLOCK_COMPRESSED && b.size == 2 && b.avail == 2 &&
	       !b.content[0] && !b.content[1];
}

#define BLOCK_SIZE_MAX		(128 * 1024)

/* The site's frame: its input, and the kernel's output of it. */
struct site_frame {
	const uint8_t *in;
	size_t in_len;
	const uint8_t *kout;
	size_t kout_len;
};

static int kernel_frame(const struct zo_site *s, struct site_frame *f)
{
	size_t in_off, in_end, out_off, out_end;

	if (s->frame >= s->rm->nframes || !zo_kernel_frame(s, &in_end, &out_off, &out_end) ||
	    out_end > s->k->out_len)
		return 0;
	in_off = s->rm->frames[s->frame].in_off;
	*f = (struct site_frame){ s->c->zdata + in_off, in_end - in_off, s->k->out + out_off,
				  out_end - out_off };
	return 1;
}

/*
 * The kernel's bytes of the site's block, when it is the frame's last one
 * and the reference decoded every earlier block to the kernel's bytes.
 */
static size_t kernel_last_block_len(const struct zo_site *s, const struct zf_block *b,
				    const struct site_frame *f)
{
	size_t frame_out = s->rm->frames[s->frame].out_off, start;

	if (!b->last || s->r_out[0] < frame_out)
		return 0;
	start = s->r_out[0] - frame_out;
	if (start > f->kout_len || (start && memcmp(s->rm_out + frame_out, f->kout, start)))
		return 0;
	return f->kout_len - start;
}

/*
 * The site is an RLE block over Block_Maximum_Size in a window under 128 KB:
 * the block maps (ZSTD_decompressContinue) refuse it, while the one-shot
 * paths of 1.4.10 and 1.5.4 alike write it whole (ZSTD_setRleBlock, bounded
 * by the output end only), so the reference's refusal may be of a later
 * block over the window. Judged against 1.5.4 (both references refused
 * alike) and verified as the rest of this entry: 1.5.4 decodes the frame,
 * its window raised to 128 KB and every RLE block over 128 KB written as
 * RLE blocks of at most 128 KB (for the maps), to the kernel's bytes.
 */
static int rle_over_block_max(const struct zo_site *s, const struct zf_block *b,
			      const struct site_frame *f)
{
	return !s->r->next && b->type == ZF_BLOCK_RLE && b->window < BLOCK_SIZE_MAX &&
	       b->size > b->window &&
	       zo_ref_frame_rle_split(f->in, f->in_len, BLOCK_SIZE_MAX, 1, f->kout, f->kout_len);
}

/*
 * The reference refused the block as too big for its output (dstSize_tooSmall
 * or corruption_detected) where the kernel decoded it to more than
 * Block_Maximum_Size = min(Window_Size, 128 KB) (not single-segment):
 * 1.5.4 bounds a block's output by that maximum, 1.4.10 by the destination.
 * Verified under 128 KB: the reference, given the same frame with its window
 * raised to 128 KB, decodes it to the kernel's bytes. A window of 128 KB or
 * more cannot be raised past the maximum: there the block must be the
 * frame's last, every block before it decoded alike, and the kernel's bytes
 * from its start on more than 128 KB.
 */
static int block_over_window(const struct zo_site *s)
{
	struct site_frame f;
	struct zf_block b;

	/* One-shot says dstSize_tooSmall, block at a time "Decompressed Block Size Exceeds Maximum". */
	if (!(error_is(s->error, ERR_DST_TOO_SMALL) || error_is(s->error, ERR_CORRUPTION)) ||
	    !site_block(s, &b) || !kernel_frame(s, &f) || (f.in[4] & 0x20))
		return 0;
	if (rle_over_block_max(s, &b, &f))
		return 1;
	if (b.window >= BLOCK_SIZE_MAX)
		return b.type == ZF_BLOCK_COMPRESSED &&
		       kernel_last_block_len(s, &b, &f) > BLOCK_SIZE_MAX;
	return zo_ref_frame_with_window(f.in, f.in_len, BLOCK_SIZE_MAX, s->block, b.window,
					f.kout, f.kout_len);
}

/*
 * The reference refused the block (header) for a Block_Content over
 * Block_Maximum_Size = min(Window_Size, 128 KB), the window of a
 * single-segment frame being its content size; 1.4.10 only refuses 128 KB.
 * The content is Block_Size bytes for a compressed block and one byte for
 * an RLE block: 1.5.4's block-at-a-time path checks both at the header.
 */
static int csize_over_block_max(const struct zo_site *s)
{
	struct zf_block b;
	uint64_t max;

	if (!(error_is(s->error, ERR_SRC_WRONG) || error_is(s->error, ERR_CORRUPTION)) ||
	    !site_block(s, &b))
		return 0;
	max = b.window < BLOCK_SIZE_MAX ? b.window : BLOCK_SIZE_MAX;
	if (b.type == ZF_BLOCK_RLE)
		return 1 > max;
	return b.type == ZF_BLOCK_COMPRESSED && b.size > max;
}

/* The Regenerated_Size of the literals section opening a compressed block; 0: unreadable. */
static size_t lit_regen(const struct zf_block *b)
{
	const uint8_t *p = b->content;
	unsigned int type, sf;
	uint32_t lhc;

	if (b->type != ZF_BLOCK_COMPRESSED || b->avail < 3)
		return 0;
	type = p[0] & 3;
	sf = (p[0] >> 2) & 3;
	lhc = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
	if (type == LIT_COMPRESSED || type == LIT_TREELESS)
		return sf <= 1 ? (lhc >> 4) & 0x3FF : sf == 2 ? (lhc >> 4) & 0x3FFF : (lhc >> 4) & 0x3FFFF;
	if (sf == 0 || sf == 2)
		return p[0] >> 3;
	return sf == 1 ? (lhc >> 4) & 0xFFF : (lhc >> 4) & 0xFFFFF;
}

/*
 * Both failed the same block, which decodes (or may decode) to more than
 * Block_Maximum_Size = min(Window_Size, 128 KB), itself below the output
 * capacity both had. Each pair of reasons has its own cause and its own
 * kind of block:
 *  - an RLE block over the maximum, the kernel dstSize_tooSmall and the
 *    reference corruption_detected: streamed, 1.4.10's window-sized
 *    buffer ends before the block, 1.5.4's takes it and its block-size
 *    check refuses it;
 *  - a compressed block, the kernel corruption_detected and the reference
 *    dstSize_tooSmall: one-shot, 1.5.4 stops at the maximum as it decodes,
 *    1.4.10 decodes on and finds the corruption further on;
 *  - a compressed block, the kernel srcSize_wrong and the reference
 *    dstSize_tooSmall: its literals alone are over the maximum (1.5.4
 *    refuses them at once, 1.4.10 fails in the sequences header), or the
 *    kernel's call went past the block (its error came later) while its
 *    block-at-a-time decoder refused it as corrupt.
 * A compressed block the kernel failed with dstSize_tooSmall and the
 * reference as corrupt has none of these causes (its literals over the
 * maximum and the room are literals-over-max-reason's), and is not taken.
 * Not verified: the reference did not decode the block.
 */
static int block_over_max_reason(const struct zo_site *s)
{
	size_t cap = zo_case_cap(s->c);
	const struct bm_unit *rf = s->rm ? &s->rm->fail : NULL;
	int dst_corrupt = error_is(s->k->ret, ERR_DST_TOO_SMALL) &&
			  error_is(s->r->ret, ERR_CORRUPTION);
	int corrupt_dst = error_is(s->k->ret, ERR_CORRUPTION) &&
			  error_is(s->r->ret, ERR_DST_TOO_SMALL);
	int src_dst = error_is(s->k->ret, ERR_SRC_WRONG) && error_is(s->r->ret, ERR_DST_TOO_SMALL);
	struct zf_block b;
	uint64_t max;

	if (s->ref_first || !(dst_corrupt || corrupt_dst || src_dst) || !rf ||
	    rf->frame != s->frame || rf->block != s->block || (int)rf->part != s->part ||
	    !site_block(s, &b))
		return 0;
	max = b.window < BLOCK_SIZE_MAX ? b.window : BLOCK_SIZE_MAX;
	if (max >= cap)
		return 0;
	if (b.type == ZF_BLOCK_RLE)
		return dst_corrupt && b.size > max;
	if (b.type != ZF_BLOCK_COMPRESSED)
		return 0;
	/*
	 * The kernel's block-at-a-time decoder refusing as corrupt a block its
	 * one-shot call went past: its checks of the block against the maximum.
	 */
	if (src_dst)
		return lit_regen(&b) > max || error_is(s->error, ERR_CORRUPTION);
	return corrupt_dst;
}

/*
 * The kernel refused as corrupt a whole compressed block of fewer than 3
 * bytes, which the reference failed on what its literals header says:
 * 1.4.10 wants MIN_CBLOCK_SIZE (3) bytes before it reads the block, 1.5.4
 * reads the headers. Its reason: srcSize_wrong when they announce more than
 * the block holds; dictionary_corrupted when the literals are treeless and
 * the frame has no earlier Huffman tree (its litEntropy check comes first).
 */
static int short_compressed_block(const struct zo_site *s)
{
	struct zf_block b;

	if (!error_is(s->error, ERR_CORRUPTION) || !error_is(s->k->ret, ERR_CORRUPTION) ||
	    !site_block(s, &b) || b.type != ZF_BLOCK_COMPRESSED || b.size >= 3 ||
	    b.avail != b.size)
		return 0;
	if (error_is(s->r->ret, ERR_SRC_WRONG))
		return 1;
	return error_is(s->r->ret, ERR_DICTIONARY_CORRUPTED) && b.size &&
	       (b.content[0] & 3) == LIT_TREELESS && !b.tree_block;
}

/*
 * A compressed block whose literals alone need more room than the output
 * has left (below Block_Maximum_Size: block-over-max-reason's case): 1.5.4
 * refuses them at once (ZSTD_decodeLiteralsBlock, expectedWriteSize =
 * MIN(blockSizeMax, dstCapacity): dstSize_tooSmall), 1.4.10 has no such
 * check and fails later in the same block (srcSize_wrong). Both sides
 * failed that block.
 */
static int literals_over_room(const struct zo_site *s)
{
	size_t cap = zo_case_cap(s->c);
	const struct bm_unit *rf = s->rm ? &s->rm->fail : NULL;
	size_t room = cap > s->k_out[0] ? cap - s->k_out[0] : 0, regen;
	struct zf_block b;
	uint64_t max;

	if (!error_is(s->k->ret, ERR_SRC_WRONG) || !error_is(s->r->ret, ERR_DST_TOO_SMALL) ||
	    !rf || rf->frame != s->frame || rf->block != s->block || !site_block(s, &b))
		return 0;
	max = b.window < BLOCK_SIZE_MAX ? b.window : BLOCK_SIZE_MAX;
	regen = lit_regen(&b);
	return regen > room && regen <= max;
}

/*
 * A compressed block whose literals section regenerates more than
 * Block_Maximum_Size and more than the output has room for: 1.5.4 refuses
 * it as corrupt (litSize > blockSizeMax comes first), 1.5.2 only knows the
 * room (expectedWriteSize = MIN(ZSTD_BLOCKSIZE_MAX, dstCapacity):
 * dstSize_tooSmall); for Huffman literals it checks the 128 KB constant
 * before, as corrupt too. Both sides failed that block.
 */
static int literals_over_max(const struct zo_site *s)
{
	size_t cap = zo_case_cap(s->c);
	const struct bm_unit *rf = s->rm ? &s->rm->fail : NULL;
	size_t room = cap > s->k_out[0] ? cap - s->k_out[0] : 0, regen, type;
	struct zf_block b;
	uint64_t max;

	if (!error_is(s->k->ret, ERR_DST_TOO_SMALL) || !error_is(s->r->ret, ERR_CORRUPTION) ||
	    !rf || rf->frame != s->frame || rf->block != s->block || !site_block(s, &b) ||
	    b.type != ZF_BLOCK_COMPRESSED)
		return 0;
	max = b.window < BLOCK_SIZE_MAX ? b.window : BLOCK_SIZE_MAX;
	regen = lit_regen(&b);
	type = b.content[0] & 3;
	if ((type == LIT_COMPRESSED || type == LIT_TREELESS) && regen > BLOCK_SIZE_MAX)
		return 0;
	return regen > max && regen > (room < BLOCK_SIZE_MAX ? room : BLOCK_SIZE_MAX);
}

/*
 * The kernel failed the frame on its checksum: the reference, given the
 * frame with its window raised to 128 KB (no block maximum under the
 * literals then), decodes every block and fails the checksum likewise. A
 * frame whose data ends inside its checksum (the kernel says checksum_wrong
 * for fewer than 4 bytes there) fails the reference's block map there for
 * want of input (srcSize_wrong), after every block.
 */
static int checksum_with_128k_window(const struct zo_site *s)
{
	const uint8_t *frame;
	size_t in_off, flen, err = (size_t)-ERR_CHECKSUM;

	if (!frame_start(s, &in_off))
		return 0;
	frame = s->c->zdata + in_off;
	flen = zf_frame_span(frame, s->c->zdata_len - in_off);
	if (!flen) {
		flen = s->c->zdata_len - in_off;
		err = (size_t)-ERR_SRC_WRONG;
	}
	return flen > 5 && !(frame[4] & 0x20) &&
	       zo_ref_frame_checksum_with_window(frame, flen, BLOCK_SIZE_MAX, err);
}

/*
 * A compressed block whose RLE literals regenerate more than
 * Block_Maximum_Size and no more than 128 KB: 1.5.4 refuses them as corrupt
 * at once (litSize > blockSizeMax), 1.4.10 and 1.5.2 check only the 128 KB
 * constant (1.5.2 also the room: literals-over-max-reason's case past it),
 * take them and fail further on in the same block (srcSize_wrong), or, the
 * rest of the frame being valid, at its checksum (checksum_wrong, verified
 * by checksum_with_128k_window). The reference failed that block.
 */
static int rle_literals_over_max(const struct zo_site *s)
{
	const struct bm_unit *rf = s->rm ? &s->rm->fail : NULL;
	int at_checksum = error_is(s->k->ret, ERR_CHECKSUM);
	struct zf_block b;
	uint64_t max;
	size_t regen;

	if (!(error_is(s->k->ret, ERR_SRC_WRONG) || at_checksum) ||
	    !error_is(s->r->ret, ERR_CORRUPTION) ||
	    !rf || rf->frame != s->frame || rf->block != s->block || !site_block(s, &b) ||
	    b.type != ZF_BLOCK_COMPRESSED || b.avail < 1 || (b.content[0] & 3) != LIT_RLE)
		return 0;
	max = b.window < BLOCK_SIZE_MAX ? b.window : BLOCK_SIZE_MAX;
	regen = lit_regen(&b);
	if (regen <= max || regen > BLOCK_SIZE_MAX)
		return 0;
	return !at_checksum || checksum_with_128k_window(s);
}

/* zstd 1.5.4's own error code for a literals header it refuses (1.4.10 has none). */
#define ERR_LITERALS_HEADER	24
/* 1.5.4: "Not enough literals ... for the 4-streams mode (min 6)". */
#define HUF4_MIN_LITERALS	6

/*
 * A one-shot site on an RLE block over Block_Maximum_Size, which every block
 * map refuses and no one-shot path checks (block-over-window), hides the
 * block both sides really fail on: b becomes the block both maps fail once
 * such blocks are written at most the maximum, with the judged calls' own
 * errors and the same bytes before it. Any other block stays as it is.
 */
static int past_rle_over_max(const struct zo_site *s, struct zf_block *b)
{
	uint32_t max = b->window < BLOCK_SIZE_MAX ? (uint32_t)b->window : BLOCK_SIZE_MAX;
	const uint8_t *p;
	size_t in_off, len, kerr, rerr;
	unsigned int block;

	if (b->type != ZF_BLOCK_RLE || b->size <= max)
		return 1;
	if (s->c->stream_window || !frame_start(s, &in_off))
		return 0;
	p = s->c->zdata + in_off;
	len = s->c->zdata_len - in_off;
	return zo_rle_split_both_fail(p, len, max, zo_case_cap(s->c), &block, &kerr, &rerr) &&
	       block > s->block && kerr == s->k->ret && rerr == s->r->ret &&
	       zf_frame_block(p, len, block, b);
}

/*
 * The site's block opens with a Huffman literals section (with or without
 * its tree) of 4 streams and fewer than 6 literals: 1.5.4 refuses its
 * header (literals_headerWrong), 1.4.10 reads on and its 4-stream Huffman
 * decoder fails the section (corruption_detected). One-shot, the block may
 * follow an RLE block over the maximum (past_rle_over_max).
 */
static int huf4_few_literals(const struct zo_site *s)
{
	struct zf_block b;
	size_t sf, regen;
	uint32_t lhc;

	if (!error_is(s->k->ret, ERR_CORRUPTION) || !error_is(s->r->ret, ERR_LITERALS_HEADER) ||
	    !site_block(s, &b) || !past_rle_over_max(s, &b) ||
	    b.type != ZF_BLOCK_COMPRESSED || b.avail < 3 ||
	    ((b.content[0] & 3) != LIT_COMPRESSED && (b.content[0] & 3) != LIT_TREELESS))
		return 0;
	sf = (b.content[0] >> 2) & 3;
	lhc = b.content[0] | (uint32_t)b.content[1] << 8 | (uint32_t)b.content[2] << 16;
	if (sf == 0)
		return 0;	/* one stream */
	regen = sf == 1 ? (lhc >> 4) & 0x3FF : sf == 2 ? (lhc >> 4) & 0x3FFF : (lhc >> 4) & 0x3FFFF;
	return regen < HUF4_MIN_LITERALS;
}

/*
 * 1 to 4 bytes from the site's frame on, that begin no magic number, which
 * the kernel finds too short to tell (zstd_find_frame_compressed_size's
 * srcSize_wrong, or a stream that ran out of input) and the reference
 * refuses at once (prefix_unknown).
 */
static int short_bad_magic_size(const struct zo_site *s)
{
	size_t in_off, n;
	const uint8_t *p;

	if (!frame_start(s, &in_off))
		return 0;
	p = s->c->zdata + in_off;
	n = s->c->zdata_len - in_off;
	return n > 0 && n < FRAME_PREFIX_SIZE &&
	       s->k->is_error && error_is(s->k->ret, ERR_SRC_WRONG) &&
	       s->r->is_error && error_is(s->r->ret, ERR_PREFIX_UNKNOWN) &&
	       !begins_magic(p, n, 0xFD2FB528u, 0xFFFFFFFFu) &&
	       !begins_magic(p, n, 0x184D2A50u, 0xFFFFFFF0u);
}

/*
 * zstd 1.5.7 (the reference of record) failed, as corrupt, a whole
 * compressed block, in a frame 1.5.4 decodes to the kernel's bytes: a
 * check only 1.5.7 has. Fills the block and its sequences, decoded (scan 0
 * when they do not decode). The site may be an RLE block over
 * Block_Maximum_Size, which every block map refuses and no one-shot path
 * checks (block-over-window): the block is then the one 1.5.7's map fails,
 * the frame's RLE blocks over the maximum written as RLE blocks of at most
 * the maximum, and 1.5.4 must decode that frame to the kernel's bytes.
 */
static int next_only_rejects(const struct zo_site *s, struct zf_block *b,
			     struct zo_seq_scan *q, int *scan)
{
	unsigned int block = s->block;
	size_t in_off, err = s->error;
	struct site_frame f;
	uint32_t max;
	int split;

	if (!s->r->next || !site_block(s, b) || !frame_start(s, &in_off) || !kernel_frame(s, &f))
		return 0;
	max = b->window < BLOCK_SIZE_MAX ? (uint32_t)b->window : BLOCK_SIZE_MAX;
	split = b->type == ZF_BLOCK_RLE && b->size > max;
	if (split && (!zo_next_rle_split_fails(f.in, f.in_len, max, f.kout_len, &block, &err) ||
		      block <= s->block || !zf_frame_block(f.in, f.in_len, block, b)))
		return 0;
	if (!error_is(err, ERR_CORRUPTION) || b->type != ZF_BLOCK_COMPRESSED || b->avail < b->size)
		return 0;
	*scan = zo_seq_scan(s->c->zdata + in_off, s->c->zdata_len - in_off, block, q);
	if (split)
		return zo_ref_frame_rle_split(f.in, f.in_len, max, 0, f.kout, f.kout_len);
	return zo_ref_frame_decodes_to(f.in, f.in_len, f.kout, f.kout_len,
				       s->c->stream_window != 0);
}

/*
 * 1.5.7 alone refused the block: its sequences bitstream, decoded, does not
 * end exactly on its last bit (bits left, or states and fields read past
 * its start), with none of the other 1.5.7-only checks' causes before (a
 * cut Huffman weights state, reserved bits, an offset of 0). After the last sequence 1.5.7 wants
 * BIT_endOfDStream, 1.4.10 and 1.5.4 only the bytes all loaded
 * (BIT_reloadDStream at BIT_DStream_completed or past).
 */
static int seq_stream_end_bits(const struct zo_site *s)
{
	struct zo_seq_scan q;
	struct zf_block b;
	int scan;

	return next_only_rejects(s, &b, &q, &scan) && scan && !zo_huf_weights_cut(&b) &&
	       !q.reserved_bits && !q.offset_zero && !q.stream_exact;
}

/*
 * 1.5.7 alone refused the block: its Symbol_Compression_Modes byte has
 * reserved bits set (doc/decompressor_permissive.md "Non-zeroes reserved
 * bits": zstd up to 1.5.5 ignores them).
 */
static int seq_modes_reserved(const struct zo_site *s)
{
	struct zo_seq_scan q;
	struct zf_block b;
	int scan;

	return next_only_rejects(s, &b, &q, &scan) && scan && q.reserved_bits;
}

/*
 * 1.5.7 alone refused the block: a sequence in it has offset 0 (Literals
 * Length 0, Offset_Value 3, Repeated_Offset1 1), read within its
 * bitstream, its modes byte clean (doc/decompressor_permissive.md "Offset
 * == 0": zstd up to 1.5.5 takes it as 1).
 */
static int offset_zero(const struct zo_site *s)
{
	struct zo_seq_scan q;
	struct zf_block b;
	int scan;

	return next_only_rejects(s, &b, &q, &scan) && scan && !q.reserved_bits && q.offset_zero;
}

/*
 * 1.5.7 alone refused the block: its literals' Huffman tree is
 * FSE-compressed with a weights bitstream shorter than its two initial
 * states (doc/decompressor_permissive.md "Truncated Huffman states":
 * zstd up to 1.5.6 reads the missing bits as 0).
 */
static int huf_weights_state_cut(const struct zo_site *s)
{
	struct zo_seq_scan q;
	struct zf_block b;
	int scan;

	return next_only_rejects(s, &b, &q, &scan) && zo_huf_weights_cut(&b);
}

/*
 * Both decoded the block of the first difference, and a sequence of that
 * whole compressed block reaches further back than the frame's
 * Window_Size (invalid, RFC 8878 3.1.1.1.2). No decoder checks the window:
 * each checks the history its own buffer tracks, and 1.4.10's streaming
 * ring buffer (window + block + 64 bytes) has overwritten bytes that the
 * references' (128 KB more) still hold.
 */
static int offset_over_window(const struct zo_site *s)
{
	struct zo_seq_scan q;
	struct zf_block b;
	size_t in_off;

	if (s->k->is_error || s->r->is_error || !site_block(s, &b) ||
	    b.type != ZF_BLOCK_COMPRESSED || !frame_start(s, &in_off))
		return 0;
	return zo_seq_scan(s->c->zdata + in_off, s->c->zdata_len - in_off, s->block, &q) &&
	       q.max_offset > b.window;
}

/*
 * 1.5.7 alone refused the block: its Number_of_Sequences is 0 in the 2-byte
 * form (80 00), and bytes of the block follow it. RFC 8878 3.1.1.3.2.1 ends
 * the section at a count of 0; 1.5.7 says so ("extraneous data present in
 * the Sequences section"), 1.4.10, 1.5.2 and 1.5.4 read a
 * Symbol_Compression_Modes byte after a 2-byte count, decode no sequence
 * and ignore the rest of the block.
 */
static int seq_count_zero_extraneous(const struct zo_site *s)
{
	struct zo_seq_scan q;
	struct zf_block b;
	size_t lit;
	int scan;

	if (!next_only_rejects(s, &b, &q, &scan))
		return 0;
	lit = zo_lit_section_size(b.content, b.size);
	return lit && lit + 2 < b.size && b.content[lit] == 0x80 && b.content[lit + 1] == 0;
}

/*
 * The reference's (1.5.4's, the verdict not judged against 1.5.7)
 * streaming decoder alone refused, as corrupt, a whole compressed block the
 * kernel decoded streamed, in a frame whose window (128 KB or more) is
 * smaller than its output; streamed alone at that window it still refuses,
 * and with the window raised to hold the whole output it decodes the frame
 * to the kernel's bytes. So it refused data further back than Window_Size, which Debian's
 * 1.5.4+dfsg2-5+deb12u1 checks streamed and no kernel decoder checks
 * (offset-over-window). Under 128 KB raising the window would raise
 * Block_Maximum_Size too, so those are left out.
 */
static int stream_offset_over_window(const struct zo_site *s)
{
	struct site_frame f;
	struct zf_block b;

	if (!s->c->stream_window || s->r->next || s->k->is_error ||
	    !error_is(s->error, ERR_CORRUPTION) || !site_block(s, &b) ||
	    b.type != ZF_BLOCK_COMPRESSED || b.window < BLOCK_SIZE_MAX ||
	    !kernel_frame(s, &f) || (f.in[4] & 0x20) || f.kout_len <= b.window)
		return 0;
	return !zo_ref_stream_with_window(f.in, f.in_len, b.window, f.kout, f.kout_len) &&
	       zo_ref_stream_with_window(f.in, f.in_len, f.kout_len, f.kout, f.kout_len);
}

/*
 * The kernel refused (srcSize_wrong) a whole compressed block whose
 * sequences section is Number_of_Sequences 0 in its 2-byte form ("80 00")
 * and nothing after it: RFC 8878 3.1.1.3.2.1 ends the section there,
 * 1.4.10 (and every zstd up to 1.5.5, 1.5.4 too) wants the
 * Symbol_Compression_Modes byte that only follows a count over 0.
 */
static int nseq_zero_two_byte(const struct zo_site *s)
{
	struct zf_block b;
	size_t lit;

	if (!error_is(s->error, ERR_SRC_WRONG) || !site_block(s, &b) ||
	    b.type != ZF_BLOCK_COMPRESSED || b.avail < b.size)
		return 0;
	lit = zo_lit_section_size(b.content, b.size);
	return lit && lit + 2 == b.size && b.content[lit] == 0x80 && b.content[lit + 1] == 0;
}

/*
 * The kernel refused (srcSize_wrong) a whole compressed block whose
 * Block_Size is exactly 128 KiB, in a frame whose Block_Maximum_Size is
 * 128 KiB: valid (RFC 8878 3.1.1.2.4), refused by zstd up to 1.5.2
 * (ZSTD_decompressBlock_internal: srcSize >= ZSTD_BLOCKSIZE_MAX).
 */
static int compressed_block_128k(const struct zo_site *s)
{
	struct zf_block b;

	return error_is(s->error, ERR_SRC_WRONG) && site_block(s, &b) &&
	       b.type == ZF_BLOCK_COMPRESSED && b.size == BLOCK_SIZE_MAX &&
	       b.avail == b.size && b.window >= BLOCK_SIZE_MAX;
}

#define SKIPPABLE_MAGIC		0x184D2A50u
#define SKIPPABLE_HEADER_SIZE	8

/*
 * A skippable frame's header, read by both: the same fields, but 1.5.7
 * (not 1.4.10, nor 1.5.4) also tells the header's size (8) and, as its
 * dictID, the magic number's variant (0 to 15).
 */
static int skippable_header_fields(const struct zo_site *s)
{
	struct zo_header_fields k, r;
	uint32_t magic;

	if (!s->c->header_only || s->k->is_error || s->r->is_error || s->c->zdata_len < 8 ||
	    s->k->out_len != sizeof(k) || s->r->out_len != sizeof(r))
		return 0;
	magic = le32(s->c->zdata);
	if ((magic & 0xFFFFFFF0u) != SKIPPABLE_MAGIC)
		return 0;
	memcpy(&k, s->k->out, sizeof(k));
	memcpy(&r, s->r->out, sizeof(r));
	if (k.frame_type != 1 || k.header_size || k.dict_id ||
	    r.header_size != SKIPPABLE_HEADER_SIZE || r.dict_id != (magic & 0xF))
		return 0;
	k.header_size = r.header_size;
	k.dict_id = r.dict_id;
	return !memcmp(&k, &r, sizeof(k));
}

/* 1.4.10 picks its prefetch sequence decoder for windows over 16 MB. */
#define PREFETCH_WINDOW		((uint64_t)1 << 24)

/*
 * Both prefetch entries are about 1.5.4's prefetch decoder: a verdict
 * judged against 1.5.7 (which 1.5.4 did not side with) is not theirs.
 */
static int compressed_in_big_window(const struct zo_site *s, struct zf_block *b)
{
	return !s->r->next && error_is(s->error, ERR_CORRUPTION) && site_block(s, b) &&
	       b->type == ZF_BLOCK_COMPRESSED && b->window > PREFETCH_WINDOW;
}

/*
 * The site's frame as the kernel's block map decoded it whole, where the
 * kernel's judged call failed after it (on a later frame's header, say).
 */
static int kernel_map_frame(const struct zo_site *s, struct site_frame *f)
{
	const struct block_map *km = s->km;
	const struct bm_frame *fr;

	if (!km || !s->km_out || s->frame >= km->nframes || !km->frames[s->frame].in_end)
		return 0;
	fr = &km->frames[s->frame];
	*f = (struct site_frame){ s->c->zdata + fr->in_off, fr->in_end - fr->in_off,
				  s->km_out + fr->out_off, fr->out_end - fr->out_off };
	return 1;
}

/*
 * Both failed, the reference first, on the site's block; the kernel went on
 * and failed a later unit of the same frame (a frame cut short, say). The
 * reference, given the same 16 MB of history, must decode the frame to the
 * kernel's bytes up to that unit and fail there with the kernel's error.
 */
static int kernel_fails_later_alike(const struct zo_site *s)
{
	const struct block_map *km = s->km;
	struct bm_unit fail;
	size_t in_off, out_off;

	if (!s->k->is_error || !s->ref_first || !km || !km->error || !frame_start(s, &in_off) ||
	    s->frame >= km->nframes || km->fail.frame != s->frame)
		return 0;
	out_off = km->frames[s->frame].out_off;
	fail = km->fail;
	fail.in_off -= in_off;
	return zo_ref_frame_fails_like_after_history(s->c->zdata + in_off,
						     s->c->zdata_len - in_off, &fail, km->error,
						     s->km_out + out_off, km->fail.out_off - out_off);
}

/*
 * The reference called a compressed block of a frame whose window is over
 * 16 MB corrupt; 1.4.10's prefetch decoder never checks the end of the
 * sequence stream. Verified: the reference, given 16 MB of history (which
 * makes it take its own prefetch decoder; all zeros and all ones alike, so
 * no match reads it), decodes the frame to the kernel's bytes, or, where
 * the kernel failed later in the frame, fails as the kernel did there.
 */
static int prefetch_seq_end(const struct zo_site *s)
{
	struct site_frame f;
	struct zf_block b;

	if (!compressed_in_big_window(s, &b))
		return 0;
	if (kernel_frame(s, &f) || kernel_map_frame(s, &f))
		return zo_ref_frame_after_history(f.in, f.in_len, f.kout, f.kout_len);
	return kernel_fails_later_alike(s);
}

/*
 * The kernel called a compressed block of a frame whose window is over
 * 16 MB corrupt; its prefetch decoder sees the sequence stream overrun. The
 * reference's short decoder lets it through; given 16 MB of history (its
 * prefetch decoder, zeros and ones alike) it fails on the same block as
 * corrupt too.
 */
static int prefetch_seq_overflow(const struct zo_site *s)
{
	struct zf_block b;
	size_t in_off;

	if (!compressed_in_big_window(s, &b) || !frame_start(s, &in_off))
		return 0;
	return zo_ref_frame_fails_after_history(s->c->zdata + in_off, s->c->zdata_len - in_off,
						s->block, (size_t)-ERR_CORRUPTION);
}

static const struct {
	const char *id;
	zo_predicate_fn fn;
} predicates[] = {
	{ "huf4-stream-end-unchecked", huf4_end_unchecked },
	{ "huf4-stream-end-mismatch", huf4_end_mismatch },
	{ "huf4-stream-no-end-mark", huf4_no_end_mark },
	{ "legacy-frame", legacy_frame },
	{ "legacy-magic-split-header", legacy_magic_split },
	{ "short-input-bad-magic", short_bad_magic },
	{ "short-input-bad-magic-size", short_bad_magic_size },
	{ "skippable-header-fields", skippable_header_fields },
	{ "seq-stream-end-bits", seq_stream_end_bits },
	{ "seq-modes-reserved-bits", seq_modes_reserved },
	{ "offset-zero", offset_zero },
	{ "seq-count-zero-extraneous", seq_count_zero_extraneous },
	{ "offset-over-window", offset_over_window },
	{ "stream-offset-over-window", stream_offset_over_window },
	{ "huf-weights-state-cut", huf_weights_state_cut },
	{ "block-over-max-reason", block_over_max_reason },
	{ "huf4-few-literals", huf4_few_literals },
	{ "short-compressed-block-reason", short_compressed_block },
	{ "literals-over-room-reason", literals_over_room },
	{ "literals-over-max-reason", literals_over_max },
	{ "rle-literals-over-max-reason", rle_literals_over_max },
	{ "empty-compressed-block", empty_compressed_block },
	{ "nseq-zero-two-byte", nseq_zero_two_byte },
	{ "compressed-block-128k", compressed_block_128k },
	{ "block-over-window", block_over_window },
	{ "csize-over-block-max", csize_over_block_max },
	{ "prefetch-seq-end-unchecked", prefetch_seq_end },
	{ "seq-stream-overflow-unchecked", prefetch_seq_overflow },
};

zo_predicate_fn zo_predicate(const char *id)
{
	for (size_t i = 0; i < sizeof(predicates) / sizeof(predicates[0]); i++)
		if (!strcmp(predicates[i].id, id))
			return predicates[i].fn;
	return NULL;
}

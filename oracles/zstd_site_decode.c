// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "block_map.h"
#include "ref_zstd.h"
#include "zstd_frames.h"
#include "zstd_oracle.h"
#include "zstd_site_decode.h"

/* What makes both versions take their prefetch sequence decoder: over 16 MB of history. */
#define PREFETCH_HISTORY	((size_t)1 << 24)
#define WINDOW_LOG_MIN		10

/* The output buffer of these decodings, kept. */
static uint8_t *site_buf(void)
{
	static uint8_t *buf;

	if (!buf)
		buf = malloc(ZO_OUT_CAP);
	return buf;
}

/* The two histories, made once: the memset of 16 MB is most of their cost. */
static const uint8_t *history(int fill)
{
	static uint8_t *h[2];

	if (!h[fill]) {
		h[fill] = malloc(PREFETCH_HISTORY);
		if (h[fill])
			memset(h[fill], fill ? 0xff : 0, PREFETCH_HISTORY);
	}
	return h[fill];
}

static int same_bytes(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	return alen == blen && (!alen || !memcmp(a, b, alen));
}

/* The smallest Window_Log whose window holds window bytes. */
static unsigned int window_log(size_t window)
{
	unsigned int log = 0;

	while (((size_t)1 << log) < window)
		log++;
	return log;
}

/*
 * A copy of the frame (not single-segment) with its Window_Descriptor set
 * to 2^log, mantissa 0; NULL when it cannot be made.
 */
static uint8_t *frame_with_window_log(const uint8_t *frame, size_t flen, unsigned int log)
{
	uint8_t *copy;

	if (flen < 6 || log < WINDOW_LOG_MIN)
		return NULL;
	copy = malloc(flen);
	if (copy) {
		memcpy(copy, frame, flen);
		copy[5] = (uint8_t)((log - WINDOW_LOG_MIN) << 3);
	}
	return copy;
}

/*
 * The reference's block map of the frame with its window descriptor set to
 * window (a power of two, mantissa 0) into out; 0 when it could not be made.
 */
static int map_with_window(const uint8_t *frame, size_t flen, size_t window, unsigned int block,
			   uint8_t *out, struct block_map *m)
{
	uint8_t *copy = frame_with_window_log(frame, flen, window_log(window));
	struct bm_request req = { .side = BM_REFERENCE, .src = copy, .len = flen,
				  .cap = ZO_OUT_CAP, .max_frames = 1, .find = SIZE_MAX,
				  .find_block = block };
	int made;

	if (!copy || !out) {
		free(copy);
		return 0;
	}
	made = !block_map(&req, out, m);
	free(copy);
	return made;
}

int zo_ref_stream_with_window(const uint8_t *frame, size_t flen, size_t window,
			      const uint8_t *expect, size_t elen)
{
	unsigned int log = window_log(window);
	uint8_t *copy = frame_with_window_log(frame, flen, log);
	uint8_t *out = malloc(elen + 1);
	size_t in, made, ret;
	int same = 0;

	if (copy && out) {
		ret = bm_stream_run(copy, flen, (size_t)1 << log, flen, out, elen + 1, &in, &made);
		same = ret == 0 && in == flen && same_bytes(out, made, expect, elen);
	}
	free(out);
	free(copy);
	return same;
}

int zo_ref_frame_with_window(const uint8_t *frame, size_t flen, size_t window,
			     unsigned int block, size_t min_out, const uint8_t *expect,
			     size_t elen)
{
	struct block_map m;

	return map_with_window(frame, flen, window, block, site_buf(), &m) && !m.error &&
	       m.frames[0].in_end == flen && m.have_block && m.block.out_len > min_out &&
	       same_bytes(site_buf(), m.out_len, expect, elen);
}

int zo_ref_frame_checksum_with_window(const uint8_t *frame, size_t flen, size_t window,
				      size_t err)
{
	struct block_map m;

	return map_with_window(frame, flen, window, 0, site_buf(), &m) && m.error == err &&
	       m.fail.part == BM_CHECKSUM && m.fail.in_off <= flen && m.fail.in_off + 4 >= flen;
}

static int map_after_history(const uint8_t *frame, size_t len, int fill, struct block_map *m)
{
	struct bm_request req = { .side = BM_REFERENCE, .src = frame, .len = len,
				  .cap = ZO_OUT_CAP, .max_frames = 1, .find = SIZE_MAX,
				  .history = history(fill), .history_len = PREFETCH_HISTORY };
	uint8_t *out = site_buf();

	return req.history && out && !block_map(&req, out, m);
}

int zo_ref_frame_after_history(const uint8_t *frame, size_t flen, const uint8_t *expect,
			       size_t elen)
{
	struct block_map m;

	for (int fill = 0; fill < 2; fill++)
		if (!map_after_history(frame, flen, fill, &m) || m.error || !m.frames[0].in_end ||
		    !same_bytes(site_buf(), m.out_len, expect, elen))
			return 0;
	return 1;
}

int zo_ref_frame_fails_like_after_history(const uint8_t *frame, size_t len,
					   const struct bm_unit *fail, size_t err,
					   const uint8_t *expect, size_t elen)
{
	struct block_map m;

	for (int fill = 0; fill < 2; fill++)
		if (!map_after_history(frame, len, fill, &m) || m.error != err ||
		    m.fail.in_off != fail->in_off || m.fail.part != fail->part ||
		    !same_bytes(site_buf(), m.out_len, expect, elen))
			return 0;
	return 1;
}

int zo_ref_frame_fails_after_history(const uint8_t *frame, size_t len, unsigned int block,
				     size_t err)
{
	struct block_map m;

	for (int fill = 0; fill < 2; fill++)
		if (!map_after_history(frame, len, fill, &m) || m.error != err ||
		    m.fail.part != BM_BLOCK || m.fail.block != block)
			return 0;
	return 1;
}

/* libzstd 1.5.4's block map of the frame alone: block at a time, as streaming decodes. */
static int blocks_decode_to(const uint8_t *frame, size_t flen, const uint8_t *expect, size_t elen)
{
	/* Room for the expected bytes: a frame of several MiB is judged too. */
	size_t cap = elen > ZO_OUT_CAP ? elen : ZO_OUT_CAP;
	struct bm_request req = { .side = BM_REFERENCE, .src = frame, .len = flen,
				  .cap = cap, .max_frames = 1, .find = SIZE_MAX };
	uint8_t *out = cap > ZO_OUT_CAP ? malloc(cap) : site_buf();
	struct block_map m;
	int same;

	same = out && !block_map(&req, out, &m) && !m.error && m.frames[0].in_end &&
	       same_bytes(out, m.out_len, expect, elen);
	if (cap > ZO_OUT_CAP)
		free(out);
	return same;
}

/* The same one-shot (ZSTD_decompressDCtx), as a one-shot judged call decodes. */
static int oneshot_decodes_to(const uint8_t *frame, size_t flen, const uint8_t *expect,
			      size_t elen)
{
	/* Room for the expected bytes and one more: a longer output differs. */
	size_t cap = elen >= ZO_OUT_CAP ? elen + 1 : ZO_OUT_CAP;
	uint8_t *out = cap > ZO_OUT_CAP ? malloc(cap) : site_buf();
	size_t ret;
	int same;

	if (!out)
		return 0;
	ret = ref_decompress(out, cap, frame, flen);
	same = !ref_is_error(ret) && same_bytes(out, ret, expect, elen);
	if (cap > ZO_OUT_CAP)
		free(out);
	return same;
}

/*
 * The two ways differ where a check sits on one path only: block at a time
 * 1.5.4 refuses a compressed block whose output is over Block_Maximum_Size
 * and skips an empty compressed block, one-shot the reverse. The proof
 * decodes the way the judged calls did.
 */
int zo_ref_frame_decodes_to(const uint8_t *frame, size_t flen, const uint8_t *expect,
			    size_t elen, int streamed)
{
	if (streamed)
		return blocks_decode_to(frame, flen, expect, elen);
	return oneshot_decodes_to(frame, flen, expect, elen);
}

static void put_block_header(uint8_t *p, uint32_t size, unsigned int type, int last)
{
	uint32_t h = size << 3 | type << 1 | (last ? 1 : 0);

	p[0] = (uint8_t)h;
	p[1] = (uint8_t)(h >> 8);
	p[2] = (uint8_t)(h >> 16);
}

/*
 * The frame with every RLE block over max written as RLE blocks of max
 * bytes and the rest, into dst (NULL: only counted); its length, 0 when it
 * has no frame header. From a block cut short (or of the reserved type) on,
 * the bytes are copied as they are: every decoder fails there alike.
 */
static size_t rle_split(const uint8_t *frame, size_t flen, uint32_t max, uint8_t *dst)
{
	size_t pos = zf_frame_header_size(frame, flen), n = pos;
	uint32_t h, size, piece;
	unsigned int type;
	int last = 0;

	if (!pos || !max)
		return 0;
	if (dst)
		memcpy(dst, frame, pos);
	while (!last && flen - pos >= 3) {
		h = frame[pos] | (uint32_t)frame[pos + 1] << 8 | (uint32_t)frame[pos + 2] << 16;
		type = (h >> 1) & 3;
		size = h >> 3;
		if (type == ZF_BLOCK_RLE ? flen - pos < 4 :
		    type > ZF_BLOCK_COMPRESSED || flen - pos - 3 < size)
			break;	/* cut short or reserved: the rest as it is */
		last = h & 1;
		if (type != ZF_BLOCK_RLE) {
			if (dst)
				memcpy(dst + n, frame + pos, 3 + size);
			n += 3 + size;
			pos += 3 + size;
			continue;
		}
		do {
			piece = size > max ? max : size;
			size -= piece;
			if (dst) {
				put_block_header(dst + n, piece, ZF_BLOCK_RLE, last && !size);
				dst[n + 3] = frame[pos + 3];
			}
			n += 4;
		} while (size);
		pos += 4;
	}
	if (dst)
		memcpy(dst + n, frame + pos, flen - pos);	/* the checksum, or the cut rest */
	return n + flen - pos;
}

int zo_ref_frame_rle_split(const uint8_t *frame, size_t flen, uint32_t max, int window_128k,
			   const uint8_t *expect, size_t elen)
{
	size_t n = rle_split(frame, flen, max, NULL);
	uint8_t *copy = n > 5 ? malloc(n) : NULL;
	int same;

	if (!copy)
		return 0;
	rle_split(frame, flen, max, copy);
	if (window_128k)
		copy[5] = (17 - WINDOW_LOG_MIN) << 3;	/* Window_Descriptor: 128 KB */
	same = zo_ref_frame_decodes_to(copy, n, expect, elen, 1);
	free(copy);
	return same;
}

/* The number, in the frame as given, of the block the split frame's block split is part of. */
static int split_origin(const uint8_t *frame, size_t flen, uint32_t max, unsigned int split,
			unsigned int *block)
{
	unsigned int first = 0, pieces;
	struct zf_block b;

	for (unsigned int i = 0; zf_frame_block(frame, flen, i, &b); i++) {
		pieces = b.type == ZF_BLOCK_RLE && b.size > max ? (b.size + max - 1) / max : 1;
		if (split < first + pieces) {
			*block = i;
			return 1;
		}
		first += pieces;
	}
	return 0;
}

int zo_next_rle_split_fails(const uint8_t *frame, size_t flen, uint32_t max, size_t out_len,
			    unsigned int *block, size_t *err)
{
	/* Room for the kernel's bytes: a frame of several MiB is judged too. */
	size_t cap = out_len > ZO_OUT_CAP ? out_len : ZO_OUT_CAP;
	size_t n = rle_split(frame, flen, max, NULL);
	uint8_t *copy = n > 5 ? malloc(n) : NULL, *out = cap > ZO_OUT_CAP ? malloc(cap) : site_buf();
	struct bm_request req = { .side = BM_NEXT, .src = copy, .len = n, .cap = cap,
				  .max_frames = 1, .find = SIZE_MAX };
	struct block_map *m = malloc(sizeof(*m));
	int ret = 0;

	if (!copy || !out || !m)
		goto out;
	rle_split(frame, flen, max, copy);
	if (block_map(&req, out, m) || !m->error || m->fail.frame || m->fail.part != BM_BLOCK)
		goto out;
	ret = split_origin(frame, flen, max, m->fail.block, block);
	*err = m->error;
out:
	if (cap > ZO_OUT_CAP)
		free(out);
	free(m);
	free(copy);
	return ret;
}

/* One side's block map of the split frame into a buffer of its own. */
static struct block_map *split_map(enum bm_side side, const uint8_t *copy, size_t n, size_t cap,
				   uint8_t **out)
{
	struct bm_request req = { .side = side, .src = copy, .len = n, .cap = cap,
				  .max_frames = 1, .find = SIZE_MAX };
	struct block_map *m = malloc(sizeof(*m));

	*out = malloc(cap ? cap : 1);
	if (m && *out && !block_map(&req, *out, m))
		return m;
	free(m);
	free(*out);
	*out = NULL;
	return NULL;
}

int zo_rle_split_both_fail(const uint8_t *frame, size_t flen, uint32_t max, size_t cap,
			   unsigned int *block, size_t *kerr, size_t *rerr)
{
	size_t n = rle_split(frame, flen, max, NULL);
	uint8_t *copy = n > 5 ? malloc(n) : NULL, *kout = NULL, *rout = NULL;
	struct block_map *km = NULL, *rm = NULL;
	int ret = 0;

	if (!copy)
		return 0;
	rle_split(frame, flen, max, copy);
	km = split_map(BM_KERNEL, copy, n, cap, &kout);
	rm = split_map(BM_REFERENCE, copy, n, cap, &rout);
	if (!km || !rm || !km->error || !rm->error || km->fail.frame || rm->fail.frame ||
	    km->fail.part != BM_BLOCK || rm->fail.part != BM_BLOCK ||
	    km->fail.in_off != rm->fail.in_off ||
	    !same_bytes(kout, km->out_len, rout, rm->out_len))
		goto out;
	ret = split_origin(frame, flen, max, km->fail.block, block);
	*kerr = km->error;
	*rerr = rm->error;
out:
	free(km);
	free(rm);
	free(kout);
	free(rout);
	free(copy);
	return ret;
}

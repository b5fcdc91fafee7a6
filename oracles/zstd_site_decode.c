// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "block_map.h"
#include "ref_zstd.h"
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

int zo_ref_frame_with_window(const uint8_t *frame, size_t flen, size_t window,
			     unsigned int block, size_t min_out, const uint8_t *expect,
			     size_t elen)
{
	uint8_t *copy = malloc(flen ? flen : 1), *out = site_buf();
	struct bm_request req = { .side = BM_REFERENCE, .src = copy, .len = flen,
				  .cap = ZO_OUT_CAP, .max_frames = 1, .find = SIZE_MAX };
	struct block_map m;
	unsigned int log = 0;
	int ok = 0;

	while (((size_t)1 << log) < window)
		log++;
	if (!copy || !out || flen < 6 || log < WINDOW_LOG_MIN)
		goto out;
	memcpy(copy, frame, flen);
	copy[5] = (uint8_t)((log - WINDOW_LOG_MIN) << 3);	/* Window_Descriptor, mantissa 0 */
	req.find_block = block;
	ok = !block_map(&req, out, &m) && !m.error && m.frames[0].in_end == flen &&
	     m.have_block && m.block.out_len > min_out && same_bytes(out, m.out_len, expect, elen);
out:
	free(copy);
	return ok;
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

int zo_ref_frame_decodes_to(const uint8_t *frame, size_t flen, const uint8_t *expect,
			    size_t elen)
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

// SPDX-License-Identifier: GPL-2.0
/*
 * Error pairs: both sides refused the same corrupt block for different
 * reasons. lib/zstd 1.4.10, libzstd 1.5.4 and zstd 1.5.7 check a block's
 * parts in different orders (room before or after the sequences, the
 * literals' size before or after their header...), so a block with more
 * than one fault is named by whichever check each version runs first. Such
 * a pair is counted and named in one line per pair of codes and process
 * ("kzfuzz: error-pair: ..."), never a finding, when all of these hold:
 *  - both sides' block maps failed on the same unit (a block or a block
 *    header) of the same frame: the kernel did not fail earlier;
 *  - both decoded the same bytes up to it;
 *  - both calls' codes and both maps' codes are codes of a corrupt block:
 *    corruption_detected, srcSize_wrong, dstSize_tooSmall;
 *  - a side that said dstSize_tooSmall fails that block again with 128 KiB
 *    more room: it did not merely run out of room where the other side
 *    refused (or accepted) the block.
 * Every other pair of reasons stays a finding (fuzz/README.md, "Error pairs").
 */
#include <stdlib.h>
#include <string.h>

#include "block_map.h"
#include "zstd_oracle.h"

#define CORRUPTION	20
#define DST_TOO_SMALL	70
#define SRC_WRONG	72
#define MORE_ROOM	((size_t)128 << 10)

static unsigned long pairs;

unsigned long zo_error_pair_count(void)
{
	return pairs;
}

static int corrupt_block_code(int code)
{
	return code == CORRUPTION || code == SRC_WRONG || code == DST_TOO_SMALL;
}

/* A corrupt block's code as an index: 0, 1, 2. */
static int code_index(int code)
{
	return code == CORRUPTION ? 0 : code == SRC_WRONG ? 1 : 2;
}

static int map_code(size_t error)
{
	return (int)(0 - error);
}

/* Side fails the site's block again, for a corrupt block's reason, with MORE_ROOM more output. */
static int fails_with_room(const struct zo_site *s, enum bm_side side)
{
	const struct zo_case *c = s->c;
	struct bm_request req = { .side = side, .src = c->zdata, .len = c->zdata_len,
				  .cap = zo_case_cap(c) + MORE_ROOM, .max_frames = c->frames,
				  .find = SIZE_MAX, .dict = c->dict, .dict_len = c->dict_len };
	struct block_map *m = malloc(sizeof(*m));
	uint8_t *dst = zo_scratch(ZO_SCRATCH_PAIR, req.cap);
	int ret;

	ret = m && dst && !block_map(&req, dst, m) && m->error &&
	      corrupt_block_code(map_code(m->error)) && m->fail.frame == s->frame &&
	      m->fail.block == s->block && (int)m->fail.part == s->part;
	free(m);
	return ret;
}

static int site_is_pair(const struct zo_verdict *v)
{
	const struct zo_site *s = &v->site;

	if (v->cls != ZO_ERROR_MISMATCH || v->c->header_only || !s->located ||
	    s->before_failure || !s->same_unit || !s->km || !s->rm)
		return 0;
	if (s->part != BM_BLOCK && s->part != BM_BLOCK_HEADER)
		return 0;
	return s->k->is_error && s->r->is_error && corrupt_block_code(s->k->error_code) &&
	       corrupt_block_code(s->r->error_code) && s->km->error && s->rm->error &&
	       corrupt_block_code(map_code(s->km->error)) &&
	       corrupt_block_code(map_code(s->rm->error));
}

int zo_is_error_pair(const struct zo_verdict *v)
{
	const struct zo_site *s = &v->site;
	enum bm_side ref = v->by_next ? BM_NEXT : BM_REFERENCE;

	if (!site_is_pair(v))
		return 0;
	if (s->k->error_code == DST_TOO_SMALL && !fails_with_room(s, BM_KERNEL))
		return 0;
	if (s->r->error_code == DST_TOO_SMALL && !fails_with_room(s, ref))
		return 0;
	return 1;
}

void zo_note_error_pair(const struct zo_verdict *v, const char *step)
{
	static int seen[3][3];
	const struct zo_site *s = &v->site;
	int ki = code_index(s->k->error_code), ri = code_index(s->r->error_code);
	char site[192];

	pairs++;
	if (seen[ki][ri]++)
		return;
	zo_site_text(s, site, sizeof(site));
	fprintf(stderr, "kzfuzz: error-pair: %s: %s: %s %s, %s %s at %s (%zu input bytes)\n",
		v->c->target, step, s->k->who, s->k->error_name, s->r->who, s->r->error_name,
		site, v->c->input_len);
}

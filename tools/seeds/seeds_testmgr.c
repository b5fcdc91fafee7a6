// SPDX-License-Identifier: GPL-2.0
/* Seeds from the tree's crypto/testmgr.h zstd vectors: frames or texts. */
#include "seeds.h"
#include "testmgr_zstd.h"

#define TESTMGR_MAX	16

/* One vector: its frame (frames != 0) or its text, named after its kind. */
static int testmgr_seed(const struct seed_sink *sink, const struct kh_testvec *v,
			int is_decomp, int frames, size_t i)
{
	const char *text = is_decomp ? v->out : v->in, *frame = is_decomp ? v->in : v->out;
	size_t text_len = is_decomp ? v->out_len : v->in_len;
	size_t frame_len = is_decomp ? v->in_len : v->out_len;
	const char *kind = is_decomp ? "decomp" : "comp";

	if (frames)
		return seed_emit(sink, SEED_DECODES, text_len, frame, frame_len,
				 "testmgr-%s-%zu", kind, i);
	return seed_emit(sink, SEED_PLAIN, 0, text, text_len, "testmgr-%s-%zu", kind, i);
}

int seeds_testmgr(const struct seed_sink *sink, int frames)
{
	struct kh_testvec v[2][TESTMGR_MAX];
	size_t n[2] = { 0, 0 };
	int ret = 0;

	if (!kh_testmgr_zstd(v[0], &n[0], v[1], &n[1], TESTMGR_MAX))
		return 0;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < n[k] && !ret; i++)
			ret = testmgr_seed(sink, &v[k][i], k, frames, i);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The generator's entry: frames, skippable frames between them, and at
 * most one defect planned for the input (made where the frames give it a
 * chance; an input whose defect never came is valid).
 */
#include <stdlib.h>
#include <string.h>

#include "spec_ctx.h"
#include "spec_frame.h"

#define FRAMES_MAX	8
#define SKIPPABLE_MAGIC	0x184D2A50u

static const char *const defect_names[SPEC_DEFECTS] = {
	"valid", "reserved-bit", "dictionary-id", "offset-before-frame", "huffman-stream-cut",
	"offset-zero", "sequences-reserved-bits", "huffman-state-cut", "sequences-state-cut",
};

/* The first four defects take the top choices 28..31 (as they did alone), the later ones 24..27. */
#define DEFECTS_FIRST	5
#define DEFECT_CHOICES	32

const char *spec_defect_name(enum spec_defect d)
{
	return d < SPEC_DEFECTS ? defect_names[d] : "?";
}

void spec_choices_init(struct fuzz_input *in, const uint8_t *data, size_t size)
{
	memset(in, 0, sizeof(*in));
	in->params = data;
	in->params_len = size;
}

static int scratch(struct spec_ctx *x)
{
	static struct spec_ctx keep;
	int k;

	if (!keep.data) {
		keep.data = malloc(SPEC_DATA_MAX);
		keep.content = malloc(SPEC_CONTENT_MAX);
		keep.lits = malloc(SPEC_BLOCK_MAX);
		keep.seqs = malloc(SPEC_SEQ_MAX * sizeof(*keep.seqs));
		for (k = 0; k < 3; k++) {
			keep.codes[k] = malloc(SPEC_SEQ_MAX);
			keep.states[k] = malloc(SPEC_SEQ_MAX * sizeof(uint16_t));
			keep.table[k] = malloc(sizeof(struct spec_fse));
			keep.next[k] = malloc(sizeof(struct spec_fse));
		}
	}
	for (k = 0; k < 3; k++)
		if (!keep.codes[k] || !keep.states[k] || !keep.table[k] || !keep.next[k])
			return 0;
	if (!keep.data || !keep.content || !keep.lits || !keep.seqs)
		return 0;
	memcpy(x->codes, keep.codes, sizeof(x->codes));
	memcpy(x->states, keep.states, sizeof(x->states));
	memcpy(x->table, keep.table, sizeof(x->table));
	memcpy(x->next, keep.next, sizeof(x->next));
	x->data = keep.data;
	x->content = keep.content;
	x->lits = keep.lits;
	x->seqs = keep.seqs;
	return 1;
}

static size_t skippable(struct spec_ctx *x, uint8_t *out)
{
	uint32_t magic = SKIPPABLE_MAGIC + fuzz_input_u32(x->in, 0, 15, 0);
	uint32_t size = fuzz_input_u32(x->in, 0, 64, 0), i;

	for (i = 0; i < 4; i++) {
		out[i] = (uint8_t)(magic >> (8 * i));
		out[4 + i] = (uint8_t)(size >> (8 * i));
	}
	for (i = 0; i < size; i++)
		out[8 + i] = (uint8_t)spec_rand(x);
	spec_reach(x, SPEC_F_skippable);
	return 8 + size;
}

static void build_frames(struct spec_ctx *x)
{
	unsigned int n;

	for (n = 0; n < FRAMES_MAX; n++) {
		if (fuzz_input_u32(x->in, 0, 3, 0) == 3)
			x->len += skippable(x, x->data + x->len);
		x->len += spec_frame(x, x->data + x->len);
		x->res->frames++;
		if (!fuzz_input_u32(x->in, 0, 3, 0) || x->content_len >= SPEC_CONTENT_MAX / 2)
			break;
	}
	if (fuzz_input_u32(x->in, 0, 7, 0) == 7)
		x->len += skippable(x, x->data + x->len);
}

int spec_build(struct fuzz_input *in, struct spec_result *res)
{
	static struct spec_fields fields;
	struct spec_ctx x;
	unsigned int d;

	memset(&x, 0, sizeof(x));
	memset(res, 0, sizeof(*res));
	if (!scratch(&x))
		return 0;
	x.fields = fields;
	x.in = in;
	x.res = res;
	x.rng = fuzz_input_u32(in, 0, 0xFFFFFFFFu, 0x9E3779B9u) | 1;
	d = fuzz_input_u32(in, 0, DEFECT_CHOICES - 1, 0);
	if (d >= DEFECT_CHOICES - (DEFECTS_FIRST - 1))
		x.defect = (enum spec_defect)(d - (DEFECT_CHOICES - DEFECTS_FIRST));
	else if (d >= DEFECT_CHOICES - (SPEC_DEFECTS - 1))
		x.defect = (enum spec_defect)(d - (DEFECT_CHOICES - (SPEC_DEFECTS - 1)) + DEFECTS_FIRST);
	else
		x.defect = SPEC_VALID;
	build_frames(&x);
	fields = x.fields;
	res->data = x.data;
	res->len = x.len;
	res->content = x.content;
	res->content_len = x.content_len;
	res->defect = x.defect_done ? x.defect : SPEC_VALID;
	if (res->defect)
		res->reached[SPEC_F_invalid] = 1;
	return !x.fields.oom;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The sequences section (RFC 8878 3.1.1.3.2): Number_of_Sequences in one of
 * its forms, the compression modes, the tables, and the bitstream: the
 * three initial states (literals length, offset, match length), then per
 * sequence the offset, match length and literals length extra bits and,
 * but after the last, the literals length, match length and offset state
 * updates.
 */
#include <string.h>

#include "spec_bulk.h"
#include "spec_ctx.h"

enum { MODE_PREDEF, MODE_RLE, MODE_FSE, MODE_REPEAT };

static const unsigned int max_code[3] = { SPEC_LL_MAX, SPEC_OF_MAX, SPEC_ML_MAX };
static const unsigned int max_log[3] = { 9, 8, 9 };

static size_t count_header(struct spec_ctx *x, size_t n, uint8_t *out)
{
	int wide = fuzz_input_u32(x->in, 0, 3, 0) == 3;

	if (n == 0 && !wide) {
		spec_reach(x, SPEC_F_nseq0_1byte);
		out[0] = 0;
		return 1;
	}
	if (n < 128 && !wide) {
		spec_reach(x, SPEC_F_nseq_1byte);
		out[0] = (uint8_t)n;
		return 1;
	}
	if (n < 0x7F00) {
		spec_reach(x, n ? SPEC_F_nseq_2byte : SPEC_F_nseq0_2byte);
		out[0] = (uint8_t)((n >> 8) + 0x80);
		out[1] = (uint8_t)n;
		return 2;
	}
	spec_reach(x, SPEC_F_nseq_3byte);
	out[0] = 0xFF;
	out[1] = (uint8_t)(n - 0x7F00);
	out[2] = (uint8_t)((n - 0x7F00) >> 8);
	return 3;
}

static void predefined(struct spec_fse *t, int field)
{
	static const int16_t *const norm[3] = { spec_ll_default, spec_of_default, spec_ml_default };
	static const unsigned int n[3] = { 36, 29, 53 }, log[3] = { 6, 5, 6 };

	spec_fse_build(t, norm[field], n[field], log[field]);
}

/* Whether every code in codes[0..n) has a state in t. */
static int covers(const struct spec_fse *t, const uint8_t *codes, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!spec_fse_has(t, codes[i]))
			return 0;
	return 1;
}

static size_t fse_mode(struct spec_ctx *x, int field, const uint8_t *codes, size_t n,
		       struct spec_fse *t, uint8_t *out, size_t cap)
{
	uint32_t hist[SPEC_FSE_MAX_SYMS] = { 0 };
	unsigned int nsyms, distinct = 0, s, log;
	int16_t norm[SPEC_FSE_MAX_SYMS];
	size_t i;

	for (i = 0; i < n; i++)
		distinct += !hist[codes[i]]++;
	log = fuzz_input_u32(x->in, 5, max_log[field], 6);
	while ((1u << log) < distinct)
		log++;
	if (!spec_fse_norm(norm, hist, max_code[field] + 1, log, x->in))
		return 0;
	for (nsyms = max_code[field] + 1; !norm[nsyms - 1]; nsyms--)
		;
	if (!spec_fse_build(t, norm, nsyms, log))
		return 0;
	spec_reach(x, log == 5 ? SPEC_F_fse_al5 : log == max_log[field] ? SPEC_F_fse_al_max :
		   SPEC_F_mode_fse);
	if (distinct == 1 && t->count[codes[0]] == t->size)
		spec_reach(x, SPEC_F_fse_one_symbol);
	for (s = 0; s < nsyms; s++)
		if (norm[s] == -1)
			spec_reach(x, SPEC_F_fse_low_prob);
	return spec_fse_describe(norm, nsyms, log, out, cap);
}

/* One field's mode and table: the mode, or -1 when its table does not fit. */
static int field_table(struct spec_ctx *x, int field, const uint8_t *codes, size_t n,
		       uint8_t *out, size_t cap, size_t *used)
{
	struct spec_fse *t = x->next[field];
	int mode = fuzz_input_u32(x->in, MODE_PREDEF, MODE_REPEAT, MODE_FSE);
	size_t i;

	*used = 0;
	for (i = 1; mode == MODE_RLE && i < n; i++)
		if (codes[i] != codes[0])
			mode = MODE_FSE;
	if (mode == MODE_REPEAT && !(x->have_table[field] && covers(x->table[field], codes, n)))
		mode = MODE_FSE;
	if (mode == MODE_PREDEF) {
		predefined(t, field);
		if (!covers(t, codes, n))
			mode = MODE_FSE;
	}
	if (mode == MODE_RLE) {
		if (!cap)
			return -1;
		spec_fse_rle(t, codes[0]);
		out[0] = codes[0];
		*used = 1;
	} else if (mode == MODE_REPEAT) {
		memcpy(t, x->table[field], sizeof(*t));
	} else if (mode == MODE_FSE) {
		*used = fse_mode(x, field, codes, n, t, out, cap);
		if (!*used)
			return -1;
	}
	spec_reach(x, (enum spec_feature[]){ SPEC_F_mode_predef, SPEC_F_mode_rle, SPEC_F_mode_fse,
					     SPEC_F_mode_repeat }[mode]);
	return mode;
}

/* Every sequence's codes and extra bits in the order the decoder reads them. */
SPEC_BULK static void codes_of(struct spec_ctx *x, const struct spec_seq *seqs, size_t n,
		     struct spec_code (*c)[3])
{
	size_t i;

	for (i = 0; i < n; i++) {
		spec_code(SPEC_CODE_LL, seqs[i].ll, &c[i][SPEC_CODE_LL]);
		spec_code(SPEC_CODE_OF, seqs[i].ofv, &c[i][SPEC_CODE_OF]);
		spec_code(SPEC_CODE_ML, seqs[i].ml, &c[i][SPEC_CODE_ML]);
		x->codes[SPEC_CODE_LL][i] = (uint8_t)c[i][SPEC_CODE_LL].code;
		x->codes[SPEC_CODE_OF][i] = (uint8_t)c[i][SPEC_CODE_OF].code;
		x->codes[SPEC_CODE_ML][i] = (uint8_t)c[i][SPEC_CODE_ML].code;
	}
}

SPEC_BULK static void add_update(struct spec_fields *f, const struct spec_fse *t, const uint16_t *st,
		       size_t i)
{
	spec_fields_add(f, spec_fse_step(t, st[i], st[i + 1]), t->nb[st[i]]);
}

/* Over 16 MB, 1.4.10's prefetch decoder stops where the stream runs out. */
#define CUT_WINDOW_MAX		((uint64_t)1 << 24)
#define CONTAINER_BITS		64

/*
 * The cut-state defect: the stream without its last fields (the last ones
 * read: initial states, extra bits or updates), all of value 0, at least
 * one bit of them. zstd's bit reader, past the start of a stream under 8
 * bytes, reads the zero top bytes of its 64-bit container: so the fields
 * cut, if no more than those, read as the 0 they were (1.4.10 to 1.5.4
 * decode the frame made; 1.5.7 wants the stream to end exactly). 0 when
 * this stream has no such cut.
 */
static size_t cut_stream(const struct spec_fields *f, uint8_t *out, size_t cap)
{
	size_t k = f->n, bits = 0, size;

	while (k > 0 && !f->val[k - 1])
		bits += f->nb[--k];
	if (!bits)
		return 0;
	size = spec_fields_write(f, 0, k, out, cap);
	return size && size < 8 && bits <= CONTAINER_BITS - 8 * size ? size : 0;
}

SPEC_BULK static size_t bitstream(struct spec_ctx *x, struct spec_code (*c)[3], size_t n,
			uint8_t *out, size_t cap)
{
	static const int order[3] = { SPEC_CODE_LL, SPEC_CODE_OF, SPEC_CODE_ML };
	struct spec_fields *f = &x->fields;
	uint16_t **st = x->states;
	struct spec_fse **t = x->next;
	size_t i;
	int k;

	for (k = 0; k < 3; k++) {
		int fld = order[k];
		unsigned int last = spec_fse_state(t[fld], x->codes[fld][n - 1],
						   fuzz_input_u32(x->in, 0, 255, 0));

		if (!spec_fse_path(t[fld], x->codes[fld], n, st[fld], last))
			return 0;
	}
	spec_fields_reset(f);
	for (k = 0; k < 3; k++)
		spec_fields_add(f, st[order[k]][0], t[order[k]]->log);
	for (i = 0; i < n; i++) {
		spec_fields_add(f, c[i][SPEC_CODE_OF].extra, c[i][SPEC_CODE_OF].nbits);
		spec_fields_add(f, c[i][SPEC_CODE_ML].extra, c[i][SPEC_CODE_ML].nbits);
		spec_fields_add(f, c[i][SPEC_CODE_LL].extra, c[i][SPEC_CODE_LL].nbits);
		if (i + 1 == n)
			break;
		add_update(f, t[SPEC_CODE_LL], st[SPEC_CODE_LL], i);
		add_update(f, t[SPEC_CODE_ML], st[SPEC_CODE_ML], i);
		add_update(f, t[SPEC_CODE_OF], st[SPEC_CODE_OF], i);
	}
	if (x->defect == SPEC_BAD_SEQ_STATE && !x->defect_done && x->window <= CUT_WINDOW_MAX) {
		size_t size = cut_stream(f, out, cap);

		if (size) {
			x->defect_done = 1;
			spec_reach(x, SPEC_F_seq_state_cut);
			return size;
		}
	}
	return spec_fields_write(f, 0, f->n, out, cap);
}

void spec_commit_tables(struct spec_ctx *x)
{
	int k;

	if (x->huf_next_used) {
		x->huf = x->huf_next;
		x->have_huf = 1;
	}
	for (k = 0; k < 3 && x->next_used; k++) {
		struct spec_fse *t = x->table[k];

		x->table[k] = x->next[k];
		x->next[k] = t;
		x->have_table[k] = 1;
	}
	x->huf_next_used = x->next_used = 0;
}

size_t spec_sequences(struct spec_ctx *x, const struct spec_seq *seqs, size_t n,
		      uint8_t *out, size_t cap)
{
	static struct spec_code c[SPEC_SEQ_MAX][3];
	size_t hs, pos, used, body;
	int k, modes[3];

	if (cap < 4)
		return 0;
	hs = count_header(x, n, out);
	if (!n)
		return hs;
	codes_of(x, seqs, n, c);
	pos = hs + 1;
	for (k = 0; k < 3; k++) {
		modes[k] = field_table(x, k, x->codes[k], n, out + pos, cap - pos, &used);
		if (modes[k] < 0)
			return 0;
		pos += used;
	}
	out[hs] = (uint8_t)(modes[0] << 6 | modes[1] << 4 | modes[2] << 2);
	if (x->defect == SPEC_BAD_SEQ_RESERVED && !x->defect_done) {
		out[hs] |= (uint8_t)fuzz_input_u32(x->in, 1, 3, 1);
		x->defect_done = 1;
		spec_reach(x, SPEC_F_seq_reserved);
	}
	body = bitstream(x, c, n, out + pos, cap - pos);
	if (!body)
		return 0;
	x->next_used = 1;
	return pos + body;
}

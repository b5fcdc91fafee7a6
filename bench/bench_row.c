// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_row.h"
#include "ref_bench.h"
#include "ref_zstd.h"

struct unit {
	const unsigned char *src;	/* what a call reads: data, or a frame */
	size_t len;
	unsigned char *dst;
	size_t cap;
	size_t got;			/* last result */
	const unsigned char *orig;	/* the uncompressed unit */
	size_t orig_len;
};

struct row_units {
	struct unit *u;
	size_t n;
	unsigned char *out;
	unsigned char *frames;		/* reference frames (decompression rows) */
	unsigned char *check;		/* room to decode one unit */
};

static const struct bench_impl *impls[BENCH_SIDES] = {
	&bench_kernel_impl, &bench_ref_impl
};

static const char *side_names[BENCH_SIDES] = { "kernel", "ref" };

void bench_row_sides(const struct bench_impl *a, const char *name_a,
		     const struct bench_impl *b, const char *name_b)
{
	impls[BENCH_KERNEL] = a;
	impls[BENCH_REF] = b;
	side_names[BENCH_KERNEL] = name_a;
	side_names[BENCH_REF] = name_b;
}

const char *bench_side_name(int side)
{
	return side_names[side];
}

const char *bench_mode_name(enum bench_mode mode)
{
	static const char *const names[BENCH_MODES] = {
		"oneshot", "stream", "decompress", "dstream", "dstream4k"
	};

	return mode < BENCH_MODES ? names[mode] : "unknown";
}

const char *bench_verdict_name(enum bench_verdict v)
{
	static const char *const names[] = { "-", "pass", "FAIL", "inconclusive" };

	return names[v];
}

double bench_cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static void units_free(struct row_units *ru)
{
	free(ru->u);
	free(ru->out);
	free(ru->frames);
	free(ru->check);
	memset(ru, 0, sizeof(*ru));
}

/* Reference frames of every unit at the row's level: what both decoders read. */
static int make_frames(struct row_units *ru, struct bench_row *row, char *err, size_t errlen)
{
	struct ref_bench_cctx *c = ref_bench_cctx_create_ex(row->level, row->data->checksum,
							     row->data->wlog);
	size_t total = 0, off = 0, ret;

	if (!c)
		return fail(err, errlen, "reference context for level %d", row->level);
	for (size_t i = 0; i < ru->n; i++)
		total += ref_compress_bound(ru->u[i].orig_len);
	ru->frames = malloc(total);
	if (!ru->frames) {
		ref_bench_cctx_free(c);
		return fail(err, errlen, "out of memory");
	}
	for (size_t i = 0; i < ru->n; i++) {
		struct unit *u = &ru->u[i];

		ret = ref_bench_compress(c, ru->frames + off, total - off, u->orig, u->orig_len);
		if (ref_is_error(ret)) {
			ref_bench_cctx_free(c);
			return fail(err, errlen, "reference compression: %s", ref_error_name(ret));
		}
		u->src = ru->frames + off;
		u->len = ret;
		off += ret;
	}
	ref_bench_cctx_free(c);
	bench_mix_count(&row->mix, ru->frames, off);
	return 0;
}

static int units_init(struct row_units *ru, struct bench_row *row, char *err, size_t errlen)
{
	const struct bench_data *d = row->data;
	size_t unit = d->unit ? d->unit : d->size, total = 0;

	memset(ru, 0, sizeof(*ru));
	ru->n = (d->size + unit - 1) / unit;
	ru->u = calloc(ru->n, sizeof(*ru->u));
	ru->check = malloc(unit);
	if (!ru->u || !ru->check)
		return fail(err, errlen, "out of memory");
	for (size_t i = 0; i < ru->n; i++) {
		struct unit *u = &ru->u[i];

		u->orig = d->buf + i * unit;
		u->orig_len = d->size - i * unit < unit ? d->size - i * unit : unit;
		u->src = u->orig;
		u->len = u->orig_len;
		u->cap = bench_mode_decodes(row->mode) ? u->orig_len : ref_compress_bound(u->orig_len);
		total += u->cap;
	}
	ru->out = malloc(total);
	if (!ru->out)
		return fail(err, errlen, "out of memory");
	total = 0;
	for (size_t i = 0; i < ru->n; i++) {
		ru->u[i].dst = ru->out + total;
		total += ru->u[i].cap;
	}
	return bench_mode_decodes(row->mode) ? make_frames(ru, row, err, errlen) : 0;
}

/* One pass over every unit. Returns the bytes produced, or an error code. */
static size_t run_pass(const struct bench_impl *impl, void *ctx, struct row_units *ru)
{
	size_t total = 0;

	for (size_t i = 0; i < ru->n; i++) {
		struct unit *u = &ru->u[i];
		size_t ret = impl->run(ctx, u->dst, u->cap, u->src, u->len);

		if (impl->is_error(ret))
			return ret;
		u->got = ret;
		total += ret;
	}
	return total;
}

/* The last pass's output must give the data back. */
static int verify_pass(const struct bench_row *row, struct row_units *ru, int side,
		       char *err, size_t errlen)
{
	for (size_t i = 0; i < ru->n; i++) {
		struct unit *u = &ru->u[i];
		const unsigned char *got = u->dst;
		size_t len = u->got;

		if (!bench_mode_decodes(row->mode)) {
			len = ref_decompress(ru->check, u->orig_len, u->dst, u->got);
			if (ref_is_error(len))
				return fail(err, errlen, "%s frame of unit %zu does not decode: %s",
					    impls[side]->name, i, ref_error_name(len));
			got = ru->check;
		}
		if (len != u->orig_len || memcmp(got, u->orig, len))
			return fail(err, errlen, "%s round trip of unit %zu differs from the data",
				    impls[side]->name, i);
	}
	return 0;
}

/* Calibration's slowdown: spin until the pass took (1 + slow) times its time. */
static void slow_down(double t0, double slow)
{
	double until = t0 + (bench_cpu_now() - t0) * (1 + slow);

	while (bench_cpu_now() < until)
		;
}

/* CPU seconds of iters passes; negative with err set on a failed call. */
static double time_passes(const struct bench_impl *impl, void *ctx, struct row_units *ru,
			  unsigned long iters, double slow, char *err, size_t errlen)
{
	double t0 = bench_cpu_now();

	for (unsigned long i = 0; i < iters; i++) {
		double tp = bench_cpu_now();
		size_t ret = run_pass(impl, ctx, ru);

		if (impl->is_error(ret)) {
			fail(err, errlen, "%s: %s", impl->name, impl->error_name(ret));
			return -1;
		}
		if (slow > 0)
			slow_down(tp, slow);
	}
	return bench_cpu_now() - t0;
}

/* The slowdown calibration asks of side on this row, 0 for none. */
static double slow_of(const struct bench_row *row, const struct bench_opts *o, int side)
{
	if (side != BENCH_KERNEL || o->slow <= 0 || !o->slow_data)
		return 0;
	return !strcmp(o->slow_data, "*") || !strcmp(o->slow_data, row->data->name) ||
	       !strcmp(o->slow_data, bench_mode_name(row->mode)) ? o->slow : 0;
}

/* Warm up, check the output, and choose the passes per sample. */
static int prepare_side(struct bench_row *row, int side, void *ctx, struct row_units *ru,
			const struct bench_opts *o, char *err, size_t errlen)
{
	const struct bench_impl *impl = impls[side];
	double t = bench_cpu_now();
	size_t ret = run_pass(impl, ctx, ru);

	t = bench_cpu_now() - t;
	if (impl->is_error(ret))
		return fail(err, errlen, "%s: %s", impl->name, impl->error_name(ret));
	if (verify_pass(row, ru, side, err, errlen))
		return -1;
	row->side[side].out_size = bench_mode_decodes(row->mode) ? 0 : ret;
	if (bench_mode_decodes(row->mode))
		for (size_t i = 0; i < ru->n; i++)
			row->side[side].out_size += ru->u[i].len;
	/* A slow pass needs no second one to tell: one pass per sample. */
	if (t < 4 * o->sample_s) {
		t = time_passes(impl, ctx, ru, 1, slow_of(row, o, side), err, errlen);
		if (t < 0)
			return -1;
	}
	row->side[side].iters = t > 0 && t < o->sample_s ? (unsigned long)(o->sample_s / t) + 1 : 1;
	return 0;
}

static int sample(struct bench_row *row, int side, void *ctx, struct row_units *ru,
		  const struct bench_opts *o, size_t n, char *err, size_t errlen)
{
	struct bench_side *s = &row->side[side];
	double t = time_passes(impls[side], ctx, ru, s->iters, slow_of(row, o, side), err, errlen);

	if (t < 0)
		return -1;
	if (t <= 0)
		t = 1e-9;
	s->mbs[n] = (double)row->data->size * (double)s->iters / t / 1e6;
	return 0;
}

/*
 * Stop once the ratio, or both sides, vary little between samples (the
 * relative interquartile range, which one preempted sample cannot move),
 * after max samples, or after the row's CPU-time cap.
 */
/* pass, fail or inconclusive: where the interval lies against 1 + threshold. */
static enum bench_verdict verdict_of(const struct bench_row *row, const struct bench_opts *o)
{
	double line = 1 + o->threshold;

	if (!o->verdicts)
		return BENCH_NO_VERDICT;
	if (row->ci_hi < line)
		return BENCH_FAIL;
	if (row->ci_lo >= line)
		return BENCH_PASS;
	return BENCH_INCONCLUSIVE;
}

/*
 * An A/B row: done once its whole interval lies below the threshold (a
 * fail), or above it with a steady ratio (IQR within stable of the
 * median: a pass); an undecided or unsteady one goes on up to
 * retry_samples or the row's time cap, and stays inconclusive. It never
 * turns into a pass on its own.
 */
static int ab_row_done(const struct bench_row *row, const struct bench_opts *o, size_t n,
		       double t0)
{
	size_t cap = o->retry_samples < BENCH_MAX_SAMPLES ? o->retry_samples : BENCH_MAX_SAMPLES;
	size_t least = o->min_samples > BENCH_AB_MIN_SAMPLES ? o->min_samples : BENCH_AB_MIN_SAMPLES;
	int steady = bench_stats_iqr_rel(&row->ratio_st) <= o->stable;

	if (n >= least && (row->verdict == BENCH_FAIL || (steady && row->verdict == BENCH_PASS)))
		return 1;
	if (n >= cap)
		return 1;
	return n >= o->min_samples && bench_cpu_now() - t0 >= o->row_cap_s;
}

static int row_done(const struct bench_row *row, const struct bench_opts *o, size_t n, double t0)
{
	double worst = 0;

	if (o->verdicts)
		return ab_row_done(row, o, n, t0);
	for (int i = 0; i < BENCH_SIDES; i++)
		if (bench_stats_iqr_rel(&row->side[i].st) > worst)
			worst = bench_stats_iqr_rel(&row->side[i].st);
	if (n >= o->min_samples && (worst <= o->stable ||
				    bench_stats_iqr_rel(&row->ratio_st) <= o->stable))
		return 1;
	if (n >= o->max_samples || n >= BENCH_MAX_SAMPLES)
		return 1;
	return n >= 3 && bench_cpu_now() - t0 >= o->row_cap_s;
}

/* scale: passes per sample, times what prepare_side chose. */
static int measure(struct bench_row *row, void *ctx[BENCH_SIDES], struct row_units *ru,
		   const struct bench_opts *o, unsigned long scale, char *err, size_t errlen)
{
	double t0 = bench_cpu_now();
	size_t n = 0;

	for (int i = 0; i < BENCH_SIDES; i++) {
		if (prepare_side(row, i, ctx[i], ru, o, err, errlen))
			return -1;
		row->side[i].iters *= scale;
	}
	do {
		/* ABBA order: neither side always runs first. */
		int first = (n % 4 == 0 || n % 4 == 3) ? BENCH_KERNEL : BENCH_REF;

		if (sample(row, first, ctx[first], ru, o, n, err, errlen) ||
		    sample(row, !first, ctx[!first], ru, o, n, err, errlen))
			return -1;
		row->ratio[n] = row->side[BENCH_KERNEL].mbs[n] / row->side[BENCH_REF].mbs[n];
		n++;
		for (int i = 0; i < BENCH_SIDES; i++)
			if (bench_stats_compute(&row->side[i].st, row->side[i].mbs, n))
				return fail(err, errlen, "out of memory");
		if (bench_stats_compute(&row->ratio_st, row->ratio, n) ||
		    bench_stats_median_ci(row->ratio, n, 0.95, &row->ci_lo, &row->ci_hi))
			return fail(err, errlen, "out of memory");
		row->verdict = verdict_of(row, o);
	} while (!row_done(row, o, n, t0));
	row->noisy = bench_stats_iqr_rel(&row->ratio_st) > o->noisy;
	/* A pass needs a steady row; a fail needs only its whole interval below. */
	if (row->verdict == BENCH_PASS && bench_stats_iqr_rel(&row->ratio_st) > o->stable)
		row->verdict = BENCH_INCONCLUSIVE;
	/* Too few pairs for the interval to hold what it says: neither. */
	if (o->verdicts && n < BENCH_AB_MIN_SAMPLES)
		row->verdict = BENCH_INCONCLUSIVE;
	return 0;
}

/*
 * A/B rows: one left inconclusive is measured again from the start with
 * samples of BENCH_AB_LONGER times the passes, and as much more time
 * (up to BENCH_AB_ATTEMPTS measurements in all, within what is left of
 * the run's retry_budget_s):
 * what moves a pair's ratio (a preemption, another process's cache
 * traffic) weighs less in a longer sample, so its interquartile range
 * shrinks. The last measurement's own samples give the verdict; an
 * inconclusive one stays inconclusive.
 */
static int measure_ab(struct bench_row *row, void *ctx[BENCH_SIDES], struct row_units *ru,
		      const struct bench_opts *o, char *err, size_t errlen)
{
	struct bench_opts longer = *o;
	unsigned long scale = 1;
	double t0 = bench_cpu_now();
	int ret;

	row->attempts = 0;
	row->retry_s = 0;
	for (;;) {
		ret = measure(row, ctx, ru, &longer, scale, err, errlen);
		if (row->attempts++)
			row->retry_s = bench_cpu_now() - t0;
		if (ret || !o->verdicts || row->verdict != BENCH_INCONCLUSIVE ||
		    row->attempts >= BENCH_AB_ATTEMPTS || o->retry_budget_s <= 0)
			return ret;
		t0 = bench_cpu_now();
		scale *= BENCH_AB_LONGER;
		longer.row_cap_s *= BENCH_AB_LONGER;
		if (longer.row_cap_s > o->retry_budget_s)
			longer.row_cap_s = o->retry_budget_s;
	}
}

int bench_row_run(struct bench_row *row, const struct bench_opts *o, char *err, size_t errlen)
{
	size_t unit = row->data->unit ? row->data->unit : row->data->size;
	void *ctx[BENCH_SIDES] = { NULL, NULL };
	struct row_units ru;
	double t0 = bench_cpu_now();
	int ret = -1;

	if (!row->data->size)
		return fail(err, errlen, "%s: empty data set", row->data->name);
	if (units_init(&ru, row, err, errlen))
		goto out;
	for (int i = 0; i < BENCH_SIDES; i++) {
		ctx[i] = impls[i]->create(row->mode, row->level, unit);
		if (!ctx[i]) {
			fail(err, errlen, "%s: cannot make a %s context at level %d", impls[i]->name,
			     bench_mode_name(row->mode), row->level);
			goto out;
		}
	}
	ret = measure_ab(row, ctx, &ru, o, err, errlen);
out:
	for (int i = 0; i < BENCH_SIDES; i++)
		if (ctx[i])
			impls[i]->destroy(ctx[i]);
	units_free(&ru);
	row->cpu_s = bench_cpu_now() - t0;
	return ret;
}

double bench_row_ratio(const struct bench_row *row)
{
	return row->ratio_st.median;
}

double bench_row_cratio(const struct bench_row *row, int side)
{
	size_t out = row->side[side].out_size;

	return out ? (double)row->data->size / (double)out : 0;
}

// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "block_map.h"
#include "ref_zstd.h"
#include "findings_table.h"
#include "name_list.h"
#include "zstd_divergences.h"
#include "zstd_oracle.h"

struct zo_known *zo_known_build(const struct findings_entry *e, size_t count, size_t *n)
{
	struct zo_known *table;
	size_t want = 0;

	for (size_t i = 0; i < count; i++)
		want += e[i].kind && !strcmp(e[i].kind, "divergence");
	*n = 0;
	table = calloc(want ? want : 1, sizeof(*table));
	if (!table)
		return NULL;
	for (size_t i = 0; i < count; i++)
		if (e[i].kind && !strcmp(e[i].kind, "divergence"))
			table[(*n)++] = (struct zo_known){ e[i].id, e[i].class_name, e[i].targets,
							   e[i].signature, e[i].source,
							   zo_predicate(e[i].id) };
	return table;
}

/* The registry's divergences, every one of them, each with the predicate of its id. */
const struct zo_known *zo_known_entries(size_t *count)
{
	static struct zo_known *table;
	static size_t n;

	if (!table)
		table = zo_known_build(findings_table, findings_table_count, &n);
	if (!table) {
		fprintf(stderr, "kzfuzz: no memory for the %zu findings entries\n",
			findings_table_count);
		abort();
	}
	*count = n;
	return table;
}

/* The kind of unit an entry's acts_on names: literals and sequences are parts of a block. */
static int acts_on_part(const char *acts_on, int part)
{
	if (!strcmp(acts_on, "frame-header"))
		return part == BM_FRAME_HEADER;
	if (!strcmp(acts_on, "block-header"))
		return part == BM_BLOCK_HEADER;
	return part == BM_BLOCK && (!strcmp(acts_on, "block") || !strcmp(acts_on, "literals") ||
				    !strcmp(acts_on, "sequences"));
}

/*
 * Both sides rejecting for different reasons is explained by an
 * error-mismatch entry, or by an entry of the side that failed first at
 * the site (either side's, when both failed on that unit): a check only
 * one version has, which that version failed on while the other went on
 * to fail later, or on the same unit for another reason.
 */
static int class_matches(const char *class_name, enum zo_class cls, const struct zo_site *s)
{
	int rejects = !strcmp(class_name, zo_class_name(ZO_KERNEL_REJECTS));
	int accepts = !strcmp(class_name, zo_class_name(ZO_KERNEL_ACCEPTS));

	if (!strcmp(class_name, zo_class_name(cls)))
		return 1;
	if (cls != ZO_ERROR_MISMATCH)
		return 0;
	if (s->same_unit)
		return rejects || accepts;
	return s->ref_first ? accepts : rejects;
}

const struct zo_known *zo_known_match(enum zo_class cls, const struct zo_site *s)
{
	size_t n;
	const struct zo_known *t = zo_known_entries(&n);

	if (!s->located || s->before_failure)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (t[i].matches && class_matches(t[i].class_name, cls, s) &&
		    name_in_list(t[i].targets, s->c->target) && acts_on_part(t[i].acts_on, s->part) &&
		    t[i].matches(s))
			return &t[i];
	return NULL;
}

/* The frames after the explained one: their bytes on both sides, judged again. */
struct zo_tail {
	struct zo_case c;
	struct zo_result k, r;
	size_t in, kout, rout;		/* where the tail starts in zdata and in each output */
	uint8_t *rbuf;			/* the reference's decoding of it, when it stopped before */
};

static int make_tail(const struct zo_case *c, const struct zo_result *k, const struct zo_result *r,
		     const struct zo_site *s, enum zo_class cls, struct zo_tail *t)
{
	const struct bm_frame *rf;
	size_t cap = zo_case_cap(c), ret, kout_off;

	if (s->frame >= s->rm->nframes || !zo_kernel_frame(s, &t->in, &kout_off, &t->kout))
		return -1;
	rf = &s->rm->frames[s->frame];
	if (cls == ZO_MISMATCH && rf->in_end != t->in)
		return -1;	/* the explained frame did not end: nothing after it is placed */
	t->rout = cls == ZO_MISMATCH ? rf->out_end : t->kout;
	t->c = *c;
	t->c.zdata += t->in;
	t->c.zdata_len -= t->in;
	t->c.frames = c->frames ? c->frames - s->frame - 1 : 0;
	t->c.out_cap = cap - t->kout;
	t->c.out_cap_given = 1;
	zo_bytes_result(&t->k, k->who, k->out + t->kout, k->out_len - t->kout);
	if (cls == ZO_MISMATCH) {
		zo_bytes_result(&t->r, r->who, r->out + t->rout, r->out_len - t->rout);
		return 0;
	}
	/* The reference stopped at the explained frame: it decodes the rest on its own. */
	t->rbuf = malloc(t->c.out_cap ? t->c.out_cap : 1);
	if (!t->rbuf)
		return -1;
	ret = ref_decompress(t->rbuf, t->c.out_cap, t->c.zdata, t->c.zdata_len);
	zo_ref_result(&t->r, r->who, ret, t->rbuf, ret);
	return 0;
}

/* A verdict on the tail, in the whole case's terms. */
static void shift_site(struct zo_verdict *v, const struct zo_verdict *tv, const struct zo_tail *t,
		       unsigned int frames_before)
{
	const struct zo_case *c = v->c;
	const struct zo_result *k = v->site.k, *r = v->site.r;

	v->cls = tv->cls;
	v->known = NULL;
	v->site = tv->site;
	v->site.c = c;
	v->site.k = k;
	v->site.r = r;
	v->site.frame += frames_before;
	v->site.in_off += t->in;
	v->site.diff += t->kout;
	for (int i = 0; i < 2; i++) {
		v->site.k_out[i] += t->kout;
		v->site.r_out[i] += t->rout;
	}
	v->site.km = v->site.rm = NULL;	/* the tail's maps are gone */
}

/* An explained site: the frames the call decoded after it must agree or be explained too. */
static void verdict_after(const struct zo_result *k, const struct zo_result *r, enum zo_class cls,
			  struct zo_verdict *v)
{
	const struct zo_case *c = v->c;
	struct zo_tail t = { 0 };
	struct zo_verdict tv;
	unsigned int frame = v->site.frame;

	v->cls = ZO_KNOWN;
	if (c->header_only || cls == ZO_KERNEL_REJECTS || cls == ZO_ERROR_MISMATCH ||
	    (c->frames && frame + 1 >= c->frames))
		return;		/* the failing side decoded nothing after it, or nothing was asked */
	if (make_tail(c, k, r, &v->site, cls, &t)) {
		v->cls = cls;
		v->known = NULL;
		goto out;
	}
	if (!t.c.zdata_len && !t.k.out_len && !t.r.is_error && !t.r.out_len)
		goto out;
	if (zo_verdict(&t.c, &t.k, &t.r, &tv) != ZO_AGREE && tv.cls != ZO_KNOWN)
		shift_site(v, &tv, &t, frame + 1);
out:
	free(t.rbuf);
}

enum zo_class zo_verdict(const struct zo_case *c, const struct zo_result *k,
			 const struct zo_result *r, struct zo_verdict *v)
{
	size_t diff;
	enum zo_class cls = zo_judge(k, r, &diff);

	memset(v, 0, sizeof(*v));
	v->cls = cls;
	v->c = c;
	v->site.c = c;
	v->site.k = k;
	v->site.r = r;
	v->site.diff = diff;
	if (cls == ZO_AGREE || cls == ZO_CONTRACT)
		return cls;
	zo_locate(c, cls, k, r, diff, &v->site);
	v->known = zo_known_match(cls, &v->site);
	if (v->known)
		verdict_after(k, r, cls, v);
	return v->cls;
}

/* Once per id and process: campaigns list the known divergences they met, and where. */
void zo_note_known(const struct zo_verdict *v)
{
	static unsigned char *seen;
	size_t n, i;
	const struct zo_known *t = zo_known_entries(&n);
	char site[192];

	if (!seen)
		seen = calloc(n ? n : 1, 1);
	for (i = 0; i < n && &t[i] != v->known; i++)
		;
	if (seen && i < n && seen[i])
		return;
	if (seen && i < n)
		seen[i] = 1;
	zo_site_text(&v->site, site, sizeof(site));
	fprintf(stderr, "kzfuzz: known divergence %s (%s) in %s at %s\n",
		v->known->id, v->known->class_name, v->c->target, site);
}

void zo_expect(const struct zo_case *c, const char *step, const struct zo_result *k,
	       const struct zo_result *r)
{
	struct zo_verdict v;
	enum zo_class cls;
	char detail[256];

	zo_uninit_check(c, step, k, r, NULL);
	cls = zo_verdict(c, k, r, &v);
	if ((cls == ZO_AGREE || cls == ZO_KNOWN) && c->over_cap)
		zo_note_over_cap(c, step);
	if (cls == ZO_AGREE)
		return;
	if (cls == ZO_KNOWN) {
		zo_note_known(&v);
		return;
	}
	if (zo_is_error_pair(&v)) {
		zo_note_error_pair(&v, step);
		return;
	}
	snprintf(detail, sizeof(detail), "%s: %s %s, %s %s", step, k->who,
		 k->is_error ? k->error_name : "ok", r->who, r->is_error ? r->error_name : "ok");
	zo_report(stderr, c, cls, detail, k, r, &v.site);
	abort();
}

void zo_contract(const struct zo_case *c, const char *fmt, ...)
{
	char detail[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	zo_report(stderr, c, ZO_CONTRACT, detail, NULL, NULL, NULL);
	abort();
}

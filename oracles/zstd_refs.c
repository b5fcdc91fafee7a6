// SPDX-License-Identifier: GPL-2.0
/*
 * Three sides: the kernel, the distro's libzstd 1.5.4 and upstream zstd
 * 1.5.7 (ref/ref_next.h), the newest upstream being the reference of
 * record for what the format allows (issue #15). The rules:
 *  1. Without 1.5.7 (refn_available() 0, or a target that gives no third
 *     result): kernel vs 1.5.4, as zo_verdict always judged.
 *  2. The two references agree (the same bytes, or the same error code):
 *     kernel vs 1.5.4, as today, known divergences and all: they name
 *     1.5.4's behaviour, which is then 1.5.7's too.
 *  3. They differ: a reference-side fact, one line
 *     "kzfuzz: reference-fact: ..." (the first of each kind per process)
 *     and a count, never a finding. The kernel is then judged against
 *     1.5.7, the reference of record:
 *     a. kernel vs 1.5.7 agrees, or a known divergence explains it: no
 *        finding (a kernel/1.5.4 difference 1.5.7 sides with the kernel on
 *        is not the kernel's);
 *     b. all three reject and kernel vs 1.5.4 agrees or is explained: no
 *        finding (the references only changed the reason they give);
 *     c. else the kernel vs 1.5.7 verdict is the finding, also when the
 *        kernel sides with 1.5.4 (an erratum 1.5.7 fixed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zstd_oracle.h"

static unsigned long facts;

unsigned long zo_reference_facts(void)
{
	return facts;
}

int zo_refs_agree(const struct zo_result *r, const struct zo_result *n)
{
	if (r->is_error || n->is_error)
		return r->is_error && n->is_error && r->error_code == n->error_code;
	return r->out_len == n->out_len &&
	       (!r->out_len || !r->out || !n->out || !memcmp(r->out, n->out, r->out_len));
}

static void result_text(const struct zo_result *r, char *buf, size_t size)
{
	if (r->is_error)
		snprintf(buf, size, "error %s (code %d)", r->error_name, r->error_code);
	else
		snprintf(buf, size, "ok, %zu bytes", r->out_len);
}

/* One line per kind (both results' shape) and process; every fact counts. */
static void note_fact(const struct zo_case *c, const char *step, const struct zo_result *r,
		      const struct zo_result *n)
{
	static int seen[64];
	char rt[160], nt[160];
	int kind = (r->is_error ? r->error_code % 31 + 1 : 0) * 2 + !n->is_error;

	facts++;
	if (seen[kind % 64]++)
		return;
	result_text(r, rt, sizeof(rt));
	result_text(n, nt, sizeof(nt));
	fprintf(stderr, "kzfuzz: reference-fact: %s: 1.5.4 %s vs 1.5.7 %s in %s (%zu input bytes)\n",
		step, rt, nt, c->target, c->input_len);
}

static int passes(enum zo_class cls)
{
	return cls == ZO_AGREE || cls == ZO_KNOWN;
}

enum zo_class zo_verdict3(const struct zo_case *c, const struct zo_result *k,
			  const struct zo_result *r, const struct zo_result *n,
			  struct zo_verdict *v)
{
	struct zo_verdict vr;

	if (!n || zo_refs_agree(r, n))
		return zo_verdict(c, k, r, v);
	zo_verdict(c, k, n, v);
	v->by_next = 1;
	v->refs_differ = 1;
	if (passes(v->cls))
		return v->cls;
	if (k->is_error && n->is_error && passes(zo_verdict(c, k, r, &vr))) {
		*v = vr;
		v->refs_differ = 1;
	}
	return v->cls;
}

void zo_expect3(const struct zo_case *c, const char *step, const struct zo_result *k,
		const struct zo_result *r, const struct zo_result *n)
{
	struct zo_verdict v;
	char detail[320], rt[160];

	zo_uninit_check(c, step, k, r, n);
	if (zo_verdict3(c, k, r, n, &v) != ZO_AGREE && v.cls != ZO_KNOWN)
		goto finding;
	if (v.refs_differ)
		note_fact(c, step, r, n);
	if (c->over_cap)
		zo_note_over_cap(c, step);
	if (v.cls == ZO_KNOWN)
		zo_note_known(&v);
	return;
finding:
	if (!v.by_next) {
		zo_expect(c, step, k, r);
		return;		/* an error pair: zo_expect aborts on a finding */
	}
	/* The site again against 1.5.7: judging against 1.5.4 reused the maps. */
	zo_verdict(c, k, n, &v);
	v.by_next = 1;
	if (zo_is_error_pair(&v)) {
		note_fact(c, step, r, n);
		zo_note_error_pair(&v, step);
		return;
	}
	result_text(r, rt, sizeof(rt));
	snprintf(detail, sizeof(detail), "%s: %s %s, %s %s (the reference of record; %s %s)",
		 step, k->who, k->is_error ? k->error_name : "ok", n->who,
		 n->is_error ? n->error_name : "ok", r->who, rt);
	note_fact(c, step, r, n);
	zo_report(stderr, c, v.cls, detail, k, n, &v.site);
	abort();
}

// SPDX-License-Identifier: GPL-2.0
/* The report of one finding: what triage and a human read. */
#include <stdlib.h>

#include "block_map.h"
#include "sha256.h"
#include "zstd_oracle.h"

#define ZO_DUMP_BEFORE	16
#define ZO_DUMP_AFTER	32

static void print_result(FILE *f, const char *label, const struct zo_result *r)
{
	if (r->is_error)
		fprintf(f, "  %-10s %s: error %s (code %zu)\n", label, r->who, r->error_name,
			(size_t)0 - r->ret);
	else
		fprintf(f, "  %-10s %s: ok, %zu bytes\n", label, r->who, r->out_len);
}

/* 16-byte rows from the row before off to a few rows after it. */
static void hex_dump(FILE *f, const char *label, const uint8_t *p, size_t len, size_t off)
{
	size_t start = off >= ZO_DUMP_BEFORE ? (off - ZO_DUMP_BEFORE) & ~(size_t)15 : 0;
	size_t end = off + ZO_DUMP_AFTER < len ? off + ZO_DUMP_AFTER : len;

	if (!p || start >= end) {
		fprintf(f, "    %-9s (no bytes at this offset)\n", label);
		return;
	}
	for (size_t row = start; row < end; row += 16) {
		fprintf(f, "    %-9s %08zx:", label, row);
		for (size_t i = row; i < row + 16 && i < end; i++)
			fprintf(f, i == off ? "[%02x]" : " %02x", p[i]);
		fputc('\n', f);
	}
}

static void print_difference(FILE *f, const struct zo_result *k, const struct zo_result *r,
			     const struct zo_site *site)
{
	size_t diff;

	if (zo_judge(k, r, &diff) != ZO_MISMATCH)
		return;
	/* A difference after an explained frame: the site's offset, in both outputs. */
	if (site && site->located && site->diff > diff && site->diff < k->out_len &&
	    site->diff < r->out_len)
		diff = site->diff;
	fprintf(f, "  first difference at offset %zu (kernel side %zu bytes, reference side %zu bytes)\n",
		diff, k->out_len, r->out_len);
	hex_dump(f, "kernel", k->out, k->out_len, diff);
	hex_dump(f, "reference", r->out, r->out_len, diff);
}

void zo_site_text(const struct zo_site *s, char *buf, size_t size)
{
	if (!s->c || !s->c->zdata) {
		snprintf(buf, size, "no zstd data decoded");
		return;
	}
	if (!s->located) {
		snprintf(buf, size, "not located (output offset %zu)", s->diff);
		return;
	}
	if (s->c->header_only) {
		snprintf(buf, size, "the frame header at this offset");
		return;
	}
	snprintf(buf, size, "frame %u block %u (%s, input offset %zu), output [%zu,%zu) kernel, [%zu,%zu) reference, offset %zu%s",
		 s->frame, s->block, bm_part_name(s->part), s->in_off, s->k_out[0], s->k_out[1],
		 s->r_out[0], s->r_out[1], s->diff,
		 s->before_failure ? ", the outputs differ before the failing unit" : "");
}

void zo_report(FILE *f, const struct zo_case *c, enum zo_class cls, const char *detail,
	       const struct zo_result *k, const struct zo_result *r,
	       const struct zo_site *site)
{
	const char *path = getenv("KZFUZZ_INPUT");
	char hex[65], where[256];

	sha256_hex(c->input, c->input_len, hex);
	fprintf(f, "==KZFUZZ== %s %s: %s\n", zo_class_name(cls), c->target, detail);
	fprintf(f, "kzfuzz report\n  target:    %s\n  class:     %s\n", c->target,
		zo_class_name(cls));
	if (site) {
		zo_site_text(site, where, sizeof(where));
		fprintf(f, "  site:      %s\n", where);
	}
	if (k)
		print_result(f, "kernel:", k);
	if (r)
		print_result(f, "reference:", r);
	if (k && r)
		print_difference(f, k, r, site);
	fprintf(f, "  judged by: %s\n", zo_references());
	fprintf(f, "  input:     %zu bytes, sha256 %s\n", c->input_len, hex);
	if (c->params)
		fprintf(f, "  params:    %s\n", c->params);
	fprintf(f, "  reproduce: make repro INPUT=%s TARGET=%s\n",
		path ? path : "<the input file>", c->target);
	fflush(f);
}

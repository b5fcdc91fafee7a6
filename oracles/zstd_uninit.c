// SPDX-License-Identifier: GPL-2.0
/*
 * Initialisation as part of the verdict (MemorySanitizer builds only):
 * every byte a side reports as its output, after a call that reports
 * success, must have been written. The kernel's bytes nobody wrote are a
 * finding of their own class, oracle:uninit-output, placed at the frame,
 * block and part of the first one; a reference's are a reference-side
 * fact (one line per process and side, and a count), after which its
 * bytes are taken as they are so that the verdict can go on. Without
 * MemorySanitizer every byte counts as written: the checks do nothing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "zstd_oracle.h"

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define ZO_MSAN 1
#include <sanitizer/msan_interface.h>
#endif
#endif

static unsigned long facts;

unsigned long zo_uninit_facts(void)
{
	return facts;
}

/* The offset of the first byte of p[0, n) nobody wrote, or -1. */
static long first_unwritten(const void *p, size_t n)
{
#ifdef ZO_MSAN
	return p && n ? __msan_test_shadow(p, n) : -1;
#else
	(void)p;
	(void)n;
	return -1;
#endif
}

/* How many bytes from off on are unwritten, in one run. */
static size_t unwritten_run(const uint8_t *p, size_t off, size_t n)
{
	size_t end = off + 1;

	while (end < n && first_unwritten(p + end, 1) == 0)
		end++;
	return end - off;
}

static void take_as_written(const struct zo_result *r)
{
#ifdef ZO_MSAN
	__msan_unpoison(r->out, r->out_len);
#else
	(void)r;
#endif
}

static void site_of(const struct zo_case *c, const struct zo_result *k,
		    const struct zo_result *r, size_t off, char *buf, size_t size)
{
	struct zo_site s;

	if (!r || r->is_error || r->out_len != k->out_len) {
		snprintf(buf, size, "not located (output offset %zu)", off);
		return;
	}
	zo_locate(c, ZO_MISMATCH, k, r, off, &s);
	zo_site_text(&s, buf, size);
}

static void reference_fact(const struct zo_case *c, const char *step,
			   const struct zo_result *r, size_t off, size_t run)
{
	static const char *seen[4];
	size_t i;

	facts++;
	for (i = 0; i < 4 && seen[i] && seen[i] != r->who; i++)
		;
	if (i < 4 && !seen[i]) {
		seen[i] = r->who;
		fprintf(stderr, "kzfuzz: reference-fact: uninit-output: %s: %s leaves %zu bytes unwritten at output offset %zu of %zu in %s (%zu input bytes)\n",
			step, r->who, run, off, r->out_len, c->target, c->input_len);
	}
	take_as_written(r);
}

static void kernel_finding(const struct zo_case *c, const char *step,
			   const struct zo_result *k, const struct zo_result *r,
			   size_t off, size_t run)
{
	char detail[320], where[256];

	site_of(c, k, r, off, where, sizeof(where));
	snprintf(detail, sizeof(detail), "%s: %s reports bytes nobody wrote", step, k->who);
	fprintf(stderr, "==KZFUZZ== oracle:uninit-output %s: %s\n", c->target, detail);
	fprintf(stderr, "kzfuzz report\n  target:    %s\n  class:     oracle:uninit-output\n",
		c->target);
	fprintf(stderr, "  site:      %s\n", where);
	fprintf(stderr, "  unwritten: %zu bytes at output offset %zu of %zu (%s)\n",
		run, off, k->out_len, k->who);
	fprintf(stderr, "  judged by: %s\n", zo_references());
	fprintf(stderr, "  reproduce: make repro VARIANT=msan INPUT=%s TARGET=%s\n",
		getenv("KZFUZZ_INPUT") ? getenv("KZFUZZ_INPUT") : "<the input file>", c->target);
	fflush(stderr);
	abort();
}

/* A reference side's output: a fact when some of it is unwritten. */
static void check_reference(const struct zo_case *c, const char *step,
			    const struct zo_result *r)
{
	long off;

	if (!r || r->is_error)
		return;
	off = first_unwritten(r->out, r->out_len);
	if (off >= 0)
		reference_fact(c, step, r, (size_t)off,
			       unwritten_run(r->out, (size_t)off, r->out_len));
}

void zo_uninit_check(const struct zo_case *c, const char *step, const struct zo_result *k,
		     const struct zo_result *r, const struct zo_result *n)
{
	long off;

	check_reference(c, step, r);
	check_reference(c, step, n);
	if (!k || k->is_error)
		return;
	off = first_unwritten(k->out, k->out_len);
	if (off < 0)
		return;
	kernel_finding(c, step, k, n && !n->is_error ? n : r, (size_t)off,
		       unwritten_run(k->out, (size_t)off, k->out_len));
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The fanotify targets' finding report and the sample-against-renderer
 * differential.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fanotify_fuzz.h"
#include "fanotify_sample_tu.h"

void fan_finding(const char *class, const char *target, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "==KZFUZZ== %s %s: ", class, target);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	fflush(stderr);
	abort();
}

int fan_wellformed_only(void)
{
	static int mode = -1;

	if (mode < 0) {
		const char *s = getenv("KZ_FANOTIFY_WELLFORMED_ONLY");

		mode = s && !strcmp(s, "1");
	}
	return mode;
}

/* The line of text around offset, for the report. */
static void print_line_at(const char *who, const char *s, size_t len, size_t at)
{
	size_t start = at, end = at;

	while (start > 0 && s[start - 1] != '\n')
		start--;
	while (end < len && s[end] != '\n')
		end++;
	fprintf(stderr, "  %-9s line: \"%.*s\"\n", who, (int)(end - start), s + start);
}

static void report_diff(const char *got, size_t glen, const char *want, size_t wlen)
{
	size_t n = glen < wlen ? glen : wlen, at = 0;

	while (at < n && got[at] == want[at])
		at++;
	fprintf(stderr, "  first differing offset: %zu (sample printed %zu bytes, reference %zu)\n",
		at, glen, wlen);
	print_line_at("sample", got, glen, at);
	print_line_at("reference", want, wlen, at);
}

static char sample_out[FAN_FUZZ_OUT_CAP], render_out[FAN_FUZZ_OUT_CAP];

void fan_compare_sample(const char *target, const void *buf, size_t len,
			const struct fo_buffer *b, int lenient)
{
	long got = lenient ? sample_handle_lenient(buf, len, sample_out, sizeof(sample_out)) :
			     sample_handle(buf, len, sample_out, sizeof(sample_out));
	size_t want = fo_render(b, render_out, sizeof(render_out));
	size_t glen, wlen;

	if (got == SAMPLE_RUNAWAY)
		fan_finding("timeout", target, "the sample loops on a well-formed buffer of %zu bytes",
			    len);
	if (got < 0)
		return;
	glen = (size_t)got < sizeof(sample_out) ? (size_t)got : sizeof(sample_out) - 1;
	wlen = want < sizeof(render_out) ? want : sizeof(render_out) - 1;
	if ((size_t)got == want && !memcmp(sample_out, render_out, glen))
		return;
	fprintf(stderr, "==KZFUZZ== oracle:mismatch %s: the sample prints a well-formed buffer "
		"of %zu bytes differently from the reference\n", target, len);
	report_diff(sample_out, glen, render_out, wlen);
	fflush(stderr);
	abort();
}

// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <string.h>

#include "gate_tap.h"

void gate_init(struct gate_tap *t, const char *prog)
{
	memset(t, 0, sizeof(*t));
	t->prog = prog;
}

void gate_begin(struct gate_tap *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->what, sizeof(t->what), fmt, ap);
	va_end(ap);
	t->group_cases = 0;
	t->group_failures = 0;
	t->detail[0] = '\0';
}

int gate_expect(struct gate_tap *t, int ok, const char *fmt, ...)
{
	va_list ap;

	t->group_cases++;
	t->cases++;
	if (ok)
		return 1;
	if (!t->group_failures++) {
		va_start(ap, fmt);
		vsnprintf(t->detail, sizeof(t->detail), fmt, ap);
		va_end(ap);
	}
	return 0;
}

int gate_end(struct gate_tap *t)
{
	t->lines++;
	if (!t->group_failures) {
		printf("ok %u - %s\n", t->lines, t->what);
		fflush(stdout);
		return 1;
	}
	t->failed_lines++;
	if (t->group_failures > 1)
		printf("not ok %u - %s: %s (and %lu more of %lu cases)\n", t->lines, t->what,
		       t->detail, t->group_failures - 1, t->group_cases);
	else
		printf("not ok %u - %s: %s\n", t->lines, t->what, t->detail);
	fflush(stdout);
	return 0;
}

int gate_one(struct gate_tap *t, int ok, const char *fmt, ...)
{
	va_list ap;

	gate_begin(t, "%s", "");
	va_start(ap, fmt);
	vsnprintf(t->what, sizeof(t->what), fmt, ap);
	va_end(ap);
	gate_expect(t, ok, "failed");
	return gate_end(t);
}

int gate_finish(struct gate_tap *t, const char *fmt, ...)
{
	va_list ap;

	printf("1..%u\n", t->lines);
	printf("figure: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	return t->failed_lines ? GATE_EXIT_FAIL : GATE_EXIT_PASS;
}

int gate_error(const struct gate_tap *t, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", t->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	return GATE_EXIT_ERROR;
}

double gate_seconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) + (now.tv_nsec - start->tv_nsec) / 1e9;
}

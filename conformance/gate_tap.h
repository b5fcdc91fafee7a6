/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The output contract of every gate check program (conformance/gate_*.c):
 * TAP-like lines "ok N - what" / "not ok N - what: detail", one per group
 * of cases, then one "figure: ..." line. Exit 0 all passed, 1 a check
 * failed, 2 usage or environment error.
 */
#ifndef GATE_TAP_H
#define GATE_TAP_H

#include <stdio.h>
#include <time.h>

#define GATE_EXIT_PASS	0
#define GATE_EXIT_FAIL	1
#define GATE_EXIT_ERROR	2

struct gate_tap {
	const char *prog;
	unsigned int lines;		/* TAP lines printed */
	unsigned int failed_lines;
	unsigned long cases;		/* cases checked, every group */
	/* The open group: its name, its cases and its first failure. */
	char what[160];
	unsigned long group_cases;
	unsigned long group_failures;
	char detail[320];
};

void gate_init(struct gate_tap *t, const char *prog);
/* Opens a group of cases reported as one TAP line. */
__attribute__((format(printf, 2, 3)))
void gate_begin(struct gate_tap *t, const char *fmt, ...);
/* One case of the open group; the first failure's detail is kept. Returns ok. */
__attribute__((format(printf, 3, 4)))
int gate_expect(struct gate_tap *t, int ok, const char *fmt, ...);
/* Closes the group: prints its line. Returns 1 if every case passed. */
int gate_end(struct gate_tap *t);
/* A group of one case. */
__attribute__((format(printf, 3, 4)))
int gate_one(struct gate_tap *t, int ok, const char *fmt, ...);
/* Prints "figure: ..." and returns the exit status. */
__attribute__((format(printf, 2, 3)))
int gate_finish(struct gate_tap *t, const char *fmt, ...);
/* Usage or environment problem: one line on stderr, status 2. */
__attribute__((format(printf, 2, 3)))
int gate_error(const struct gate_tap *t, const char *fmt, ...);
/* Wall seconds since *start (CLOCK_MONOTONIC). */
double gate_seconds_since(const struct timespec *start);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known-answer self-test of the userspace build of the tree's zstd: if the
 * stand-in headers are wrong (byte order, unaligned access, errno), this
 * fails before any fuzzing or gating could report false findings.
 */
#ifndef SELFTEST_H
#define SELFTEST_H

#include <stdio.h>

struct selftest_stats {
	unsigned int checks;
	unsigned int failures;
};

/* Runs every check, logs each failure (and a summary) to log. */
void selftest_run(FILE *log, struct selftest_stats *st);
/* The parts, for unit tests. */
void selftest_identity(FILE *log, struct selftest_stats *st);
void selftest_reference_frames(FILE *log, struct selftest_stats *st, int level);
void selftest_kernel_frames(FILE *log, struct selftest_stats *st, int level);
void selftest_testmgr(FILE *log, struct selftest_stats *st);

#endif

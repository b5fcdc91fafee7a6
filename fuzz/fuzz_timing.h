/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Harness overhead: with KZFUZZ_TIMING set, a target accumulates the time
 * it spends inside the library calls (kernel and reference) and in all,
 * and prints one line at exit:
 *   kzfuzz-timing: <target> inputs N total_s T library_s L harness_s H overhead_pct P
 * Without the variable every call is one predictable branch.
 */
#ifndef FUZZ_TIMING_H
#define FUZZ_TIMING_H

extern int fuzz_timing_on;

void fuzz_timing_input_begin(const char *target);
void fuzz_timing_input_end(void);
void fuzz_timing_lib_begin(void);
void fuzz_timing_lib_end(void);

/* Wrap one library call: FUZZ_LIB(ret = zstd_...(...)); */
#define FUZZ_LIB(stmt) do {			\
	fuzz_timing_lib_begin();		\
	stmt;					\
	fuzz_timing_lib_end();			\
} while (0)

#endif

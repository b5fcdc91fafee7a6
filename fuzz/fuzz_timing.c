// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fuzz_timing.h"

int fuzz_timing_on = -1;

static const char *timing_target;
static unsigned long long inputs;
static double total_s, lib_s, input_t0, lib_t0;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void timing_report(void)
{
	double harness = total_s - lib_s;

	fprintf(stderr, "kzfuzz-timing: %s inputs %llu total_s %.6f library_s %.6f harness_s %.6f overhead_pct %.2f\n",
		timing_target, inputs, total_s, lib_s, harness,
		lib_s > 0 ? 100.0 * harness / lib_s : 0.0);
}

void fuzz_timing_input_begin(const char *target)
{
	if (fuzz_timing_on < 0) {
		fuzz_timing_on = getenv("KZFUZZ_TIMING") != NULL;
		timing_target = target;
		if (fuzz_timing_on)
			atexit(timing_report);
	}
	if (fuzz_timing_on)
		input_t0 = now();
}

void fuzz_timing_input_end(void)
{
	if (fuzz_timing_on <= 0)
		return;
	total_s += now() - input_t0;
	inputs++;
}

void fuzz_timing_lib_begin(void)
{
	if (fuzz_timing_on > 0)
		lib_t0 = now();
}

void fuzz_timing_lib_end(void)
{
	if (fuzz_timing_on > 0)
		lib_s += now() - lib_t0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * fanotify_sample: handle_notifications() of the tree's fs-monitor.c on
 * arbitrary buffers.
 *   well formed (the reference parses it): the sample's output must equal
 *     the reference renderer's, byte for byte;
 *   malformed: the sample still runs, and what it does is recorded: a
 *     sanitizer report or a loop (runaway output) is a finding.
 * KZ_FANOTIFY_WELLFORMED_ONLY=1 skips malformed inputs and runs the copy of
 * the sample built without the alignment check, so that fuzzing reaches
 * the differential past the sample's known findings.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fanotify_fuzz.h"
#include "fanotify_parse.h"
#include "fanotify_sample_tu.h"

#define TARGET "fanotify_sample"

static void run_malformed(const uint8_t *data, size_t size, const struct fo_error *err)
{
	static char out[FAN_FUZZ_OUT_CAP];
	char why[160];
	long printed = sample_handle(data, size, out, sizeof(out));

	fo_format_error(err, why, sizeof(why));
	if (printed == SAMPLE_RUNAWAY)
		fan_finding("timeout", TARGET, "the sample loops on a malformed buffer (%s)", why);
	/* Replaying (not fuzzing): say what the sample made of it. */
	if (getenv("KZFUZZ_INPUT"))
		fprintf(stderr, "%s: malformed (%s); the sample printed %ld bytes\n", TARGET, why,
			printed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fo_buffer b;
	struct fo_error err;

	if (fo_parse(data, size, &b, &err)) {
		if (!fan_wellformed_only())
			run_malformed(data, size, &err);
		return 0;
	}
	fan_compare_sample(TARGET, data, size, &b, fan_wellformed_only());
	fo_free(&b);
	return 0;
}

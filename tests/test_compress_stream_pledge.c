// SPDX-License-Identifier: GPL-2.0
/*
 * compress_stream's verdict on pledged sizes, through the target itself
 * (fuzz/compress_stream.c linked in): a frame with nothing to compress
 * ends in its first call and takes the size it was given as its pledge,
 * so a "wrong" pledge there is no finding. Runs from the top of the repo.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "fuzz_input.h"

#define INPUT_MAX	4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The campaign's input: first frame 1316 bytes, second frame empty, pledged wrong. */
static void campaign_input_is_no_finding(void **state)
{
	static uint8_t buf[INPUT_MAX];
	FILE *f = fopen("tests/inputs/compress_stream/empty-frame-wrong-pledge", "rb");
	size_t n;

	(void)state;
	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	assert_true(n > 0);
	assert_int_equal(LLVMFuzzerTestOneInput(buf, n), 0);
}

/* Empty frames with every pledge the params can give: never a contract finding. */
static void empty_frames_any_pledge(void **state)
{
	static uint8_t params[8], input[64];

	(void)state;
	for (unsigned int v = 0; v < 256; v++) {
		for (size_t n = 1; n <= sizeof(params); n++) {
			size_t len;

			for (size_t i = 0; i < n; i++)
				params[i] = (uint8_t)(v + 37 * i);
			len = fuzz_input_build(input, sizeof(input), "", 0, params, n);
			assert_true(len > 0);
			assert_int_equal(LLVMFuzzerTestOneInput(input, len), 0);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(campaign_input_is_no_finding),
		cmocka_unit_test(empty_frames_any_pledge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The parameter reader of the fuzz targets: a trailer is found only when
 * it is really there, values stay in range, defaults come back once the
 * params run out, and what fuzz_input_build writes reads back the same.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fuzz_input.h"
#include "zstd_fuzz.h"

static const uint8_t frame[] = { 0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x00, 0x01, 0x00, 0x00 };

static void raw_input_is_all_payload(void **state)
{
	struct fuzz_input in;

	(void)state;
	fuzz_input_init(&in, frame, sizeof(frame));
	assert_ptr_equal(in.payload, frame);
	assert_int_equal(in.payload_len, sizeof(frame));
	assert_int_equal(fuzz_input_remaining(&in), 0);
	assert_int_equal(fuzz_input_u32(&in, 0, 100, 42), 42);
	assert_int_equal(fuzz_input_bool(&in, 1), 1);
}

static void empty_and_tiny_inputs(void **state)
{
	struct fuzz_input in;

	(void)state;
	fuzz_input_init(&in, (const uint8_t *)"", 0);
	assert_int_equal(in.payload_len, 0);
	assert_int_equal(fuzz_input_u32(&in, 5, 9, 7), 7);
	/* The magic alone, without its length byte, is payload. */
	fuzz_input_init(&in, (const uint8_t *)FUZZ_INPUT_MAGIC, FUZZ_INPUT_MAGIC_LEN);
	assert_int_equal(in.payload_len, FUZZ_INPUT_MAGIC_LEN);
	assert_int_equal(fuzz_input_remaining(&in), 0);
}

static void built_input_reads_back(void **state)
{
	static const uint8_t params[] = { 3, 200, 0x01, 0x02 };
	uint8_t buf[64];
	struct fuzz_input in;
	size_t n = fuzz_input_build(buf, sizeof(buf), frame, sizeof(frame), params, sizeof(params));

	(void)state;
	assert_int_equal(n, sizeof(frame) + sizeof(params) + 1 + FUZZ_INPUT_MAGIC_LEN);
	fuzz_input_init(&in, buf, n);
	assert_int_equal(in.payload_len, sizeof(frame));
	assert_memory_equal(in.payload, frame, sizeof(frame));
	assert_int_equal(fuzz_input_remaining(&in), sizeof(params));
	/* One byte for a range of up to 256 values, modulo the range. */
	assert_int_equal(fuzz_input_u32(&in, 0, 9, 0), 3);
	assert_int_equal(fuzz_input_u32(&in, 10, 19, 0), 10 + 200 % 10);
	/* Two bytes, big-endian, for a wider range. */
	assert_int_equal(fuzz_input_u32(&in, 0, 65535, 0), 0x0102);
	assert_int_equal(fuzz_input_remaining(&in), 0);
	assert_int_equal(fuzz_input_u32(&in, 0, 65535, 777), 777);
}

static void single_value_range_reads_nothing(void **state)
{
	static const uint8_t params[] = { 9 };
	uint8_t buf[32];
	struct fuzz_input in;
	size_t n = fuzz_input_build(buf, sizeof(buf), "x", 1, params, 1);

	(void)state;
	fuzz_input_init(&in, buf, n);
	assert_int_equal(fuzz_input_u32(&in, 4, 4, 0), 4);
	assert_int_equal(fuzz_input_remaining(&in), 1);
	/* Params that run out part-way still give a value in range. */
	assert_in_range(fuzz_input_u32(&in, 0, UINT32_MAX, 5), 0, UINT32_MAX);
	assert_int_equal(fuzz_input_remaining(&in), 0);
}

static void lying_trailer_is_payload(void **state)
{
	uint8_t buf[8] = { 'a', 200, 'K', 'Z', 'p', '1' };
	struct fuzz_input in;

	(void)state;
	/* 200 params claimed, 1 byte in front of the count: not a trailer. */
	fuzz_input_init(&in, buf, 6);
	assert_int_equal(in.payload_len, 6);
	assert_int_equal(fuzz_input_remaining(&in), 0);
}

static void build_refuses_what_does_not_fit(void **state)
{
	uint8_t buf[16], params[FUZZ_INPUT_PARAMS_MAX + 1] = { 0 };

	(void)state;
	assert_int_equal(fuzz_input_build(buf, sizeof(buf), frame, sizeof(frame), params, 3), 0);
	assert_int_equal(fuzz_input_build(buf, sizeof(buf), "", 0, params, sizeof(params)), 0);
	assert_int_equal(fuzz_input_build(buf, sizeof(buf), "", 0, params, 0), 5);
}

static void chunks_are_bounded_and_repeatable(void **state)
{
	static const uint8_t params[] = { 0, 0, 0, 7, 0, 0, 16 };
	uint8_t buf[32];
	struct fuzz_input in;
	struct fuzz_chunks a, b;
	size_t n = fuzz_input_build(buf, sizeof(buf), "", 0, params, sizeof(params));

	(void)state;
	fuzz_input_init(&in, buf, n);
	fuzz_chunks_init(&a, &in);
	b = a;
	assert_int_equal(a.max, 16);
	for (int i = 0; i < 100; i++) {
		size_t x = fuzz_chunk_next(&a, 10), y = fuzz_chunk_next(&b, 10);

		assert_int_equal(x, y);
		assert_true(x <= 10);
	}
	/* No params: everything at once. */
	fuzz_input_init(&in, frame, sizeof(frame));
	fuzz_chunks_init(&a, &in);
	assert_int_equal(fuzz_chunk_next(&a, 1234), 1234);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(raw_input_is_all_payload),
		cmocka_unit_test(empty_and_tiny_inputs),
		cmocka_unit_test(built_input_reads_back),
		cmocka_unit_test(single_value_range_reads_nothing),
		cmocka_unit_test(lying_trailer_is_payload),
		cmocka_unit_test(build_refuses_what_does_not_fit),
		cmocka_unit_test(chunks_are_bounded_and_repeatable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

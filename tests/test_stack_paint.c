// SPDX-License-Identifier: GPL-2.0
/*
 * The stack painter (conformance/stack_paint.c): it counts touched bytes
 * from the top of a region, and in a thread it sees each level of a
 * recursion of known frame size, the same amount per level.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "stack_paint.h"

#define FRAME_BYTES	512
#define STACK		(256 * 1024)

static void test_used_counts_from_the_top(void **state)
{
	static unsigned char region[4096];

	(void)state;
	stack_paint_fill(region, sizeof(region));
	assert_int_equal(stack_paint_used(region, sizeof(region)), 0);
	region[sizeof(region) - 1] = 0;
	assert_int_equal(stack_paint_used(region, sizeof(region)), 8);
	region[1000] ^= 0xff;
	assert_int_equal(stack_paint_used(region, sizeof(region)), sizeof(region) - 1000);
	region[0] ^= 0xff;
	assert_int_equal(stack_paint_used(region, sizeof(region)), sizeof(region));
}

/* Each level keeps FRAME_BYTES live across the call below it. */
__attribute__((noinline)) static unsigned int recurse(unsigned int depth)
{
	volatile unsigned char frame[FRAME_BYTES];
	unsigned int sum;

	for (size_t i = 0; i < sizeof(frame); i += 32)
		frame[i] = (unsigned char)(depth + i);
	sum = depth ? recurse(depth - 1) : 0;
	return sum + frame[0] + frame[FRAME_BYTES - 32];
}

static void run_recursion(void *arg)
{
	unsigned int *depth = arg;

	*depth = recurse(*depth);
}

static long depth_figure(unsigned int depth)
{
	long used = stack_paint_run(STACK, run_recursion, &depth);

	assert_true(used > 0);
	assert_true(used < STACK);
	return used;
}

static void test_recursion_depth_is_seen(void **state)
{
	long d4 = depth_figure(4), d8 = depth_figure(8), d16 = depth_figure(16);
	long per_level = (d8 - d4) / 4;

	(void)state;
	/* Every level the same frame: the figure grows linearly with depth. */
	assert_int_equal(d8 - d4, 4 * per_level);
	assert_int_equal(d16 - d8, 8 * per_level);
	/* A level holds its array, and not much more (return address, spills, redzones). */
	assert_true(per_level >= FRAME_BYTES);
	assert_true(per_level <= 2 * FRAME_BYTES);
}

static void noop(void *arg)
{
	(void)arg;
}

static void test_noop_is_the_baseline(void **state)
{
	long a = stack_paint_run(STACK, noop, NULL), b = stack_paint_run(STACK, noop, NULL);

	(void)state;
	assert_true(a > 0);
	assert_int_equal(a, b);
	/* Under ASan its thread start alone goes deep: compare with a real depth. */
	assert_true(depth_figure(16) > a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_used_counts_from_the_top),
		cmocka_unit_test(test_recursion_depth_is_seen),
		cmocka_unit_test(test_noop_is_the_baseline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

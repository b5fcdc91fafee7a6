// SPDX-License-Identifier: GPL-2.0
/*
 * gate-api-contract: include/linux/zstd.h's documented promises, checked
 * on the tree under test (run it in the asan variant: it watches the
 * workspaces' ends).
 *
 *   gate-api-contract [--quick]
 */
#include <time.h>

#include "api_checks.h"
#include "gate_quick.h"
#include "gate_tap.h"

#define PROG "gate-api-contract"

/* One part, its CPU time told: the gate's time budget is tight. */
static void part(struct gate_tap *t, const char *name, void (*fn)(struct gate_tap *, int), int quick)
{
	clock_t c = clock();

	fn(t, quick);
	printf("# %s: %.1f s of CPU\n", name, (double)(clock() - c) / CLOCKS_PER_SEC);
}

static void errors(struct gate_tap *t, int quick)
{
	(void)quick;
	api_check_errors(t);
}

static void frames(struct gate_tap *t, int quick)
{
	(void)quick;
	api_check_frames(t);
}

int main(int argc, char **argv)
{
	struct gate_tap t;
	struct timespec a;
	int quick;

	if (gate_quick_start(&t, PROG, argc, argv, &quick, &a))
		return GATE_EXIT_ERROR;
	part(&t, "error helpers", errors, quick);
	part(&t, "workspaces", api_check_workspaces, quick);
	part(&t, "windows", api_check_windows, quick);
	part(&t, "frame inspection", frames, quick);
	part(&t, "resets and flush", api_check_resets, quick);
	part(&t, "compress bound", api_check_compress_bound, quick);
	part(&t, "pure functions", api_check_pure, quick);
	part(&t, "allocator failures", api_check_allocators, quick);
	return gate_finish(&t, "%lu cases in %.1f s", t.cases, gate_seconds_since(&a));
}

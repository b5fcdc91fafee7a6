// SPDX-License-Identifier: GPL-2.0
/*
 * gate-api-contract: include/linux/zstd.h's documented promises, checked
 * on the tree under test (run it in the asan variant: it watches the
 * workspaces' ends).
 *
 *   gate-api-contract [--quick]
 */
#include <string.h>
#include <time.h>

#include "api_checks.h"
#include "gate_tap.h"

#define PROG "gate-api-contract"

int main(int argc, char **argv)
{
	struct gate_tap t;
	struct timespec a, b;
	int quick = 0;

	gate_init(&t, PROG);
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick"))
			return gate_error(&t, "usage: %s [--quick]", PROG);
		quick = 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	api_check_errors(&t);
	api_check_workspaces(&t, quick);
	api_check_windows(&t, quick);
	api_check_compress_bound(&t, quick);
	clock_gettime(CLOCK_MONOTONIC, &b);
	return gate_finish(&t, "%lu cases in %.1f s", t.cases,
			   (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
}

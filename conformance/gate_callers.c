// SPDX-License-Identifier: GPL-2.0
/*
 * gate-callers: the kernel's callers of the zstd wrapper, each replayed
 * the way it calls (conformance/callers.h). Run it in the asan variant.
 *
 *   gate-callers [--quick]
 */
#include <string.h>
#include <time.h>

#include "callers.h"
#include "gate_tap.h"

#define PROG "gate-callers"

int main(int argc, char **argv)
{
	static void (*const callers[])(struct gate_tap *, int) = {
		caller_btrfs, caller_f2fs, caller_squashfs, caller_crypto_zram, caller_pstore,
		caller_unzstd,
	};
	struct gate_tap t;
	struct timespec a;
	int quick = 0;

	/* gate.sh passes --quick to programs whose usage text names it. */
	gate_init(&t, PROG);
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick"))
			return gate_error(&t, "usage: %s [--quick]", PROG);
		quick = 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (size_t i = 0; i < sizeof(callers) / sizeof(callers[0]); i++)
		callers[i](&t, quick);
	return gate_finish(&t, "%lu cases, 6 callers, in %.1f s", t.cases, gate_seconds_since(&a));
}

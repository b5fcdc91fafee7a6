// SPDX-License-Identifier: GPL-2.0
/*
 * gate-callers: the kernel's callers of the zstd wrapper, each replayed
 * the way it calls (conformance/callers.h). Run it in the asan variant.
 *
 *   gate-callers [--quick]
 */
#include <time.h>

#include "callers.h"
#include "gate_quick.h"
#include "gate_tap.h"

#define PROG "gate-callers"

int main(int argc, char **argv)
{
	static void (*const callers[])(struct gate_tap *, int) = {
		caller_btrfs, caller_f2fs, caller_squashfs, caller_crypto_zram, caller_pstore,
		caller_unzstd, caller_zram,
	};
	struct gate_tap t;
	struct timespec a;
	int quick;

	if (gate_quick_start(&t, PROG, argc, argv, &quick, &a))
		return GATE_EXIT_ERROR;
	for (size_t i = 0; i < sizeof(callers) / sizeof(callers[0]); i++)
		callers[i](&t, quick);
	return gate_finish(&t, "%lu cases, %zu callers, in %.1f s", t.cases,
			   sizeof(callers) / sizeof(callers[0]) - !CALLER_ZRAM, gate_seconds_since(&a));
}

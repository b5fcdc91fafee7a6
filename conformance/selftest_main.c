// SPDX-License-Identifier: GPL-2.0
/* kh-selftest: exit 0 only when the userspace build of the tree is sound. */
#include "selftest.h"

int main(void)
{
	struct selftest_stats st = { 0, 0 };

	selftest_run(stdout, &st);
	if (st.failures)
		fprintf(stderr, "kh-selftest: the build of the tree under test is broken (%u of %u checks failed); no fuzzing or gating until it passes\n",
			st.failures, st.checks);
	return st.failures ? 1 : 0;
}

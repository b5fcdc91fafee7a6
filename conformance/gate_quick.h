/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arguments of a check program with a short mode: none, or --quick.
 * gate.py passes --quick to the programs whose binary holds the usage
 * text "[--quick]", so this lives in a header, not in gate_tap.c that
 * every check links: include it only where --quick is taken.
 */
#ifndef GATE_QUICK_H
#define GATE_QUICK_H

#include <string.h>
#include <time.h>

#include "gate_tap.h"

/*
 * Opens check prog: t set up, --quick read into *quick, the wall clock
 * read into *start. 0, or the usage error's exit status.
 */
static inline int gate_quick_start(struct gate_tap *t, const char *prog, int argc, char **argv,
				   int *quick, struct timespec *start)
{
	gate_init(t, prog);
	*quick = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick"))
			return gate_error(t, "usage: %s [--quick]", prog);
		*quick = 1;
	}
	clock_gettime(CLOCK_MONOTONIC, start);
	return 0;
}

#endif

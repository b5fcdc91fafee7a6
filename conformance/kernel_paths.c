// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "kernel_paths.h"
#include "line_file.h"

#define PREFIX	"gate-golden | kernel-paths | "

/* One state, into item (GOLDEN_KPATH_LEN bytes). */
static int parse_state(const char *line, void *item, char *why, size_t whylen)
{
	const char *state = line + strlen(PREFIX), *end;

	if (strncmp(line, PREFIX, strlen(PREFIX)))
		return 0;	/* comments and the fuzz targets' entries */
	end = strstr(state, " | ");
	if (!end || end - state >= GOLDEN_KPATH_LEN)
		return line_file_fail(why, whylen, "want gate-golden | kernel-paths | STATE | why");
	snprintf(item, GOLDEN_KPATH_LEN, "%.*s", (int)(end - state), state);
	return 1;
}

int golden_kpaths_load(const char *known_findings, struct golden_kpaths *kp, char *err,
		       size_t errlen)
{
	struct line_items l = { kp->states, GOLDEN_KPATH_LEN, GOLDEN_KPATHS_MAX, &kp->n,
				parse_state, NULL, "too many kernel-paths entries" };

	return line_file_load_items(known_findings, &l, err, errlen);
}

int golden_kpaths_known(const struct golden_kpaths *kp, const char *state)
{
	for (size_t i = 0; i < kp->n; i++)
		if (!strcmp(kp->states[i], state))
			return 1;
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Cases whose output is bigger than the largest capacity their target
 * gives (zo_case.over_cap): every side fails for want of room, so their
 * agreeing says nothing of the frame past that room. Such a case is
 * unjudged past the cap, never agreement: counted, and named in one line
 * per target and step ("kzfuzz: unjudged: over the output cap ..."),
 * whatever the verdict on the part that fitted.
 */
#include <stdio.h>
#include <string.h>

#include "zstd_oracle.h"

static unsigned long over_cap;

unsigned long zo_over_cap_count(void)
{
	return over_cap;
}

void zo_note_over_cap(const struct zo_case *c, const char *step)
{
	static const char *noted[16];
	unsigned int i;

	over_cap++;
	for (i = 0; i < 16 && noted[i]; i++)
		if (!strcmp(noted[i], step))
			return;
	if (i < 16)
		noted[i] = step;
	fprintf(stderr, "kzfuzz: unjudged: over the output cap: %s: %s: every side ran out of "
		"%zu bytes of room; what lies past them is not judged (%zu input bytes)\n",
		c->target, step, zo_case_cap(c), c->input_len);
}

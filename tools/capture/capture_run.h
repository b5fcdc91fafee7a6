/* SPDX-License-Identifier: GPL-2.0 */
/* Run one capture scenario and save its buffer and manifest. */
#ifndef CAPTURE_RUN_H
#define CAPTURE_RUN_H

#include "capture_scenario.h"

#define CAPTURE_OK	0
#define CAPTURE_FAIL	1
#define CAPTURE_SKIP	77	/* the automake SKIP code: the kernel cannot */

/*
 * Writes outdir/<name>.bin (the bytes of one read()) and
 * outdir/<name>.manifest. CAPTURE_SKIP when the kernel refuses the group or
 * the mark; why is in err either way.
 */
int capture_run(const struct capture_scenario *s, const char *mnt,
		const struct manifest *state, const char *outdir,
		char *err, size_t errlen);

const struct capture_scenario *capture_find(const char *name);

#endif

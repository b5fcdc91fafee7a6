// SPDX-License-Identifier: GPL-2.0
/*
 * Streamed frames whose window is bigger than the kernel's stream was made
 * for (zstd_init_dstream(max_window)), which the kernel refused for that
 * reason only (windowTooLarge, or memory_allocation: its static workspace
 * cannot grow). The kernel may refuse them; nothing else is judged, so
 * they are unjudged, never agreement: counted, and named in one line per
 * target and process ("kzfuzz: unjudged: window over max_window ...").
 */
#include <stdio.h>
#include <string.h>

#include "zstd_oracle.h"

static unsigned long refused;

unsigned long zo_window_refused_count(void)
{
	return refused;
}

void zo_note_window_refused(const struct zo_case *c, unsigned long long window,
			    size_t max_window)
{
	static const char *noted;

	refused++;
	if (noted && !strcmp(noted, c->target))
		return;
	noted = c->target;
	fprintf(stderr, "kzfuzz: unjudged: window over max_window: %s: a frame's window of %llu "
		"bytes, over the stream's %zu, refused by the kernel; the reference's output is "
		"not judged (%zu input bytes)\n", c->target, window, max_window, c->input_len);
}

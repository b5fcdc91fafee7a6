/* SPDX-License-Identifier: GPL-2.0 */
/* What the fanotify targets share: the finding report and the differential. */
#ifndef FANOTIFY_FUZZ_H
#define FANOTIFY_FUZZ_H

#include <stddef.h>

#include "fanotify_parse.h"

/* Room for what the sample and the renderer print on one input. */
#define FAN_FUZZ_OUT_CAP	(1u << 20)

/* One marker line, then abort(): every engine records a crash. */
__attribute__((noreturn, format(printf, 3, 4)))
void fan_finding(const char *class, const char *target, const char *fmt, ...);

/* KZ_FANOTIFY_WELLFORMED_ONLY=1: skip inputs the reference rejects. */
int fan_wellformed_only(void);

/*
 * The differential on a well-formed buffer: the sample's output (from
 * sample_handle_lenient() when lenient, else sample_handle()) must equal
 * the renderer's of b, byte for byte. A difference or a runaway sample is
 * a finding of target.
 */
void fan_compare_sample(const char *target, const void *buf, size_t len,
			const struct fo_buffer *b, int lenient);

#endif

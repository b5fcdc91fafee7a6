/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The code under test: handle_notifications() of the tree's
 * samples/fanotify/fs-monitor.c, compiled unmodified, with what it prints
 * captured in memory.
 *
 * Two builds of the same file: sample_handle() with every sanitizer check,
 * and sample_handle_lenient() without the alignment check, so that the
 * differential can go past the sample's misaligned reads of events at
 * 4-byte offsets (a known finding, see corpus/findings.txt).
 */
#ifndef FANOTIFY_SAMPLE_TU_H
#define FANOTIFY_SAMPLE_TU_H

#include <stddef.h>

/* The sample printed more than any terminating run can: it loops. */
#define SAMPLE_RUNAWAY	(-1L)
/* The buffer is longer than the sample's int length can say. */
#define SAMPLE_TOO_BIG	(-2L)

/*
 * Runs handle_notifications(buf, len). Returns how many bytes it printed
 * (out holds the first outcap - 1 of them, NUL-terminated), or one of the
 * negative values above.
 */
long sample_handle(const void *buf, size_t len, char *out, size_t outcap);
long sample_handle_lenient(const void *buf, size_t len, char *out, size_t outcap);

/* The most a terminating run of the sample can print for len input bytes. */
size_t sample_output_bound(size_t len);

#endif

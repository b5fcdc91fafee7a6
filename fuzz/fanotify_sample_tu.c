// SPDX-License-Identifier: GPL-2.0
/*
 * Wrapper translation unit of the tree's samples/fanotify/fs-monitor.c:
 * the file is included as it is, with main renamed and printf routed into
 * a memory buffer. A sample that loops forever keeps printing (every pass
 * of its loops prints), so output past sample_output_bound() ends the run
 * with a longjmp and is reported as SAMPLE_RUNAWAY.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/fanotify.h>
#include <sys/types.h>
#include <unistd.h>

#include "fanotify_sample_tu.h"

#ifdef SAMPLE_LENIENT
#define SAMPLE_NAME(name)	name##_lenient
#else
#define SAMPLE_NAME(name)	name
#endif

/* Where the sample's printf goes during one sample_handle() call. */
static struct {
	char *out;
	size_t cap;
	size_t len;
	size_t bound;
	jmp_buf runaway;
} capture;

__attribute__((format(printf, 1, 2)))
static int capture_printf(const char *fmt, ...)
{
	size_t room = capture.len < capture.cap ? capture.cap - capture.len : 0;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room ? capture.out + capture.len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		capture.len += (size_t)n;
	if (capture.len > capture.bound)
		longjmp(capture.runaway, 1);
	return n;
}

/* The sample defines _GNU_SOURCE itself; our flags already did. */
#undef _GNU_SOURCE
#define main SAMPLE_NAME(fs_monitor_main)
#define printf(...) capture_printf(__VA_ARGS__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#include "fs-monitor.c"
#pragma GCC diagnostic pop
#undef printf
#undef main

#ifndef SAMPLE_LENIENT
/*
 * Per record the sample prints at most ~100 bytes plus two per handle
 * byte (handle_bytes is bounded by the buffer, or ASan stops it); records
 * start at most once per input byte.
 */
size_t sample_output_bound(size_t len)
{
	return len * (2 * len + 200) + 4096;
}
#endif

long SAMPLE_NAME(sample_handle)(const void *buf, size_t len, char *out, size_t outcap)
{
	if (len > INT_MAX)
		return SAMPLE_TOO_BIG;
	capture.out = out;
	capture.cap = outcap;
	capture.len = 0;
	capture.bound = sample_output_bound(len);
	if (outcap)
		out[0] = '\0';
	if (setjmp(capture.runaway))
		return SAMPLE_RUNAWAY;
	/* The sample reads the buffer only; its signature lacks the const. */
	handle_notifications((char *)(uintptr_t)buf, (int)len);
	return (long)capture.len;
}

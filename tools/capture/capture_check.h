/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Checks of one captured fanotify buffer against its manifest: the
 * reference parser's typed events, the serializer's bytes, and the
 * sample's printed output. Each returns 0, or -1 with the first
 * difference in why.
 */
#ifndef CAPTURE_CHECK_H
#define CAPTURE_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "capture_manifest.h"
#include "fanotify_parse.h"

#define CAPTURE_WHY_MAX	1024

/* All of the below on the bytes of one capture. */
int capture_check(const struct manifest *expect, const uint8_t *buf, size_t len,
		  char *why, size_t cap);
/* Write what the parser decoded with the manifest's keys (event.N.*, events, bytes). */
void capture_decoded(const struct fo_buffer *b, size_t len, struct manifest *got);
/* Every decoded key must be expected and every expected key decoded. */
int capture_compare(const struct manifest *expect, const struct manifest *got,
		    char *why, size_t cap);
/* The serializer must give back the kernel's bytes. */
int capture_check_serialized(const struct fo_buffer *b, const uint8_t *buf,
			     size_t len, char *why, size_t cap);
/* The sample must print what the renderer prints and what the manifest says. */
int capture_check_sample(const struct fo_buffer *b, const struct manifest *expect,
			 const uint8_t *buf, size_t len, char *why, size_t cap);

#endif

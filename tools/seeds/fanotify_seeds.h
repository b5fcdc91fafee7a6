/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hand-made fanotify read() buffers, built through the reference
 * serializer: well-formed ones (the seeds of the fanotify targets) and one
 * malformed buffer per parser error (seeds, and the parser's unit tests).
 */
#ifndef FANOTIFY_SEEDS_H
#define FANOTIFY_SEEDS_H

#include <stddef.h>
#include <stdint.h>

#include "fanotify_parse.h"

#define SEEDS_FAN_MAX	4096

struct seeds_fan_buffer {
	const char *name;
	/* FO_OK for a well-formed buffer, else the error it must give. */
	enum fo_err expect;
	/* Writes the buffer into out (SEEDS_FAN_MAX bytes); returns its size. */
	size_t (*build)(uint8_t *out);
};

extern const struct seeds_fan_buffer seeds_fan[];
extern const size_t seeds_fan_count;

/* Offsets in the base FAN_FS_ERROR event (ERROR then FID record, 64 bytes). */
#define SEEDS_FAN_BASE_LEN		64
#define SEEDS_FAN_BASE_ERROR_AT	24
#define SEEDS_FAN_BASE_FID_AT		36
#define SEEDS_FAN_BASE_HANDLE_BYTES_AT 48

/* The base event: FAN_FS_ERROR, EUCLEAN, error_count 1, ext4-like FID. */
size_t seeds_fan_base(uint8_t *out);

#endif

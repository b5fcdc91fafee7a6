/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structure-aware generator of well-formed fanotify buffers: turns fuzz
 * bytes into typed events (many events, records of every type in any
 * order, unknown types, long names, big handles, padded records) for the
 * serializer. The same bytes always give the same events.
 */
#ifndef FANOTIFY_GEN_H
#define FANOTIFY_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "fanotify_parse.h"

#define FAN_GEN_MAX_EVENTS	16
#define FAN_GEN_MAX_RECORDS	8
#define FAN_GEN_MAX_HANDLE	1024
#define FAN_GEN_MAX_NAME	512
#define FAN_GEN_ARENA		(FAN_GEN_MAX_EVENTS * FAN_GEN_MAX_RECORDS * \
				 (FAN_GEN_MAX_HANDLE + FAN_GEN_MAX_NAME + 1))

/* Storage of one generated buffer; the typed events point into it. */
struct fan_gen {
	struct fo_buffer buf;
	struct fo_event events[FAN_GEN_MAX_EVENTS];
	struct fo_record records[FAN_GEN_MAX_EVENTS][FAN_GEN_MAX_RECORDS];
	uint8_t arena[FAN_GEN_ARENA];
	size_t arena_used;
};

/* Fills g from data; g->buf is the result. Never fails. */
void fan_gen_build(struct fan_gen *g, const uint8_t *data, size_t size);

#endif

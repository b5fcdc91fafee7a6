/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known divergences between lib/zstd 1.4.10 and the reference: the data
 * (generated from oracles/known-divergences.txt) and the predicates on
 * the input's structure (zstd_divergences.c), joined by id.
 */
#ifndef ZSTD_DIVERGENCES_H
#define ZSTD_DIVERGENCES_H

#include <stddef.h>
#include <stdint.h>

struct zo_known_data {
	const char *id;
	const char *class_name;
	const char *targets;
	const char *citation;
};

extern const struct zo_known_data zo_known_data[];
extern const size_t zo_known_data_count;

typedef int (*zo_predicate_fn)(const uint8_t *zdata, size_t len);
/* The predicate named id, NULL if there is none. */
zo_predicate_fn zo_predicate(const char *id);

#endif

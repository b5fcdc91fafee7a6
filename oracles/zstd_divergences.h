/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known divergences between lib/zstd 1.4.10 and the reference: the entries
 * of the findings registry (corpus/findings.txt, findings_table.h) and the
 * predicates on one located site (zstd_divergences.c), joined by id.
 */
#ifndef ZSTD_DIVERGENCES_H
#define ZSTD_DIVERGENCES_H

#include <stddef.h>
#include <stdint.h>

struct zo_site;
/* 1 when the entry's cause is at the site (oracles/zstd_oracle.h). */
typedef int (*zo_predicate_fn)(const struct zo_site *s);
/* The predicate named id, NULL if there is none. */
zo_predicate_fn zo_predicate(const char *id);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What spec_frames' inputs reached, counted per process and printed at
 * exit, when KZFUZZ_SPEC_STATS is set (fuzz/spec/spec-stats.sh sets it),
 * as one line (kzfuzz: spec-stats: ...): every feature's count
 * (spec_stats.h), the known divergences met and the references excused
 * with them; then one line (kzfuzz: spec-errata: ...) of how many inputs
 * built each erratum class, named by its known divergence.
 */
#ifndef SPEC_FRAMES_STATS_H
#define SPEC_FRAMES_STATS_H

#include "spec.h"

void spec_frames_count(const struct spec_result *res);
/* A valid frame's kernel failure explained by the known entry id. */
void spec_frames_note_known(const char *id);
/* A reference that failed on the same unit as that known entry. */
void spec_frames_note_reference(const char *who, const char *id);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* The parts of seeds_frames(), one kind of frame each. */
#ifndef SEEDS_FRAMES_H
#define SEEDS_FRAMES_H

#include <stddef.h>

#include "seeds.h"

/* Reference frames: levels, windows, flags, literal modes, strategies, streamed. */
int seeds_ref_frames(const struct seed_sink *sink);
/* Hand-built frames: header fields, raw and RLE blocks, skippable, invalid. */
int seeds_built_frames(const struct seed_sink *sink);
/* Every prefix of each hand-built header shape. */
int seeds_built_headers(const struct seed_sink *sink);
/* Concatenations and truncations of reference frames. */
int seeds_multi_frames(const struct seed_sink *sink);
/* The low 32 bits of XXH64 of src, as a frame's checksum stores them. */
int seeds_content_checksum(const void *src, size_t len, uint32_t *sum);

#endif

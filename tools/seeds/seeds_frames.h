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
/*
 * Frames of 512 KiB to 10 MiB of content (tools/seeds/seeds_big_frames.c):
 * blocks near 128 KiB compressed, offsets of 1 and 9 MiB across blocks.
 */
int seeds_big_frames(const struct seed_sink *sink);
/* Every prefix of each hand-built header shape. */
int seeds_built_headers(const struct seed_sink *sink);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SPEC_FRAME_H
#define SPEC_FRAME_H

#include <stddef.h>
#include <stdint.h>

struct spec_ctx;

/* One zstd frame at out, its content appended to the context's: the frame's size. */
size_t spec_frame(struct spec_ctx *x, uint8_t *out);

#endif

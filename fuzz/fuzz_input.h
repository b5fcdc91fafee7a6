/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fuzzer-chosen parameters, read from a trailer at the end of the input,
 * so that every input replays exactly (no hidden randomness):
 *
 *   payload | params (n bytes) | n (1 byte) | "KZp1"
 *
 * An input without the trailer (a plain zstd frame, say) is all payload
 * and every parameter takes its default. Parameters are read from the
 * start of the params area on; when it runs out, defaults again.
 */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

#define FUZZ_INPUT_MAGIC	"KZp1"
#define FUZZ_INPUT_MAGIC_LEN	4
#define FUZZ_INPUT_PARAMS_MAX	255

struct fuzz_input {
	const uint8_t *payload;
	size_t payload_len;
	const uint8_t *params;
	size_t params_len;
	size_t params_pos;
};

void fuzz_input_init(struct fuzz_input *in, const uint8_t *data, size_t size);
/* A value in [min, max] from the next bytes of params; dflt once they run out. */
uint32_t fuzz_input_u32(struct fuzz_input *in, uint32_t min, uint32_t max, uint32_t dflt);
/* 0 or 1; dflt once params run out. */
int fuzz_input_bool(struct fuzz_input *in, int dflt);
/* Param bytes not read yet. */
size_t fuzz_input_remaining(const struct fuzz_input *in);
/*
 * Writes payload + params + trailer into out (cap bytes): what a seed
 * generator calls to make an input with chosen parameters. Returns the
 * input's size, 0 if it does not fit or params_len is too long.
 */
size_t fuzz_input_build(uint8_t *out, size_t cap, const void *payload, size_t payload_len,
			const uint8_t *params, size_t params_len);

#endif

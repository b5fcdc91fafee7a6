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

/*
 * Named parameters from the environment (make repro PARAMS=...):
 * KZFUZZ_PARAMS="level=19 minMatch=7 windowLog=18" overrides what the
 * trailer chose for each name a target reads, the names being the API's
 * field names. A target asks for every name it knows on every input
 * (fuzz_input_override) and then calls fuzz_input_overrides_check, which
 * refuses, in one line and exit 2, a name it did not ask for.
 */
#define FUZZ_INPUT_ENV_PARAMS	"KZFUZZ_PARAMS"
#define FUZZ_OVERRIDES_MAX	16
#define FUZZ_OVERRIDE_NAME_MAX	32
/*
 * Parses spec ("name=value", whitespace or commas between, values decimal
 * or 0x hex, signed) as the overrides in force; NULL: none. 0, or -1 with
 * the problem in err.
 */
int fuzz_input_overrides_parse(const char *spec, char *err, size_t err_len);
/* 1 and *value when the overrides name it (marked asked for); 0 otherwise. */
int fuzz_input_override(const char *name, long long *value);
/* The first override no target asked for, NULL when none. */
const char *fuzz_input_overrides_unknown(void);
/*
 * The environment's overrides, parsed once per process; a bad spec or a
 * name not asked for: "kzfuzz: KZFUZZ_PARAMS: ..." and exit(2).
 */
void fuzz_input_overrides_load(void);
void fuzz_input_overrides_check(void);

#endif

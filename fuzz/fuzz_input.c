// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "fuzz_input.h"

void fuzz_input_init(struct fuzz_input *in, const uint8_t *data, size_t size)
{
	size_t n;

	memset(in, 0, sizeof(*in));
	in->payload = data;
	in->payload_len = size;
	if (size < FUZZ_INPUT_MAGIC_LEN + 1 ||
	    memcmp(data + size - FUZZ_INPUT_MAGIC_LEN, FUZZ_INPUT_MAGIC, FUZZ_INPUT_MAGIC_LEN))
		return;
	n = data[size - FUZZ_INPUT_MAGIC_LEN - 1];
	/* A trailer claiming more params than the input holds is payload after all. */
	if (n > size - FUZZ_INPUT_MAGIC_LEN - 1)
		return;
	in->payload_len = size - FUZZ_INPUT_MAGIC_LEN - 1 - n;
	in->params = data + in->payload_len;
	in->params_len = n;
}

size_t fuzz_input_remaining(const struct fuzz_input *in)
{
	return in->params_len - in->params_pos;
}

/* As few bytes as the range needs, so that one byte picks among 256. */
uint32_t fuzz_input_u32(struct fuzz_input *in, uint32_t min, uint32_t max, uint32_t dflt)
{
	uint64_t range = (uint64_t)max - min + 1, span = 1;
	uint64_t v = 0;

	if (max <= min)
		return min;
	if (!fuzz_input_remaining(in))
		return dflt;
	while (span < range && fuzz_input_remaining(in)) {
		v = (v << 8) | in->params[in->params_pos++];
		span <<= 8;
	}
	return min + (uint32_t)(v % range);
}

int fuzz_input_bool(struct fuzz_input *in, int dflt)
{
	return (int)fuzz_input_u32(in, 0, 1, dflt ? 1 : 0);
}

size_t fuzz_input_build(uint8_t *out, size_t cap, const void *payload, size_t payload_len,
			const uint8_t *params, size_t params_len)
{
	size_t total = payload_len + params_len + 1 + FUZZ_INPUT_MAGIC_LEN;

	if (params_len > FUZZ_INPUT_PARAMS_MAX || total > cap || total < payload_len)
		return 0;
	memmove(out, payload, payload_len);
	memcpy(out + payload_len, params, params_len);
	out[payload_len + params_len] = (uint8_t)params_len;
	memcpy(out + payload_len + params_len + 1, FUZZ_INPUT_MAGIC, FUZZ_INPUT_MAGIC_LEN);
	return total;
}

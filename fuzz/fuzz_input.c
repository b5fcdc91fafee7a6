// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
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

struct fuzz_override {
	char name[FUZZ_OVERRIDE_NAME_MAX];
	long long value;
	int asked;
};

static struct fuzz_override overrides[FUZZ_OVERRIDES_MAX];
static size_t n_overrides;
static int overrides_loaded;

static int is_sep(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == ',';
}

/* One "name=value" at *p; advances *p past it. */
static int parse_one(const char **p, struct fuzz_override *o, char *err, size_t err_len)
{
	const char *s = *p, *eq = s;
	char *end;

	while (*eq && *eq != '=' && !is_sep(*eq))
		eq++;
	if (*eq != '=' || eq == s || (size_t)(eq - s) >= sizeof(o->name)) {
		snprintf(err, err_len, "'%.*s' is not name=value", (int)strcspn(s, " \t\n,"), s);
		return -1;
	}
	memcpy(o->name, s, eq - s);
	o->name[eq - s] = 0;
	errno = 0;
	o->value = strtoll(eq + 1, &end, 0);
	if (end == eq + 1 || errno || (*end && !is_sep(*end))) {
		snprintf(err, err_len, "the value of %s is not a number", o->name);
		return -1;
	}
	o->asked = 0;
	*p = end;
	return 0;
}

int fuzz_input_overrides_parse(const char *spec, char *err, size_t err_len)
{
	struct fuzz_override o;

	n_overrides = 0;
	overrides_loaded = 1;
	while (spec && *spec) {
		if (is_sep(*spec)) {
			spec++;
			continue;
		}
		if (n_overrides == FUZZ_OVERRIDES_MAX) {
			snprintf(err, err_len, "more than %d parameters", FUZZ_OVERRIDES_MAX);
			goto fail;
		}
		if (parse_one(&spec, &o, err, err_len))
			goto fail;
		overrides[n_overrides++] = o;
	}
	return 0;
fail:
	n_overrides = 0;
	return -1;
}

int fuzz_input_override(const char *name, long long *value)
{
	size_t i;
	int found = 0;

	fuzz_input_overrides_load();
	/* The last one of a name wins, as on a command line. */
	for (i = 0; i < n_overrides; i++) {
		if (strcmp(overrides[i].name, name))
			continue;
		overrides[i].asked = 1;
		*value = overrides[i].value;
		found = 1;
	}
	return found;
}

const char *fuzz_input_overrides_unknown(void)
{
	size_t i;

	for (i = 0; i < n_overrides; i++)
		if (!overrides[i].asked)
			return overrides[i].name;
	return NULL;
}

void fuzz_input_overrides_load(void)
{
	char err[128];

	if (overrides_loaded)
		return;
	if (fuzz_input_overrides_parse(getenv(FUZZ_INPUT_ENV_PARAMS), err, sizeof(err))) {
		fprintf(stderr, "kzfuzz: %s: %s\n", FUZZ_INPUT_ENV_PARAMS, err);
		exit(2);
	}
}

void fuzz_input_overrides_check(void)
{
	const char *name = fuzz_input_overrides_unknown();

	if (name) {
		fprintf(stderr, "kzfuzz: %s: unknown parameter %s for this target\n",
			FUZZ_INPUT_ENV_PARAMS, name);
		exit(2);
	}
}

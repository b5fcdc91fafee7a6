// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_timing.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "zstd_dict.h"
#include "zstd_fuzz.h"

#define TRAIN_SAMPLES	200
#define TRAIN_MAX	1200
#define RAW_POOL	65536
#define ALLOC_HEADER	16

enum dict_choice { DICT_TRAINED, DICT_RAW, DICT_CHANGED, DICT_CUT, DICT_EMPTY };

struct trained {
	uint8_t bytes[FUZZ_DICT_CAP];
	size_t len;
};

static struct trained trained[2];
static uint8_t raw_pool[RAW_POOL];

/* ZDICT_trainFromBuffer on text samples of seeds seed.., sizes 200..1199. */
static void train(struct trained *t, uint32_t seed)
{
	static uint8_t samples[TRAIN_SAMPLES * TRAIN_MAX];
	static size_t sizes[TRAIN_SAMPLES];
	size_t off = 0, ret;
	unsigned int i;

	for (i = 0; i < TRAIN_SAMPLES; i++) {
		sizes[i] = 200 + (i * 397) % (TRAIN_MAX - 200);
		lib_sample_fill(samples + off, sizes[i], LIB_SAMPLE_TEXT, seed + i);
		off += sizes[i];
	}
	ret = ref_train_dict(t->bytes, sizeof(t->bytes), samples, sizes, TRAIN_SAMPLES);
	if (ref_is_error(ret)) {
		fprintf(stderr, "fuzz_dict: ZDICT_trainFromBuffer failed: %s\n", ref_error_name(ret));
		abort();
	}
	t->len = ret;
}

static void dicts_init(void)
{
	static int ready;

	if (ready)
		return;
	train(&trained[0], 1000);
	train(&trained[1], 5000);
	lib_sample_fill(raw_pool, sizeof(raw_pool), LIB_SAMPLE_MIXED, 77);
	ready = 1;
}

const uint8_t *fuzz_dict_trained(unsigned int i, size_t *len)
{
	dicts_init();
	*len = trained[i & 1].len;
	return trained[i & 1].bytes;
}

/* Up to 4 bytes of t changed, at offsets and by values from in. */
static size_t dict_changed(struct fuzz_input *in, const struct trained *t, uint8_t *out)
{
	size_t n = fuzz_input_u32(in, 1, 4, 1), i, off;

	memcpy(out, t->bytes, t->len);
	for (i = 0; i < n; i++) {
		off = fuzz_input_u32(in, 0, (uint32_t)t->len - 1, 8);
		out[off] ^= (uint8_t)fuzz_input_u32(in, 1, 255, 0x80);
	}
	return t->len;
}

size_t fuzz_dict_choose(struct fuzz_input *in, uint8_t *out, unsigned int *which)
{
	enum dict_choice kind = fuzz_input_u32(in, DICT_TRAINED, DICT_EMPTY, DICT_TRAINED);
	const struct trained *t;
	size_t len, off;

	dicts_init();
	*which = fuzz_input_u32(in, 0, 1, 0);
	t = &trained[*which];
	switch (kind) {
	case DICT_RAW:
		len = fuzz_input_u32(in, 1, FUZZ_DICT_CAP, 1024);
		off = fuzz_input_u32(in, 0, RAW_POOL - len, 0);
		memcpy(out, raw_pool + off, len);
		return len;
	case DICT_CHANGED:
		return dict_changed(in, t, out);
	case DICT_CUT:
		len = fuzz_input_u32(in, 0, (uint32_t)t->len - 1, 64);
		memcpy(out, t->bytes, len);
		return len;
	case DICT_EMPTY:
		return 0;
	case DICT_TRAINED:
		break;
	}
	memcpy(out, t->bytes, t->len);
	return t->len;
}

int fuzz_dict_run(const char *target, const uint8_t *data, size_t size,
		  void (*check)(struct zo_case *c, struct fuzz_input *in))
{
	return fuzz_case_run(target, data, size, check);
}

void fuzz_dict_loads(const struct zo_case *c, int kernel_loads, int ref_loads)
{
	if (!kernel_loads == !ref_loads)
		return;
	zo_report(stderr, c, kernel_loads ? ZO_KERNEL_ACCEPTS : ZO_KERNEL_REJECTS,
		  kernel_loads ? "dictionary: the kernel loads what the reference cannot" :
				 "dictionary: the kernel cannot load what the reference loads",
		  NULL, NULL, NULL);
	abort();
}

void fuzz_alloc_init(struct fuzz_alloc *a, struct fuzz_input *in, unsigned int max)
{
	*a = (struct fuzz_alloc){ .fail_at = fuzz_input_u32(in, 0, max, 0) };
}

void *fuzz_alloc(void *opaque, size_t size)
{
	struct fuzz_alloc *a = opaque;
	size_t *p;

	a->calls++;
	if (a->fail_at && a->calls == a->fail_at) {
		a->failed = 1;
		return NULL;
	}
	p = malloc(ALLOC_HEADER + size);
	if (!p)
		return NULL;
	p[0] = size;
	a->live++;
	a->live_bytes += size;
	return (uint8_t *)p + ALLOC_HEADER;
}

void fuzz_alloc_free(void *opaque, void *address)
{
	struct fuzz_alloc *a = opaque;
	size_t *p;

	if (!address)
		return;
	p = (size_t *)((uint8_t *)address - ALLOC_HEADER);
	a->live--;
	a->live_bytes -= p[0];
	free(p);
}

// SPDX-License-Identifier: GPL-2.0
#include "sample_data.h"

static const char *const words[] = {
	"zstd", "kernel", "frame", "block", "window", "the", "of", "and",
	"btrfs", "squashfs", "workspace", "stream", "error", "fanotify",
	"literal", "sequence", "huffman", "entropy", "\n", ", ", ". ",
};

uint32_t lib_sample_next(uint32_t *state)
{
	uint32_t x = *state ? *state : 0x9e3779b9u;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

const char *lib_sample_kind_name(enum lib_sample_kind kind)
{
	static const char *const names[LIB_SAMPLE_KINDS] = {
		"text", "random", "zeros", "mixed"
	};

	return kind < LIB_SAMPLE_KINDS ? names[kind] : "unknown";
}

static void fill_text(unsigned char *p, size_t size, uint32_t *st)
{
	size_t i = 0;

	while (i < size) {
		const char *w = words[lib_sample_next(st) % (sizeof(words) / sizeof(words[0]))];

		while (*w && i < size)
			p[i++] = (unsigned char)*w++;
		if (i < size)
			p[i++] = ' ';
	}
}

static void fill_random(unsigned char *p, size_t size, uint32_t *st)
{
	for (size_t i = 0; i < size; i++)
		p[i] = (unsigned char)(lib_sample_next(st) >> 24);
}

static void fill_mixed(unsigned char *p, size_t size, uint32_t *st)
{
	size_t i = 0;

	while (i < size) {
		size_t run = 1 + lib_sample_next(st) % 20000;
		uint32_t kind = lib_sample_next(st) % 3;

		if (run > size - i)
			run = size - i;
		if (kind == 0)
			fill_text(p + i, run, st);
		else if (kind == 1)
			fill_random(p + i, run, st);
		else
			for (size_t j = 0; j < run; j++)
				p[i + j] = (unsigned char)(i & 0xff);
		i += run;
	}
}

void lib_sample_fill(void *buf, size_t size, enum lib_sample_kind kind, uint32_t seed)
{
	unsigned char *p = buf;
	uint32_t st = seed * 2654435761u + (uint32_t)kind + 1;

	switch (kind) {
	case LIB_SAMPLE_TEXT:
		fill_text(p, size, &st);
		break;
	case LIB_SAMPLE_RANDOM:
		fill_random(p, size, &st);
		break;
	case LIB_SAMPLE_ZEROS:
		for (size_t i = 0; i < size; i++)
			p[i] = 0;
		break;
	default:
		fill_mixed(p, size, &st);
		break;
	}
}

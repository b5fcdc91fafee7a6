// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "bench_mix.h"
#include "zstd_frames.h"

/* zf_any_block's predicates take no context: the count in progress. */
static struct bench_mix *counting;

/* Bytes of a literals section header (RFC 8878 3.1.1.3.1.1), 0 if cut short. */
static size_t lit_header(const unsigned char *p, size_t avail, unsigned int type,
			 unsigned int sf, size_t *content)
{
	if (type < 2) {
		size_t n = (sf & 1) ? (sf == 1 ? 2 : 3) : 1;

		if (avail < n)
			return 0;
		*content = type == 1 ? 1 :
			   n == 1 ? p[0] >> 3 :
			   n == 2 ? (p[0] >> 4) + ((size_t)p[1] << 4) :
				    (p[0] >> 4) + ((size_t)p[1] << 4) + ((size_t)p[2] << 12);
		return n;
	}
	{
		size_t n = sf < 2 ? 3 : sf == 2 ? 4 : 5;
		unsigned long long v = 0;

		if (avail < n)
			return 0;
		for (size_t i = 0; i < n; i++)
			v |= (unsigned long long)p[i] << (8 * i);
		/* 4 bits of type and size format, then regenerated and compressed sizes. */
		*content = (size_t)(v >> (4 + (n == 3 ? 10 : n == 4 ? 14 : 18)));
		return n;
	}
}

static void count_sequences(const unsigned char *p, size_t avail)
{
	if (!avail)
		return;
	if (p[0] < 128)
		counting->sequences += p[0];
	else if (p[0] < 255 && avail >= 2)
		counting->sequences += ((size_t)(p[0] - 128) << 8) + p[1];
	else if (avail >= 3)
		counting->sequences += p[1] + ((size_t)p[2] << 8) + 0x7f00;
}

static int count_block(const struct zf_block *b)
{
	unsigned int type, sf;
	size_t hdr, content = 0;

	if (b->type == ZF_BLOCK_RAW)
		counting->raw++;
	else if (b->type == ZF_BLOCK_RLE)
		counting->rle++;
	if (b->type != ZF_BLOCK_COMPRESSED || !b->avail)
		return 0;
	counting->compressed++;
	type = b->content[0] & 3;
	sf = (b->content[0] >> 2) & 3;
	hdr = lit_header(b->content, b->avail, type, sf, &content);
	if (type == 0)
		counting->lit_raw++;
	else if (type == 1)
		counting->lit_rle++;
	else if (sf == 0)
		counting->huf1++;
	else
		counting->huf4++;
	counting->treeless += type == 3;
	if (hdr && hdr + content <= b->avail)
		count_sequences(b->content + hdr + content, b->avail - hdr - content);
	return 0;
}

void bench_mix_count(struct bench_mix *m, const unsigned char *src, size_t len)
{
	memset(m, 0, sizeof(*m));
	counting = m;
	zf_any_block(src, len, count_block);
	counting = NULL;
}

void bench_mix_line(const struct bench_mix *m, char *buf, size_t len)
{
	snprintf(buf, len, "blocks %zu raw %zu rle %zu cmp; literals %zu raw %zu rle %zu huf1 "
		 "%zu huf4 (%zu treeless); %zu sequences", m->raw, m->rle, m->compressed,
		 m->lit_raw, m->lit_rle, m->huf1, m->huf4, m->treeless, m->sequences);
}

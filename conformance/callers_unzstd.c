// SPDX-License-Identifier: GPL-2.0
/*
 * initramfs and the kernel image: lib/decompress_unzstd.c's unzstd(), in
 * its one-buffer mode (a kernel image: out_len 0, no bound, so the
 * decoder's slack after the output, kh_decoder_slack: see
 * corpus/findings.txt), its
 * buffer + flush mode (init/initramfs.c) and its fill + flush mode
 * (init/do_mounts_rd.c, no pos). Images made as scripts/Makefile.lib makes
 * them: zstd -19 (initramfs), zstd -22 --ultra (kernel), with checksums.
 */
#include <stdlib.h>
#include <string.h>

#include "callers.h"
#include "kz.h"
#include "ref_zstd.h"
#include "sample_data.h"

#define IMAGE_MAX	(768 * 1024)
#define FILL_CHUNK	100000

/* As include/linux/decompress/unzstd.h declares it. */
int unzstd(unsigned char *inbuf, long len, long (*fill)(void *, unsigned long),
	   long (*flush)(void *, unsigned long), unsigned char *output, long *pos,
	   void (*error)(char *x));

/* The callbacks take no context: one image at a time, here. */
static struct image {
	const unsigned char *src;
	size_t len, pos;
	unsigned char *out;
	size_t out_len, out_cap;
	const char *error;
} img;

static long fill(void *buf, unsigned long size)
{
	size_t n = img.len - img.pos;

	if (!n)
		return -1;
	n = n < size ? n : size;
	n = n < FILL_CHUNK ? n : FILL_CHUNK;
	memcpy(buf, img.src + img.pos, n);
	img.pos += n;
	return (long)n;
}

static long flush(void *buf, unsigned long size)
{
	if (size > img.out_cap - img.out_len)
		return 0;
	memcpy(img.out + img.out_len, buf, size);
	img.out_len += size;
	return (long)size;
}

static void error(char *msg)
{
	img.error = msg;
}

enum mode { ONE_BUFFER, BUFFER_FLUSH, FILL_FLUSH, MODES };

static int run(enum mode m, unsigned char *frame, size_t flen, long *pos)
{
	switch (m) {
	case ONE_BUFFER:
		return unzstd(frame, (long)flen, NULL, NULL, img.out, pos, error);
	case BUFFER_FLUSH:
		return unzstd(frame, (long)flen, NULL, flush, NULL, pos, error);
	default:
		return unzstd(NULL, 0, fill, flush, NULL, NULL, error);
	}
}

static void one_image(struct gate_tap *t, int level, enum lib_sample_kind kind, size_t len,
		      unsigned char *src, unsigned char *frame)
{
	static const char *const names[] = { "one buffer", "buffer + flush", "fill + flush" };
	size_t flen;

	lib_sample_fill(src, len, kind, (uint32_t)level);
	flen = ref_compress(frame, ref_compress_bound(len), src, len, level, 1, 1);
	if (!gate_expect(t, !ref_is_error(flen), "level %d: the reference cannot compress", level))
		return;
	for (int m = 0; m < MODES; m++) {
		long pos = -1;
		int rc;

		img = (struct image){ frame, flen, 0, malloc(len + kh_decoder_slack()), 0,
				      len + kh_decoder_slack(), NULL };
		if (!gate_expect(t, img.out != NULL, "out of memory"))
			return;
		rc = run(m, frame, flen, &pos);
		if (m == ONE_BUFFER && !rc)
			img.out_len = len;	/* unzstd says nothing of the size it wrote */
		gate_expect(t, !rc && !img.error && img.out_len == len && !memcmp(img.out, src, len),
			    "%s, level %d %s image of %zu: %s", names[m], level, lib_sample_kind_name(kind), len,
			    img.error ? img.error : rc ? "failed" : "other bytes");
		gate_expect(t, m == FILL_FLUSH || pos == (long)flen, "%s, level %d: *pos %ld, frame %zu",
			    names[m], level, pos, flen);
		free(img.out);
	}
}

void caller_unzstd(struct gate_tap *t, int quick)
{
	static const int levels[] = { 19, 22 };
	unsigned char *src = malloc(IMAGE_MAX), *frame = malloc(ref_compress_bound(IMAGE_MAX));

	gate_begin(t, "initramfs and kernel image: unzstd() one-buffer, buffer + flush and fill + flush");
	for (size_t i = 0; i < 2 && src && frame; i++)
		for (int k = 0; k < LIB_SAMPLE_KINDS; k++) {
			if (quick && k != LIB_SAMPLE_TEXT && k != LIB_SAMPLE_MIXED)
				continue;
			one_image(t, levels[i], k, quick ? IMAGE_MAX / 4 : IMAGE_MAX, src, frame);
		}
	gate_expect(t, src && frame, "out of memory");
	gate_end(t);
	free(src);
	free(frame);
}

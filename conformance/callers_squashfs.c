// SPDX-License-Identifier: GPL-2.0
/*
 * squashfs (fs/squashfs/zstd_wrapper.c): the window is the block size (at
 * least SQUASHFS_METADATA_SIZE), the workspace its dstream bound; a block
 * arrives in bio segments (the first one at an offset) and leaves page by
 * page, zstd_decompress_stream until it returns 0. Blocks are made as
 * mksquashfs makes them: one-shot frames of a block, level 15 by default.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "callers.h"
#include "ref_zstd.h"
#include "sample_data.h"

#define METADATA_SIZE	8192
#define SEGMENT		CALLER_PAGE
#define FIRST_OFFSET	1000	/* where the block starts in its first segment */
#define MAX_BLOCK	(1 << 20)

/* zstd_uncompress: the decoded size or an error; out gets whole pages. */
static size_t uncompress(size_t window, const unsigned char *block, size_t length,
			 unsigned char *out, size_t pages)
{
	size_t wsize = zstd_dstream_workspace_bound(window), fed = 0, page = 0, total = 0, r = 1;
	void *wksp = malloc(wsize);
	zstd_dstream *ds = wksp ? zstd_init_dstream(window, wksp, wsize) : NULL;
	zstd_in_buffer in = { NULL, 0, 0 };
	zstd_out_buffer o = { out, CALLER_PAGE, 0 };

	if (!ds)
		goto out;
	while (r) {
		if (in.pos == in.size) {
			size_t avail = SEGMENT - (fed ? 0 : FIRST_OFFSET);

			if (fed == length) {
				r = (size_t)-ZSTD_error_srcSize_wrong;	/* -EIO: out of bio */
				break;
			}
			avail = avail < length - fed ? avail : length - fed;
			in = (zstd_in_buffer){ block + fed, avail, 0 };
			fed += avail;
		}
		if (o.pos == o.size) {
			if (++page == pages) {
				r = (size_t)-ZSTD_error_dstSize_tooSmall;	/* ran out of pages */
				break;
			}
			total += CALLER_PAGE;
			o = (zstd_out_buffer){ out + total, CALLER_PAGE, 0 };
		}
		r = zstd_decompress_stream(ds, &o, &in);
		if (zstd_is_error(r))
			break;
	}
out:
	free(wksp);
	return !ds ? (size_t)-ZSTD_error_memory_allocation : zstd_is_error(r) ? r : total + o.pos;
}

static void one_block(struct gate_tap *t, size_t block_size, size_t len, enum lib_sample_kind kind,
		      unsigned char *src, unsigned char *frame, unsigned char *out)
{
	size_t window = block_size > METADATA_SIZE ? block_size : METADATA_SIZE;
	size_t pages = (window + CALLER_PAGE - 1) / CALLER_PAGE, flen, r;

	lib_sample_fill(src, len, kind, (uint32_t)block_size);
	flen = ref_compress(frame, ref_compress_bound(len), src, len, 15, 0, 1);
	if (!gate_expect(t, !ref_is_error(flen), "block %zu: the reference cannot compress", block_size))
		return;
	r = uncompress(window, frame, flen, out, pages);
	gate_expect(t, r == len && !memcmp(out, src, len), "block size %zu, %s block of %zu: %s",
		    block_size, lib_sample_kind_name(kind), len,
		    zstd_is_error(r) ? zstd_get_error_name(r) : "other bytes");
}

void caller_squashfs(struct gate_tap *t, int quick)
{
	static const size_t blocks[] = { 4096, 8192, 65536, 131072, 1 << 20 };
	unsigned char *src = malloc(MAX_BLOCK), *frame = malloc(ref_compress_bound(MAX_BLOCK)),
		      *out = malloc(MAX_BLOCK);

	gate_begin(t, "squashfs: blocks of 4 KiB to 1 MiB, window = block size, bio segments in, pages out");
	for (size_t i = 0; i < sizeof(blocks) / sizeof(blocks[0]) && src && frame && out; i++) {
		if (quick && blocks[i] != 131072 && blocks[i] != 4096)
			continue;
		for (int k = 0; k < LIB_SAMPLE_KINDS; k++) {
			one_block(t, blocks[i], blocks[i], k, src, frame, out);
			/* A fragment block or a file's tail: shorter than the block. */
			one_block(t, blocks[i], blocks[i] / 3 + 1, k, src, frame, out);
		}
		/* A metadata block: 8 KiB at most, on this block size's window. */
		one_block(t, blocks[i], METADATA_SIZE, LIB_SAMPLE_TEXT, src, frame, out);
	}
	gate_expect(t, src && frame && out, "out of memory");
	gate_end(t);
	free(src);
	free(frame);
	free(out);
}

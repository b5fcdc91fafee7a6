/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The in-tree compressing callers' call sequences, copied from the trees'
 * fs/f2fs/compress.c and fs/btrfs/zstd.c (the same in 6.1 and 6.12), on
 * buffers the caller of these functions provides: the fuzz targets
 * compress_f2fs and compress_btrfs feed them the input, the gate's callers
 * check (conformance/callers_*.c) its fixed samples.
 */
#ifndef FUZZ_CALLER_SHAPES_H
#define FUZZ_CALLER_SHAPES_H

#include <linux/zstd.h>
#include <stddef.h>
#include <stdint.h>

#include "kz_zstd_api.h"
#include "zstd_dict.h"

#define FUZZ_PAGE		4096
/*
 * The caller gives up and keeps the data uncompressed (f2fs -EAGAIN, btrfs
 * -E2BIG); as an error code it would be ZSTD_error_GENERIC, which none of
 * these calls returns.
 */
#define FUZZ_GAVE_UP		((size_t)-1)

/*
 * f2fs: a cluster of rlen = PAGE << log_cluster_size bytes (log 2..8),
 * i_compress_level 1..22 (0 is level 1), zstd_get_params(level, rlen),
 * zstd_init_cstream(&params, 0, ...) on exactly its cstream bound; the
 * frame goes into cdata, rlen - PAGE - COMPRESS_HEADER_SIZE bytes.
 */
#define FUZZ_F2FS_HEADER_SIZE	24	/* struct compress_data: clen, chksum, reserved[4] */
#define FUZZ_F2FS_LOG_MIN	2
#define FUZZ_F2FS_LOG_MAX	8
#define FUZZ_F2FS_LEVEL_MAX	22
#define FUZZ_F2FS_CLUSTER(log)	((size_t)FUZZ_PAGE << (log))
#define FUZZ_F2FS_DST_SIZE(rlen)	((rlen) - FUZZ_PAGE - FUZZ_F2FS_HEADER_SIZE)

/*
 * zstd_compress_pages: one zstd_compress_stream and one zstd_end_stream
 * into cdata (FUZZ_F2FS_DST_SIZE(rlen) bytes). The frame's size,
 * FUZZ_GAVE_UP when end_stream is left with data, or the error.
 */
size_t fuzz_f2fs_compress(zstd_cstream *cs, const void *src, size_t rlen, void *cdata);
/*
 * zstd_decompress_pages: one zstd_decompress_stream of the frame into
 * rlen bytes on a dstream of window MAX_COMPRESS_WINDOW_SIZE(log), the
 * cluster's size. The size it gave, or the error.
 */
size_t fuzz_f2fs_decompress(zstd_dstream *ds, const void *cdata, size_t clen, void *dst,
			    size_t rlen);

/*
 * btrfs: levels 1..15, zstd_get_params(level, len) with windowLog capped
 * at 17 (zstd_get_btrfs_parameters), extents of up to 128 KiB.
 */
#define FUZZ_BTRFS_MAX_WINDOWLOG	17
#define FUZZ_BTRFS_MAX_INPUT	((size_t)1 << FUZZ_BTRFS_MAX_WINDOWLOG)
#define FUZZ_BTRFS_MAX_LEVEL	15

zstd_parameters fuzz_btrfs_params(int level, size_t len);
/*
 * zstd_calc_ws_mem_sizes: the workspace of a level, the largest cstream
 * bound of the levels up to it and the dstream bound of 128 KiB.
 */
size_t fuzz_btrfs_ws_size(int level);
/*
 * zstd_compress_pages: zstd_init_cstream(&params, len, wksp, wsize), the
 * extent fed a 4 KiB page at a time into 4 KiB output pages, given up
 * when the output is no smaller than the input, or takes all the pages
 * the extent has (compress_file_range's nr_pages: len rounded up to a
 * page, which dst holds). The frame's size, FUZZ_GAVE_UP or the error.
 */
size_t fuzz_btrfs_compress(void *wksp, size_t wsize, int level, const uint8_t *src, size_t len,
			   uint8_t *dst);
/*
 * zstd_decompress_bio: the frame a page at a time, the output through one
 * page into dst[0..dst_cap). The size it gave, or the error.
 */
size_t fuzz_btrfs_decompress_bio(void *wksp, size_t wsize, const uint8_t *src, size_t srclen,
				 uint8_t *dst, size_t dst_cap);

/*
 * bcachefs (fs/bcachefs/compress.c, Linux 6.7+; 6.12's): compression=zstd:N
 * with N 0..15 is zstd level min(N * 3 / 2, zstd_max_clevel()) (0: the
 * default), zstd_get_params(level, encoded_extent_max) (4 KiB..2 MiB, a
 * power of 2, default 64 KiB), one cctx workspace for every level: the
 * cctx bound of zstd_get_params(zstd_max_clevel(), encoded_extent_max).
 */
#define FUZZ_BCACHEFS_LEVEL_MAX	15
#define FUZZ_BCACHEFS_EXTENT_MIN	((size_t)4096)
#define FUZZ_BCACHEFS_EXTENT_MAX	((size_t)2 << 20)

int fuzz_bcachefs_level(unsigned int level);
size_t fuzz_bcachefs_ws_size(size_t extent_max);
/*
 * attempt_compress: zstd_compress_cctx into dst + 4, dst_len - 4 - 7
 * bytes, the frame's size in the first 4 bytes (little-endian). What it
 * returns: the bytes used, or 0 when it does not fit (or fails: *err gets
 * the error).
 */
size_t fuzz_bcachefs_compress(void *wksp, size_t wsize, unsigned int level, size_t extent_max,
			      uint8_t *dst, size_t dst_len, const uint8_t *src, size_t src_len,
			      size_t *err);
/*
 * __bio_uncompress: the frame's size from the first 4 bytes (at most
 * src_len - 4), zstd_decompress_dctx into dst_len bytes. The size, or an
 * error (srcSize_wrong for a size past the data).
 */
size_t fuzz_bcachefs_decompress(void *wksp, size_t wsize, const uint8_t *src, size_t src_len,
				uint8_t *dst, size_t dst_len);

/*
 * zram's zstd backend (drivers/block/zram/backend_zstd.c, Linux 6.12):
 * only trees that declare the dictionary and allocator API have it
 * (FUZZ_ZRAM_BACKEND). Its setup makes a cdict (zstd_get_cparams(level,
 * PAGE_SIZE, dict_sz)) and a ddict by reference, empty ones without a
 * dictionary; without one it compresses with a cctx and a dctx on their
 * workspace bounds (zstd_get_params(level, PAGE_SIZE)), with one through
 * contexts of zstd_create_*_advanced on a custom allocator (mem_state
 * counts what is live). zcomp gives a page and two pages of room.
 */
#if defined(KZ_API_ZSTD_CREATE_CDICT_BYREFERENCE) && defined(KZ_API_ZSTD_CREATE_CCTX_ADVANCED)
#define FUZZ_ZRAM_BACKEND	1
#else
#define FUZZ_ZRAM_BACKEND	0
#endif

#if FUZZ_ZRAM_BACKEND
struct fuzz_zram {
	struct fuzz_alloc mem_state;
	zstd_custom_mem mem;
	zstd_parameters cprm;
	const void *dict;
	size_t dict_sz;
	zstd_cdict *cdict;
	zstd_ddict *ddict;
	void *cctx_mem, *dctx_mem;
	zstd_cctx *cctx;
	zstd_dctx *dctx;
};

/* zstd_setup_params then zstd_create: 0, or -1 where zram gives -EINVAL. */
int fuzz_zram_setup(struct fuzz_zram *z, int level, const void *dict, size_t dict_sz);
/* zstd_destroy then zstd_release_params. */
void fuzz_zram_release(struct fuzz_zram *z);
/* zstd_compress and zstd_decompress: the size, or the error. */
size_t fuzz_zram_compress(struct fuzz_zram *z, void *dst, size_t cap, const void *src,
			  size_t len);
size_t fuzz_zram_decompress(struct fuzz_zram *z, void *dst, size_t cap, const void *src,
			    size_t len);
#endif

#endif

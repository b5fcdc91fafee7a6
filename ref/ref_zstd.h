/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reference zstd (Debian's libzstd), behind names that cannot clash
 * with lib/zstd's. Only ref/ref_zstd.c sees <zstd.h>: the kernel's
 * linux/zstd_lib.h declares the same ZSTD_* names with other types.
 * Results follow zstd's convention: a size, or an error code that
 * ref_is_error() recognizes.
 */
#ifndef REF_ZSTD_H
#define REF_ZSTD_H

#include <stddef.h>
#include <stdint.h>

unsigned int ref_version(void);
int ref_min_level(void);
int ref_max_level(void);
size_t ref_compress_bound(size_t src_size);
int ref_is_error(size_t code);
int ref_error_code(size_t code);
const char *ref_error_name(size_t code);

/* One-shot compression with frame flags chosen by the caller. */
size_t ref_compress(void *dst, size_t cap, const void *src, size_t len,
		    int level, int checksum, int content_size);
/* Same, also fixing the window log (0: level default). */
size_t ref_compress_wlog(void *dst, size_t cap, const void *src, size_t len,
			 int level, int checksum, int content_size, int wlog);
/* One-shot decompression of every frame in src, as ZSTD_decompressDCtx does. */
size_t ref_decompress(void *dst, size_t cap, const void *src, size_t len);
/*
 * The block-at-a-time decoder (ZSTD_decompressBegin[_usingDict]/
 * nextSrcSizeToDecompress/nextInputType/decompressContinue) on one
 * decoder made once, for the oracle's block map. history (a dictionary,
 * zstd-format or raw content as its first bytes say) may be NULL.
 */
void *ref_block_dctx(void);
size_t ref_block_begin(void *dctx, const void *history, size_t history_len);
size_t ref_block_next_size(void *dctx);
int ref_block_next_type(void *dctx);
size_t ref_block_continue(void *dctx, void *dst, size_t cap, const void *src, size_t len);
/* Where the reference's ZSTD_decompressDCtx lives (to tell the builds apart). */
const void *ref_decompress_dctx_address(void);

/*
 * Dictionaries. ref_train_dict: ZDICT_trainFromBuffer on n samples laid
 * end to end in samples (sizes[i] bytes each) into dict[0..cap): its size
 * or an error. ref_compress_dict: ZSTD_compress_usingDict (zstd-format or
 * raw-content dictionary, as its first bytes say).
 */
size_t ref_train_dict(void *dict, size_t cap, const void *samples, const size_t *sizes,
		      unsigned int n);
size_t ref_compress_dict(void *dst, size_t cap, const void *src, size_t len,
			 const void *dict, size_t dict_len, int level);
/* The dictionary ID a zstd-format dictionary declares; 0 for raw content. */
unsigned int ref_dict_id(const void *dict, size_t dict_len);
/*
 * ZSTD_createDDict_advanced(dict, len, ZSTD_dlm_byRef, ZSTD_dct_auto, default
 * allocator), as the kernel's zstd_create_ddict_byreference: dict must
 * outlive it. NULL when the reference cannot load the dictionary.
 */
struct ref_ddict;
struct ref_ddict *ref_ddict_create(const void *dict, size_t dict_len);
void ref_ddict_free(struct ref_ddict *ddict);
/* ZSTD_decompress_usingDict (the dictionary loaded as its first bytes say) on a fresh context. */
size_t ref_decompress_dict(void *dst, size_t cap, const void *src, size_t len,
			   const void *dict, size_t dict_len);
/* ZSTD_decompress_usingDDict on a fresh decompression context. */
size_t ref_decompress_ddict(void *dst, size_t cap, const void *src, size_t len,
			    const struct ref_ddict *ddict);

/* ZSTD_frameHeader's fields, in the reference's own words. */
struct ref_frame_header {
	unsigned long long frame_content_size;
	unsigned long long window_size;
	unsigned int block_size_max;
	int frame_type;			/* 0 zstd frame, 1 skippable */
	unsigned int header_size;
	unsigned int dict_id;
	unsigned int checksum_flag;
};

/* ZSTD_getFrameHeader: 0 when fh is filled, >0 bytes needed, or an error. */
size_t ref_get_frame_header(struct ref_frame_header *fh, const void *src, size_t len);
size_t ref_find_frame_compressed_size(const void *src, size_t len);

/* A streaming decompressor limited to max_window bytes of window. */
struct ref_dstream;
struct ref_dstream *ref_dstream_create(size_t max_window);
void ref_dstream_free(struct ref_dstream *ds);
/* One ZSTD_decompressStream call on dst[*dst_pos..dst_size), src[*src_pos..src_size). */
size_t ref_dstream_step(struct ref_dstream *ds, void *dst, size_t dst_size, size_t *dst_pos,
			const void *src, size_t src_size, size_t *src_pos);

/*
 * Decodes a 4-stream Huffman literals section (csize bytes at src, regen
 * literals) with the reference's single-stream decoder, which checks that
 * each stream ends exactly on its last bit. The tree description opens src
 * (Literals_Block_Type 2) when tree is NULL; else it is the tree_len bytes
 * at tree, an earlier block's (treeless literals, type 3).
 * 1: every stream does; 0: one or more decode their literals and do not
 * end exactly, and no stream fails otherwise; -2: a stream has no end mark
 * (empty, or last byte 0), a failure of another kind; -1: tree or jump
 * table unreadable.
 */
int ref_huf4_streams_exact(const void *tree, size_t tree_len, const void *src, size_t csize,
			   size_t regen);

/* Levels worth visiting: the minimum, a few negatives, 1 to the maximum. */
size_t ref_levels(int *levels, size_t cap);

/* The low 32 bits of XXH64 of src, as a frame's checksum stores them: 0, or -1. */
int ref_content_checksum(const void *src, size_t len, uint32_t *sum);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * Single-defect inputs (single_defect.h) of zstd_decompress.c's frame,
 * skippable-frame and streaming checks, and of lib/decompress_unzstd.c's:
 * frames of raw and RLE blocks whose one defect is a size (of the input, a
 * field, a block, the window, the capacity). The streaming checks are
 * decoded by zstd_decompress_stream (drive), where the one-shot call does
 * not reach them; a case "like" another is that case's frame, decoded
 * another way or named after the check that forwards its error.
 */
#include <string.h>

#include "frame_build.h"
#include "sample_data.h"
#include "single_defect.h"
#include "single_defect_drive.h"

#define WD_1K		0x00	/* window descriptors: exponent << 3 */
#define WD_128K		0x38
#define WD_8M		0x68
#define WD_16M		0x70
#define WD_128M		0x88
#define WD_256M		0x90
#define BLOCK_MAX	(128 * 1024)

#define ABCD_LEN	4	/* "abcd", the content of sd_abcd_frame() */

static size_t finish(struct frame_build *fb)
{
	return fb->overflow ? 0 : fb->len;
}


static size_t window_abcd(uint8_t *buf, size_t cap, uint8_t window_desc)
{
	struct fb_header h = { .window_desc = window_desc };

	return sd_abcd_frame(buf, cap, &h);
}

/* A skippable frame announcing size bytes, then have of them (zeros). */
static size_t skippable(uint8_t *buf, size_t cap, uint32_t size, uint32_t have)
{
	static const uint8_t zero[64];
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_le(&fb, FB_SKIPPABLE_MAGIC, 4);
	fb_le(&fb, size, 4);
	fb_bytes(&fb, zero, have < sizeof(zero) ? have : sizeof(zero));
	return finish(&fb);
}

/* The 8-byte header cut to 7. */
static size_t skippable_header_cut(uint8_t *buf, size_t cap, int defect)
{
	size_t n = skippable(buf, cap, 0, 0);

	return n && defect ? n - 1 : n;
}

/* Frame_Size 0xFFFFFFFF: with its header, past 32 bits. */
static size_t skippable_size_overflow(uint8_t *buf, size_t cap, int defect)
{
	return skippable(buf, cap, defect ? 0xFFFFFFFFu : 0, 0);
}

static size_t skippable_past_input(uint8_t *buf, size_t cap, int defect)
{
	return skippable(buf, cap, 4, defect ? 3 : 4);
}

/* Unzstd sizes its stream for a skippable frame's window, none: 60 bytes fit, 61 do not. */
static size_t skippable_over_workspace(uint8_t *buf, size_t cap, int defect)
{
	return skippable(buf, cap, defect ? 61 : 60, defect ? 61 : 60);
}

#define SS_ABCD	.single_segment = 1, .fcs_bytes = 1, .content_size = ABCD_LEN

/* 8 bytes: the 6-byte header and 2 of the block header's 3. */
static size_t frame_too_short(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD };
	size_t n = sd_abcd_frame(buf, cap, &h);

	return n && defect ? 8 : n;
}

/*
 * Nine zero bytes after the frame: no magic number, and enough for a
 * frame header and a block header (fewer fail ZSTD_decompressFrame's first
 * size check instead).
 */
static size_t garbage_after_frame(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD };
	size_t n = sd_abcd_frame(buf, cap, &h);

	if (!n || !defect || n + 9 > cap)
		return n;
	memset(buf + n, 0, 9);
	return n + 9;
}

/* "abcd" without a content size: the capacity alone bounds it. */
static size_t raw_abcd(uint8_t *buf, size_t cap, int defect)
{
	(void)defect;
	return window_abcd(buf, cap, WD_1K);
}

static size_t rle_abcd(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = WD_1K };
	struct frame_build fb;

	(void)defect;
	fb_init(&fb, buf, cap);
	fb_header(&fb, &h);
	fb_rle_block(&fb, 'a', 4, 1);
	return finish(&fb);
}

/* A 256 MB window over the decoder's default limit (128 MB + 1), content size 4. */
static size_t window_over_limit(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = defect ? WD_256M : WD_128M, .fcs_bytes = 4,
			       .content_size = ABCD_LEN };

	return sd_abcd_frame(buf, cap, &h);
}

/* A 16 MB window in a stream whose workspace is bound for 8 MB. */
static size_t window_over_workspace(uint8_t *buf, size_t cap, int defect)
{
	return window_abcd(buf, cap, defect ? WD_16M : WD_8M);
}

/* One block of n bytes, raw (sample text) or RLE, under a window (and content size). */
static size_t one_big_block(uint8_t *buf, size_t cap, const struct fb_header *h, int type,
			    uint32_t n)
{
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_header(&fb, h);
	if (type == FB_BLOCK_RLE) {
		fb_rle_block(&fb, 'a', n, 1);
		return finish(&fb);
	}
	fb_block_header(&fb, FB_BLOCK_RAW, n, 1);
	if (fb.len + n > cap)
		return 0;
	lib_sample_fill(fb.buf + fb.len, n, LIB_SAMPLE_TEXT, 1);
	fb.len += n;
	return finish(&fb);
}

/* A raw block of 1025 bytes under a 1 KB window (its Block_Maximum_Size). */
static size_t raw_block_over_max(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = WD_1K };

	return one_big_block(buf, cap, &h, FB_BLOCK_RAW, defect ? 1025 : 1024);
}

static size_t rle_block_over_max(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = WD_1K };

	return one_big_block(buf, cap, &h, FB_BLOCK_RLE, defect ? 1025 : 1024);
}

/* Content size 256, a raw block of 257: the stream's buffer holds the content size only. */
static size_t raw_block_over_content(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = WD_1K, .fcs_bytes = 2, .content_size = 256 };

	return one_big_block(buf, cap, &h, FB_BLOCK_RAW, defect ? 257 : 256);
}

/* Single segment: the content size is the window; over unzstd's 2 GB guard (its wrap). */
static size_t content_size_huge(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .single_segment = 1, .fcs_bytes = 8,
			       .content_size = defect ? 0xFFFFFFFFFFFFFFF0ull : ABCD_LEN };

	return sd_abcd_frame(buf, cap, &h);
}

/* Single segment, a window of 2 TB: under unzstd's guard, no allocator gives it. */
static size_t content_size_2t(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .single_segment = 1, .fcs_bytes = 8,
			       .content_size = defect ? 1ull << 41 : ABCD_LEN };

	return sd_abcd_frame(buf, cap, &h);
}

/* Nothing (SD_EMPTY_INPUT): unzstd's first fill() has nothing to give. */
static size_t empty_input(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD };

	return defect ? 0 : sd_abcd_frame(buf, cap, &h);
}

/* The first 5 bytes of a frame whose header has 6. */
static size_t header_cut(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD };
	size_t n = sd_abcd_frame(buf, cap, &h);

	return n && defect ? 5 : n;
}

/* 8 (control) or 9 RLE blocks of 128 KB: 1 MiB or more, what flush() takes. */
static size_t over_flush_limit(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = WD_128K };
	struct frame_build fb;
	int blocks = defect ? 9 : 8;

	fb_init(&fb, buf, cap);
	fb_header(&fb, &h);
	for (int i = 0; i < blocks; i++)
		fb_rle_block(&fb, 'a', BLOCK_MAX, i == blocks - 1);
	return finish(&fb);
}

/* Frames of the other cases, decoded another way or forwarded by another check. */
#define LIKE(fn, name)							\
	static size_t fn(uint8_t *buf, size_t cap, int defect)		\
	{								\
		return sd_build_named(name, buf, cap, defect);		\
	}
LIKE(like_block_past_input, "block-past-input")
LIKE(like_checksum_wrong, "checksum-wrong")
LIKE(like_content_size_wrong, "content-size-wrong")
LIKE(like_dictionary_wrong, "dictionary-wrong")
LIKE(like_fhd_reserved_bit, "fhd-reserved-bit")
LIKE(like_raw_literals_past_block, "raw-literals-past-block")
LIKE(like_unknown_magic, "unknown-magic")

#define DEC	"decompress/zstd_decompress.c"
#define UNZ	"../decompress_unzstd.c"
#define CASE(name, file, fn, check, err, flags, build, drive) \
	{ name, file, fn, check, err, (flags) | SD_DRIVE(drive), build, 0, NULL }
/* The check's text is in its function more than once: its nth. */
#define CASE_NTH(name, file, fn, check, nth, err, flags, build, drive) \
	{ name, file, fn, check, err, (flags) | SD_DRIVE(drive), build, nth, NULL }

static const struct sd_case cases[] = {
	CASE("skippable-header-cut", DEC, "readSkippableFrameSize",
	     "RETURN_ERROR_IF(srcSize < ZSTD_SKIPPABLEHEADERSIZE, srcSize_wrong, \"\");", 72, 0,
	     skippable_header_cut, SD_ONESHOT),
	CASE("skippable-size-overflow", DEC, "readSkippableFrameSize",
	     "RETURN_ERROR_IF((U32)(sizeU32 + ZSTD_SKIPPABLEHEADERSIZE) < sizeU32,", 14, 0,
	     skippable_size_overflow, SD_ONESHOT),
	CASE("skippable-past-input", DEC, "readSkippableFrameSize",
	     "RETURN_ERROR_IF(skippableSize > srcSize, srcSize_wrong, \"\");", 72, 0,
	     skippable_past_input, SD_ONESHOT),
	CASE("skippable-size-forwarded", DEC, "ZSTD_decompressMultiFrame",
	     "FORWARD_IF_ERROR(skippableSize, \"readSkippableFrameSize failed\");", 72, 0,
	     skippable_past_input,
	     SD_ONESHOT),
	CASE("frame-too-short", DEC, "ZSTD_decompressFrame",
	     "remainingSrcSize < ZSTD_FRAMEHEADERSIZE_MIN(dctx->format)+ZSTD_blockHeaderSize,", 72,
	     0, frame_too_short, SD_ONESHOT),
	CASE("frame-header-forwarded", DEC, "ZSTD_decompressFrame",
	     "FORWARD_IF_ERROR( ZSTD_decodeFrameHeader(dctx, ip, frameHeaderSize) , \"\");", 14, 0,
	     like_fhd_reserved_bit, SD_ONESHOT),
	CASE("garbage-after-frame", DEC, "ZSTD_decompressMultiFrame",
	     "(ZSTD_getErrorCode(res) == ZSTD_error_prefix_unknown)", 72, SD_ONESHOT_ONLY,
	     garbage_after_frame,
	     SD_ONESHOT),
	CASE("raw-block-over-capacity", DEC, "ZSTD_copyRawBlock",
	     "RETURN_ERROR_IF(srcSize > dstCapacity, dstSize_tooSmall, \"\");", 70, SD_CAP_SHORT,
	     raw_abcd, SD_ONESHOT),
	CASE("rle-block-over-capacity", DEC, "ZSTD_setRleBlock",
	     "RETURN_ERROR_IF(regenSize > dstCapacity, dstSize_tooSmall, \"\");", 70, SD_CAP_SHORT,
	     rle_abcd, SD_ONESHOT),
	CASE("header-src-null", DEC, "ZSTD_getFrameHeader_advanced",
	     "RETURN_ERROR_IF(src==NULL, GENERIC, \"invalid parameter\");", 1, 0, raw_abcd,
	     SD_HEADER_NULL),
	CASE("stream-input-pos-past", DEC, "ZSTD_decompressStream", "input->pos > input->size,", 72,
	     0, raw_abcd, SD_STREAM_IN_PAST),
	CASE("stream-output-pos-past", DEC, "ZSTD_decompressStream", "output->pos > output->size,",
	     70, 0, raw_abcd, SD_STREAM_OUT_PAST),
	CASE("stream-frame-header-forwarded", DEC, "ZSTD_decompressStream",
	     "FORWARD_IF_ERROR(ZSTD_decodeFrameHeader(zds, zds->headerBuffer, zds->lhSize), \"\");",
	     32, 0, like_dictionary_wrong, SD_STREAM_BYTES),
	CASE("stream-window-over-limit", DEC, "ZSTD_decompressStream",
	     "RETURN_ERROR_IF(zds->fParams.windowSize > zds->maxWindowSize,", 16, 0,
	     window_over_limit, SD_STREAM_BYTES),
	CASE("stream-window-over-workspace", DEC, "ZSTD_decompressStream",
	     "bufferSize > zds->staticSize - sizeof(ZSTD_DCtx),", 64, 0, window_over_workspace,
	     SD_STREAM_BYTES),
	CASE("stream-block-over-max", DEC, "ZSTD_decompressContinue",
	     "RETURN_ERROR_IF(cBlockSize > dctx->fParams.blockSizeMax, corruption_detected, \"Block Size Exceeds Maximum\");",
	     20, 0, raw_block_over_max, SD_STREAM_BYTES),
	CASE("stream-rle-over-max", DEC, "ZSTD_decompressContinue",
	     "RETURN_ERROR_IF(rSize > dctx->fParams.blockSizeMax, corruption_detected, \"Decompressed Block Size Exceeds Maximum\");",
	     20, 0, rle_block_over_max, SD_STREAM_BYTES),
	CASE("stream-raw-block-forwarded", DEC, "ZSTD_decompressContinue",
	     "FORWARD_IF_ERROR(rSize, \"ZSTD_copyRawBlock failed\");", 70, 0,
	     raw_block_over_content, SD_STREAM_BYTES),
	CASE("stream-block-forwarded", DEC, "ZSTD_decompressContinue",
	     "FORWARD_IF_ERROR(rSize, \"\");", 20, 0, like_raw_literals_past_block, SD_STREAM_BYTES),
	CASE("stream-content-size-wrong", DEC, "ZSTD_decompressContinue",
	     "&& dctx->decodedSize != dctx->fParams.frameContentSize,", 20, 0,
	     like_content_size_wrong, SD_STREAM_BYTES),
	CASE("stream-checksum-wrong", DEC, "ZSTD_decompressContinue",
	     "RETURN_ERROR_IF(check32 != h32, checksum_wrong, \"\");", 22, 0, like_checksum_wrong, SD_STREAM_BYTES),
	CASE_NTH("stream-continue-forwarded", DEC, "ZSTD_decompressContinueStream",
	     "FORWARD_IF_ERROR(decodedSize, \"\");", 1, 22, 0, like_checksum_wrong, SD_STREAM_BYTES),
	CASE("stream-loaded-forwarded", DEC, "ZSTD_decompressStream",
	     "FORWARD_IF_ERROR(ZSTD_decompressContinueStream(zds, &op, oend, zds->inBuff, neededInSize), \"\");",
	     22, 0, like_checksum_wrong, SD_STREAM_BYTES),
	CASE("stream-direct-forwarded", DEC, "ZSTD_decompressStream",
	     "FORWARD_IF_ERROR(ZSTD_decompressContinueStream(zds, &op, oend, ip, neededInSize), \"\");",
	     20, 0, like_raw_literals_past_block, SD_STREAM_WHOLE),
	CASE("stream-stuck-output", DEC, "ZSTD_decompressStream",
	     "RETURN_ERROR_IF(op==oend, dstSize_tooSmall, \"\");", 70, SD_CAP_SHORT, raw_abcd,
	     SD_STREAM_BYTES),
	CASE("stream-stuck-input", DEC, "ZSTD_decompressStream",
	     "RETURN_ERROR_IF(ip==iend, srcSize_wrong, \"\");", 72, 0, like_block_past_input, SD_STREAM_BYTES),
	CASE("unzstd-skippable-over-workspace", UNZ, "handle_zstd_error",
	     "error(\"ZSTD decompressor ran out of memory\");", 64, 0, skippable_over_workspace,
	     SD_UNZSTD_FILL),
	CASE("unzstd-wrong-magic", UNZ, "handle_zstd_error",
	     "error(\"Input is not in the ZSTD format (wrong magic bytes)\");", 10, 0, like_unknown_magic,
	     SD_UNZSTD_ONE),
	CASE("unzstd-corrupt", UNZ, "handle_zstd_error",
	     "error(\"ZSTD-compressed data is corrupt\");", 22, 0, like_checksum_wrong, SD_UNZSTD_ONE),
	CASE("unzstd-probably-corrupt", UNZ, "handle_zstd_error",
	     "error(\"ZSTD-compressed data is probably corrupt\");", 14, 0,
	     like_fhd_reserved_bit, SD_UNZSTD_ONE),
	CASE_NTH("unzstd-empty", UNZ, "__unzstd", "error(\"ZSTD-compressed data is truncated\");",
		 1, 0, SD_EMPTY_INPUT, empty_input, SD_UNZSTD_FILL),
	CASE("unzstd-header-cut", UNZ, "__unzstd",
	     "error(\"ZSTD-compressed data has an incomplete frame header\");", 0, 0, header_cut,
	     SD_UNZSTD_FLUSH),
	CASE("unzstd-window-too-large", UNZ, "__unzstd",
	     "error(\"ZSTD-compressed data has too large a window size\");", 0, 0,
	     content_size_huge, SD_UNZSTD_FILL),
	CASE("unzstd-dstream-no-memory", UNZ, "__unzstd",
	     "error(\"Out of memory while allocating ZSTD_DStream\");", 0, 0, content_size_2t,
	     SD_UNZSTD_FILL),
	CASE_NTH("unzstd-truncated", UNZ, "__unzstd",
	     "error(\"ZSTD-compressed data is truncated\");", 2, 0, 0, like_block_past_input,
	     SD_UNZSTD_FLUSH),
	CASE("unzstd-flush-refused", UNZ, "__unzstd", "error(\"Failed to flush()\");", 0, 0,
	     over_flush_limit, SD_UNZSTD_FILL),
};

const struct sd_case *sd_frame_cases(size_t *n)
{
	*n = sizeof(cases) / sizeof(cases[0]);
	return cases;
}

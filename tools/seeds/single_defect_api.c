// SPDX-License-Identifier: GPL-2.0
/*
 * The API cases (single_defect_api.h) and their records. Each names the
 * checks its defect's error takes on its way out, first the one that
 * detects it, then those that forward it (FORWARD_IF_ERROR and the
 * wrapper's ZSTD_FORWARD_IF_ERR): make coverage-single-defect shows each
 * one's error branch taken.
 */
#include <stdarg.h>
#include <stdio.h>

#include "sample_data.h"
#include "single_defect_api.h"

#define ZC	"compress/zstd_compress.c"
#define ZM	"zstd_compress_module.c"
#define ZDM	"zstd_decompress_module.c"
#define ZS	"compress/zstd_compress_sequences.c"
#define ZF	"compress/fse_compress.c"
#define TEXT	LIB_SAMPLE_TEXT
#define RANDOM	LIB_SAMPLE_RANDOM

/* Checks a parameter's error takes: its bound, the wrapper's forward (nth); and zstd_compress_cctx's. */
#define PARAM_CHECKS(bound, nth) {						\
	{ ZC, "ZSTD_CCtxParams_setParameter", "BOUNDCHECK(" bound ", value);", 0 },	\
	{ ZM, "zstd_cctx_init", "ZSTD_FORWARD_IF_ERR(ZSTD_CCtx_setParameter(", nth } }
/* One parameter one past its range, level 3 over 1000 bytes of text. */
#define PARAM_CASE(nm, p, value, bound, nth)					\
	{ .name = nm, .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = TEXT,	\
	  .src_len = 1000, .defect = SD_API_PARAM, .param = p, .amount = value,	\
	  .error = SD_API_PARAMETER_OUT_OF_BOUND, .checks = PARAM_CHECKS(bound, nth) }

/* 1000 bytes (the first run alike) at level 3 into the least its control fits in, minus k. */
#define DST_CASE(nm, kd, alike, k, ...)						\
	{ .name = nm, .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = kd,	\
	  .src_len = 1000, .run = alike, .defect = SD_API_DST_SHORT, .amount = k,	\
	  .error = SD_API_DST_TOO_SMALL, .checks = __VA_ARGS__ }
#define NCOUNT_OVERFLOW	"return ERROR(dstSize_tooSmall);   /* Buffer overflow */"


/* compressStream2's forward of what the stream's stage returns. */
#define FWD_GENERIC	{ ZC, "ZSTD_compressStream2", "FORWARD_IF_ERROR( ZSTD_compressStream_generic(cctx, output, input, endOp) , \"\");", 0 }
#define FWD_COMPRESS2	{ ZC, "ZSTD_compress2", "FORWARD_IF_ERROR(result, \"ZSTD_compressStream2_simpleArgs failed\");", 0 }
#define FWD_END_STREAM	{ ZC, "ZSTD_endStream", "FORWARD_IF_ERROR( remainingToFlush , \"ZSTD_compressStream2 failed\");", 0 }
#define FWD_STREAM	{ ZC, "ZSTD_compressStream", "FORWARD_IF_ERROR( ZSTD_compressStream2(zcs, output, input, ZSTD_e_continue) , \"\");", 0 }
#define FWD_BUFFERED	{ ZC, "ZSTD_compressStream_generic", "FORWARD_IF_ERROR(cSize, \"%s\", lastBlock ? \"ZSTD_compressEnd failed\" : \"ZSTD_compressContinue failed\");", 1 }
#define FWD_CONTINUE	{ ZC, "ZSTD_compressEnd", "FORWARD_IF_ERROR(cSize, \"ZSTD_compressContinue_internal failed\");", 0 }

static const struct sd_api_case cases[] = {
	{ .name = "window-log-over-max", .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_PARAM, .param = SD_API_WINDOW_LOG, .amount = 32,
	  .error = SD_API_PARAMETER_OUT_OF_BOUND, .checks = {
		{ ZC, "ZSTD_CCtxParams_setParameter", "BOUNDCHECK(ZSTD_c_windowLog, value);", 0 },
		{ ZM, "zstd_cctx_init", "ZSTD_FORWARD_IF_ERR(ZSTD_CCtx_setParameter(", 1 },
		{ ZM, "zstd_compress_cctx", "ZSTD_FORWARD_IF_ERR(zstd_cctx_init(cctx, parameters, src_size));", 0 } } },
	PARAM_CASE("hash-log-over-max", SD_API_HASH_LOG, 31, "ZSTD_c_hashLog", 2),
	PARAM_CASE("chain-log-over-max", SD_API_CHAIN_LOG, 31, "ZSTD_c_chainLog", 3),
	PARAM_CASE("search-log-over-max", SD_API_SEARCH_LOG, 31, "ZSTD_c_searchLog", 4),
	PARAM_CASE("min-match-over-max", SD_API_MIN_MATCH, 8, "ZSTD_c_minMatch", 5),
	PARAM_CASE("target-length-over-max", SD_API_TARGET_LENGTH, 131073, "ZSTD_c_targetLength", 6),
	PARAM_CASE("strategy-over-max", SD_API_STRATEGY, 10, "ZSTD_c_strategy", 7),
	{ .name = "cstream-window-log-over-max", .entry = SD_API_STREAM, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_PARAM, .param = SD_API_WINDOW_LOG, .amount = 32,
	  .error = SD_API_NULL, .checks = {
		{ ZM, "zstd_init_cstream", "if (ZSTD_isError(zstd_cctx_init(cstream, parameters, pledged_src_size)))", 0 } } },
	{ .name = "cctx-workspace-null", .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_WS_NULL, .error = SD_API_NULL,
	  .checks = { { ZM, "zstd_init_cctx", "if (workspace == NULL)", 0 } } },
	{ .name = "cstream-workspace-null", .entry = SD_API_STREAM, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_WS_NULL, .error = SD_API_NULL,
	  .checks = { { ZM, "zstd_init_cstream", "if (workspace == NULL)", 0 } } },
	{ .name = "cstream-workspace-64", .entry = SD_API_STREAM, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_WS_SIZE, .amount = 64, .error = SD_API_NULL,
	  .checks = { { ZM, "zstd_init_cstream", "if (cstream == NULL)", 0 } } },
	{ .name = "dctx-workspace-null", .entry = SD_API_INIT_DCTX, .defect = SD_API_WS_NULL,
	  .error = SD_API_NULL, .checks = { { ZDM, "zstd_init_dctx", "if (workspace == NULL)", 0 } } },
	{ .name = "dstream-workspace-null", .entry = SD_API_INIT_DSTREAM, .defect = SD_API_WS_NULL,
	  .error = SD_API_NULL, .checks = { { ZDM, "zstd_init_dstream", "if (workspace == NULL)", 0 } } },
	{ .name = "cctx-workspace-short", .entry = SD_API_COMPRESS_CCTX, .level = 1, .kind = TEXT,
	  .src_len = 16384, .defect = SD_API_WS_SHORT, .amount = 1,
	  .error = SD_API_MEMORY_ALLOCATION, .checks = {
		{ ZC, "ZSTD_resetCCtx_internal", "RETURN_ERROR_IF(zc->staticSize, memory_allocation, \"static cctx : no resize\");", 0 },
		{ ZC, "ZSTD_compressBegin_internal", "FORWARD_IF_ERROR( ZSTD_resetCCtx_internal(cctx, *params, pledgedSrcSize,", 0 },
		{ ZC, "ZSTD_CCtx_init_compressStream2", "FORWARD_IF_ERROR( ZSTD_compressBegin_internal(cctx,", 0 },
		{ ZC, "ZSTD_compressStream2", "FORWARD_IF_ERROR(ZSTD_CCtx_init_compressStream2(cctx, endOp, input->size), \"CompressStream2 initialization failed\");", 0 } } },
	{ .name = "cstream-workspace-short", .entry = SD_API_STREAM, .level = 1, .kind = TEXT,
	  .src_len = 16384, .defect = SD_API_WS_SHORT, .amount = 1,
	  .error = SD_API_MEMORY_ALLOCATION, .checks = { FWD_STREAM } },
	{ .name = "frame-header-no-room", .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = TEXT,
	  .src_len = 5, .defect = SD_API_DST_SIZE, .amount = 17,
	  .error = SD_API_DST_TOO_SMALL, .checks = {
		{ ZC, "ZSTD_writeFrameHeader", "RETURN_ERROR_IF(dstCapacity < ZSTD_FRAMEHEADERSIZE_MAX, dstSize_tooSmall,", 0 },
		{ ZC, "ZSTD_compressContinue_internal", "FORWARD_IF_ERROR(fhSize, \"ZSTD_writeFrameHeader failed\");", 0 },
		FWD_CONTINUE,
		{ ZC, "ZSTD_compressStream_generic", "FORWARD_IF_ERROR(cSize, \"ZSTD_compressEnd failed\");", 0 },
		FWD_GENERIC } },
	{ .name = "literals-no-room", .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = RANDOM,
	  .src_len = 100, .defect = SD_API_DST_SHORT, .amount = 1,
	  .error = SD_API_DST_TOO_SMALL, .checks = {
		{ "compress/zstd_compress_literals.c", "ZSTD_noCompressLiterals", "RETURN_ERROR_IF(srcSize + flSize > dstCapacity, dstSize_tooSmall, \"\");", 0 },
		{ ZC, "ZSTD_entropyCompressSequences_internal", "FORWARD_IF_ERROR(cSize, \"ZSTD_compressLiterals failed\");", 0 },
		{ ZC, "ZSTD_entropyCompressSequences", "FORWARD_IF_ERROR(cSize, \"ZSTD_entropyCompressSequences_internal failed\");", 0 },
		{ ZC, "ZSTD_compress_frameChunk", "FORWARD_IF_ERROR(cSize, \"ZSTD_compressBlock_internal failed\");", 0 },
		{ ZC, "ZSTD_compressContinue_internal", "FORWARD_IF_ERROR(cSize, \"%s\", frame ? \"ZSTD_compress_frameChunk failed\" : \"ZSTD_compressBlock_internal failed\");", 0 },
		FWD_COMPRESS2 } },
	/* Compressed, it fits in one byte less, but saves too little: stored raw, which does not fit. */
	{ .name = "raw-block-no-room", .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = RANDOM,
	  .src_len = 1000, .run = 24, .defect = SD_API_DST_SHORT, .amount = 1,
	  .error = SD_API_DST_TOO_SMALL, .checks = {
		{ ZC, "ZSTD_compress_frameChunk", "FORWARD_IF_ERROR(cSize, \"ZSTD_noCompressBlock failed\");", 0 },
		{ "compress/zstd_compress_internal.h", "ZSTD_noCompressBlock", "RETURN_ERROR_IF(srcSize + ZSTD_blockHeaderSize > dstCapacity,", 0 } } },
	/*
	 * 1000 bytes of text at level 3 into less and less room: the block's
	 * last part that no longer fits moves from the sequences' bit stream
	 * back to its tables and the literals' Huffman tree (1.4.10's layout).
	 */
	DST_CASE("seq-bitstream-no-room", TEXT, 0, 1, {
		{ ZS, "ZSTD_encodeSequences_body", "RETURN_ERROR_IF(streamSize==0, dstSize_tooSmall, \"not enough space\");", 0 },
		{ ZC, "ZSTD_entropyCompressSequences_internal", "FORWARD_IF_ERROR(bitstreamSize, \"ZSTD_encodeSequences failed\");", 0 } }),
	DST_CASE("seq-bitstream-start-no-room", TEXT, 0, 192, {
		{ ZS, "ZSTD_encodeSequences_body", "RETURN_ERROR_IF(", 1 } }),
	DST_CASE("ml-table-no-room", TEXT, 0, 202, {
		{ ZC, "ZSTD_entropyCompressSequences_internal", "FORWARD_IF_ERROR(countSize, \"ZSTD_buildCTable for MatchLengths failed\");", 0 },
		{ ZS, "ZSTD_buildCTable", "FORWARD_IF_ERROR(NCountSize, \"FSE_writeNCount failed\");", 0 },
		{ ZF, "FSE_writeNCount_generic", NCOUNT_OVERFLOW, 3 } }),
	/* Its first 200 bytes alike: a long match, a run of unused match-length codes in the table. */
	DST_CASE("ml-table-zero-run-no-room", TEXT, 200, 160, {
		{ ZF, "FSE_writeNCount_generic", NCOUNT_OVERFLOW, 2 } }),
	DST_CASE("of-table-no-room", TEXT, 0, 210, {
		{ ZC, "ZSTD_entropyCompressSequences_internal", "FORWARD_IF_ERROR(countSize, \"ZSTD_buildCTable for Offsets failed\");", 0 } }),
	DST_CASE("ll-table-no-room", TEXT, 0, 213, {
		{ ZC, "ZSTD_entropyCompressSequences_internal", "FORWARD_IF_ERROR(countSize, \"ZSTD_buildCTable for LitLens failed\");", 0 },
		{ ZF, "FSE_writeNCount_generic", NCOUNT_OVERFLOW, 4 } }),
	DST_CASE("huf-table-no-room", TEXT, 0, 310, {
		{ "compress/huf_compress.c", "HUF_writeCTable_wksp", "if (((maxSymbolValue+1)/2) + 1 > maxDstSize) return ERROR(dstSize_tooSmall);", 0 } }),
	/* The random block with a short match: its raw literals fit, its sequences' header not. */
	DST_CASE("seq-header-no-room", RANDOM, 24, 18, {
		{ ZC, "ZSTD_entropyCompressSequences_internal", "RETURN_ERROR_IF((oend-op) < 3 /*max nbSeq Size*/ + 1 /*seqHead*/,", 0 } }),
	{ .name = "checksum-no-room", .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = RANDOM,
	  .src_len = 100, .checksum = 1, .defect = SD_API_DST_SHORT, .amount = 1,
	  .error = SD_API_DST_TOO_SMALL, .checks = {
		{ ZC, "ZSTD_writeEpilogue", "RETURN_ERROR_IF(dstCapacity<4, dstSize_tooSmall, \"no room for checksum\");", 0 },
		{ ZC, "ZSTD_compressEnd", "FORWARD_IF_ERROR(endResult, \"ZSTD_writeEpilogue failed\");", 0 } } },
	{ .name = "second-block-no-room", .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = RANDOM,
	  .src_len = 128 * 1024 + 3, .defect = SD_API_DST_SHORT, .amount = 1,
	  .error = SD_API_DST_TOO_SMALL, .checks = {
		{ ZC, "ZSTD_compress_frameChunk", "RETURN_ERROR_IF(dstCapacity < ZSTD_blockHeaderSize + MIN_CBLOCK_SIZE,", 0 } } },
	/* A 100-byte second block (over 63 literals) with 6 bytes of room: 3 for its literals. */
	{ .name = "literals-header-no-room", .entry = SD_API_COMPRESS_CCTX, .level = 3, .kind = RANDOM,
	  .src_len = 128 * 1024 + 100, .defect = SD_API_DST_SHORT, .amount = 97,
	  .error = SD_API_DST_TOO_SMALL, .checks = {
		{ "compress/zstd_compress_literals.c", "ZSTD_compressLiterals", "RETURN_ERROR_IF(dstCapacity < lhSize+1, dstSize_tooSmall, \"not enough space for compression\");", 0 } } },
	{ .name = "pledged-one-more", .entry = SD_API_STREAM, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_PLEDGE, .amount = 1,
	  .error = SD_API_SRC_SIZE_WRONG, .checks = {
		{ ZC, "ZSTD_compressEnd", "RETURN_ERROR_IF(", 0 }, FWD_BUFFERED, FWD_END_STREAM } },
	{ .name = "pledged-one-less", .entry = SD_API_STREAM, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_PLEDGE, .amount = -1,
	  .error = SD_API_SRC_SIZE_WRONG, .checks = {
		{ ZC, "ZSTD_compressContinue_internal", "RETURN_ERROR_IF(", 2 } } },
	{ .name = "out-pos-past-size", .entry = SD_API_STREAM, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_OUT_POS, .amount = 1, .call = SD_API_CALL_END,
	  .error = SD_API_DST_TOO_SMALL, .checks = {
		{ ZC, "ZSTD_compressStream2", "RETURN_ERROR_IF(output->pos > output->size, dstSize_tooSmall, \"invalid output buffer\");", 0 } } },
	{ .name = "in-pos-past-size", .entry = SD_API_STREAM, .level = 3, .kind = TEXT,
	  .src_len = 1000, .defect = SD_API_IN_POS, .amount = 1, .call = SD_API_CALL_COMPRESS,
	  .error = SD_API_SRC_SIZE_WRONG, .checks = {
		{ ZC, "ZSTD_compressStream2", "RETURN_ERROR_IF(input->pos  > input->size, srcSize_wrong, \"invalid input buffer\");", 0 } } },
};

const struct sd_api_case *sd_api_cases(size_t *n)
{
	*n = sizeof(cases) / sizeof(cases[0]);
	return cases;
}

const char *sd_api_param_name(int param)
{
	static const char *const names[SD_API_PARAMS] = {
		"windowLog", "chainLog", "hashLog", "searchLog", "minMatch", "targetLength", "strategy",
	};

	return param >= 0 && param < SD_API_PARAMS ? names[param] : "?";
}

const char *sd_api_error_name(int error)
{
	switch (error) {
	case 0:
		return "ok";
	case SD_API_NULL:
		return "NULL";
	case SD_API_PARAMETER_OUT_OF_BOUND:
		return "parameter_outOfBound";
	case SD_API_MEMORY_ALLOCATION:
		return "memory_allocation";
	case SD_API_DST_TOO_SMALL:
		return "dstSize_tooSmall";
	case SD_API_SRC_SIZE_WRONG:
		return "srcSize_wrong";
	default:
		return "?";
	}
}

static const char *const entries[] = {
	[SD_API_COMPRESS_CCTX] = "zstd_init_cctx, zstd_compress_cctx",
	[SD_API_STREAM] = "zstd_init_cstream, zstd_compress_stream, zstd_flush_stream, zstd_end_stream",
	[SD_API_INIT_DCTX] = "zstd_init_dctx",
	[SD_API_INIT_DSTREAM] = "zstd_init_dstream",
};

static const char *const calls[] = { "zstd_compress_stream", "zstd_flush_stream", "zstd_end_stream", 0 };

struct sink {
	char *buf;
	size_t cap, len;
};

/* A record line: "key value". */
static void put(struct sink *s, const char *key, const char *fmt, ...)
{
	va_list ap;

	if (s->len < s->cap)
		s->len += (size_t)snprintf(s->buf + s->len, s->cap - s->len, "%-13s", key);
	va_start(ap, fmt);
	if (s->len < s->cap)
		s->len += (size_t)vsnprintf(s->buf + s->len, s->cap - s->len, fmt, ap);
	va_end(ap);
	if (s->len < s->cap)
		s->len += (size_t)snprintf(s->buf + s->len, s->cap - s->len, "\n");
}

static void put_workspace(struct sink *s, const struct sd_api_case *c, int defect)
{
	if (defect && c->defect == SD_API_WS_NULL)
		put(s, "workspace", "NULL");
	else if (defect && c->defect == SD_API_WS_SHORT)
		put(s, "workspace", "its bound minus %ld", c->amount);
	else if (defect && c->defect == SD_API_WS_SIZE)
		put(s, "workspace", "%ld bytes", c->amount);
	else
		put(s, "workspace", "its bound");
}

static void put_dst(struct sink *s, const struct sd_api_case *c, int defect)
{
	if (c->defect == SD_API_DST_SHORT && defect)
		put(s, "dst_capacity", "the least the control fits in, minus %ld", c->amount);
	else if (c->defect == SD_API_DST_SHORT)
		put(s, "dst_capacity", "the least it fits in (from its frame's size up)");
	else if (c->defect == SD_API_DST_SIZE)
		put(s, "dst_capacity", "%ld bytes", c->amount + !defect);
	else
		put(s, "dst_capacity", "zstd_compress_bound(source length)");
}

static void put_stream(struct sink *s, const struct sd_api_case *c, int defect)
{
	if (c->defect == SD_API_PLEDGE && defect)
		put(s, "pledged", "source length %+ld", c->amount);
	else
		put(s, "pledged", "source length");
	if (c->defect != SD_API_OUT_POS && c->defect != SD_API_IN_POS)
		return;
	put(s, "then_call", "%s", calls[c->call]);
	put(s, c->defect == SD_API_OUT_POS ? "output" : "input",
	    "size = pos so far, pos = size + %ld", defect ? c->amount : 0);
}

size_t sd_api_record(const struct sd_api_case *c, int defect, char *buf, size_t cap)
{
	struct sink s = { buf, cap, 0 };

	put(&s, "# case", "single-defect API case %s%s (tools/seeds/single_defect_api.c)", c->name,
	    defect ? "" : ", its control");
	put(&s, "entry", "%s", entries[c->entry]);
	put_workspace(&s, c, defect);
	if (c->entry == SD_API_INIT_DCTX || c->entry == SD_API_INIT_DSTREAM) {
		put(&s, "expect", "%s", sd_api_error_name(defect ? c->error : 0));
		return s.len < cap ? s.len : 0;
	}
	put(&s, "level", "%d", c->level);
	put(&s, "source", "%s, %zu bytes, seed 1%s", lib_sample_kind_name(c->kind), c->src_len,
	    c->run ? ", its first bytes alike" : "");
	if (c->run)
		put(&s, "alike", "%zu bytes", c->run);
	put(&s, "checksum", "%d", c->checksum);
	if (c->defect == SD_API_PARAM && defect)
		put(&s, "param", "%s = %ld", sd_api_param_name(c->param), c->amount);
	else if (c->defect == SD_API_PARAM)
		put(&s, "param", "%s as zstd_get_params gives", sd_api_param_name(c->param));
	put_dst(&s, c, defect);
	if (c->entry == SD_API_STREAM)
		put_stream(&s, c, defect);
	put(&s, "expect", "%s", sd_api_error_name(defect ? c->error : 0));
	return s.len < cap ? s.len : 0;
}

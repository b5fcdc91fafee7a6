/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Single-defect API cases of the compressor's checks and of the wrapper
 * modules' own failure returns: for each, a call of the kernel's wrapper
 * (include/linux/zstd.h) whose only defect is the one the check detects
 * (a parameter one past its range, a workspace under its bound or NULL, a
 * destination one byte short, a pledged size one off, a stream buffer's
 * position past its size) and its control, the same call without it,
 * which must succeed and round-trip through the reference. A case is
 * committed as a small text record (corpus/single-defect/api/<name>.txt,
 * the control <name>.ok.txt) that says the call, with sizes relative to
 * what the tree computes (its bound, the control's compressed size), so
 * the same record serves every tree.
 */
#ifndef SINGLE_DEFECT_API_H
#define SINGLE_DEFECT_API_H

#include <stddef.h>

enum sd_api_entry {
	SD_API_COMPRESS_CCTX,	/* zstd_init_cctx + zstd_compress_cctx */
	SD_API_STREAM,		/* zstd_init_cstream, compress, flush, end */
	SD_API_INIT_DCTX,	/* zstd_init_dctx */
	SD_API_INIT_DSTREAM,	/* zstd_init_dstream */
};

/* The one thing the defect changes; its control leaves it as it should be. */
enum sd_api_defect {
	SD_API_PARAM,		/* cParam `param` set to `amount` */
	SD_API_WS_SHORT,	/* workspace: its bound - amount bytes */
	SD_API_WS_NULL,		/* workspace: NULL */
	SD_API_WS_SIZE,		/* workspace: amount bytes */
	SD_API_DST_SHORT,	/* destination: the least the control fits in, - amount */
	SD_API_DST_SIZE,	/* destination: amount bytes (the control: amount + 1) */
	SD_API_PLEDGE,		/* pledged size: the source's + amount */
	SD_API_OUT_POS,		/* on `call`, output pos = size + amount (control: pos = size) */
	SD_API_IN_POS,		/* on `call`, input pos = size + amount (control: pos = size) */
};

/* The stream call that carries an OUT_POS / IN_POS defect, made after compressing. */
enum sd_api_call { SD_API_CALL_COMPRESS, SD_API_CALL_FLUSH, SD_API_CALL_END };

/* The cParams, in zstd_compression_parameters' order. */
enum sd_api_param {
	SD_API_WINDOW_LOG, SD_API_CHAIN_LOG, SD_API_HASH_LOG, SD_API_SEARCH_LOG,
	SD_API_MIN_MATCH, SD_API_TARGET_LENGTH, SD_API_STRATEGY, SD_API_PARAMS
};

/* A check an API case proves: where it is (as in the decoder's manifest). */
struct sd_api_check {
	const char *file;	/* under lib/zstd/ */
	const char *function;
	const char *check;	/* its source text, on one line */
	int nth;		/* its occurrence in the function from 1; 0: the only one */
};

#define SD_API_CHECKS_MAX	8
/* The kernel's answer: an error code, or NULL from an init function. */
#define SD_API_NULL		(-1)
/* zstd_error_code values (zstd_errors.h, the same in every version the kernel has). */
#define SD_API_PARAMETER_OUT_OF_BOUND	42
#define SD_API_MEMORY_ALLOCATION	64
#define SD_API_DST_TOO_SMALL		70
#define SD_API_SRC_SIZE_WRONG		72

struct sd_api_case {
	const char *name;	/* api/<name>.txt */
	enum sd_api_entry entry;
	int level;
	int kind;		/* enum lib_sample_kind of the source */
	size_t src_len;
	size_t run;		/* its first run bytes made alike (a short match) */
	int checksum;
	enum sd_api_defect defect;
	long amount;
	int param;		/* enum sd_api_param, for SD_API_PARAM */
	enum sd_api_call call;	/* for SD_API_OUT_POS / SD_API_IN_POS */
	int error;		/* zstd_error_code of the defect's call, or SD_API_NULL */
	struct sd_api_check checks[SD_API_CHECKS_MAX];	/* ended by file NULL */
};

const struct sd_api_case *sd_api_cases(size_t *n);
/* The record of the case (defect 1) or of its control (0) into buf; its length. */
size_t sd_api_record(const struct sd_api_case *c, int defect, char *buf, size_t cap);
const char *sd_api_param_name(int param);
const char *sd_api_error_name(int error);

/*
 * Runs the case's call with its defect (1) or as its control (0) through
 * the kernel's wrapper; *error gets what it gave: 0 (success),
 * SD_API_NULL (an init function's NULL) or the zstd_error_code. A control
 * that succeeds also round-trips its frame through the reference. before,
 * unless NULL, is called once what the call needs is known (the least
 * capacity its control fits in is found by compressing it), just before
 * the call itself. NULL, or why the run could not be made or its
 * control's frame is wrong.
 */
const char *sd_api_run(const struct sd_api_case *c, int defect, int *error, void (*before)(void));

#endif

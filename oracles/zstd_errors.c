// SPDX-License-Identifier: GPL-2.0
/*
 * The two versions' error codes side by side: lib/zstd 1.4.10's
 * ZSTD_ErrorCode (include/linux/zstd_errors.h of the tree) and libzstd
 * 1.5.4's (zstd_errors.h). When both sides reject, the kernel's code must
 * be the one this table pairs with the reference's: a different reason is
 * a finding (oracle:error-mismatch) unless a known divergence acting at
 * that site explains it.
 */
#include <stddef.h>

#include "zstd_oracle.h"

struct zo_error_pair {
	int kernel;		/* 1.4.10 */
	int ref;		/* 1.5.4 */
	const char *name;	/* ZSTD_error_<name> in both */
};

/*
 * Every 1.4.10 code and the 1.5.4 code of the same meaning. 1.5.4's codes
 * without a 1.4.10 counterpart (literals_headerWrong 24,
 * parameter_combination_unsupported 41, stabilityCondition_notRespected 50,
 * noForwardProgress_destFull 80, noForwardProgress_inputEmpty 82,
 * sequenceProducer_failed 106, externalSequences_invalid 107) pair with
 * nothing: a reference rejecting with one of them never agrees by this table.
 */
static const struct zo_error_pair pairs[] = {
	{ 1, 1, "GENERIC" },
	{ 10, 10, "prefix_unknown" },
	{ 12, 12, "version_unsupported" },
	{ 14, 14, "frameParameter_unsupported" },
	{ 16, 16, "frameParameter_windowTooLarge" },
	{ 20, 20, "corruption_detected" },
	{ 22, 22, "checksum_wrong" },
	{ 30, 30, "dictionary_corrupted" },
	{ 32, 32, "dictionary_wrong" },
	{ 34, 34, "dictionaryCreation_failed" },
	{ 40, 40, "parameter_unsupported" },
	{ 42, 42, "parameter_outOfBound" },
	{ 44, 44, "tableLog_tooLarge" },
	{ 46, 46, "maxSymbolValue_tooLarge" },
	{ 48, 48, "maxSymbolValue_tooSmall" },
	{ 60, 60, "stage_wrong" },
	{ 62, 62, "init_missing" },
	{ 64, 64, "memory_allocation" },
	{ 66, 66, "workSpace_tooSmall" },
	{ 70, 70, "dstSize_tooSmall" },
	{ 72, 72, "srcSize_wrong" },
	{ 74, 74, "dstBuffer_null" },
	{ 100, 100, "frameIndex_tooLarge" },
	{ 102, 102, "seekableIO" },
	{ 104, 104, "dstBuffer_wrong" },
	{ 105, 105, "srcBuffer_wrong" },
};

static const struct zo_error_pair *pair_of(int kernel_code)
{
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (pairs[i].kernel == kernel_code)
			return &pairs[i];
	return NULL;
}

int zo_error_ref_code(int kernel_code)
{
	const struct zo_error_pair *p = pair_of(kernel_code);

	return p ? p->ref : -1;
}

const char *zo_error_code_name(int kernel_code)
{
	const struct zo_error_pair *p = pair_of(kernel_code);

	return p ? p->name : NULL;
}

int zo_errors_agree(const struct zo_result *k, const struct zo_result *r)
{
	if (!k->error_code || !r->error_code)
		return 1;	/* a side that gives no code (unzstd): nothing to compare */
	return zo_error_ref_code(k->error_code) == r->error_code;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's results and their plain comparison: what one side of a
 * differential call returned, and how two results compare before any site
 * or known divergence is looked at. Below the verdict, the report and the
 * site code, which all use it.
 */
#include <stdio.h>
#include <string.h>

#include "kz.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "zstd_oracle.h"

/* A library call's result; error_name is NULL when ret is no error. */
static void call_result(struct zo_result *r, const char *who, size_t ret,
			const char *error_name, const void *out, size_t out_len)
{
	/* Both libraries return an error as 0 - its code (ZSTD_getErrorCode). */
	r->error_code = error_name ? (int)(0 - ret) : 0;
	r->next = 0;
	r->who = who;
	r->ret = ret;
	r->is_error = error_name != NULL;
	r->error_name = error_name;
	r->out = out;
	r->out_len = r->is_error ? 0 : out_len;
}

void zo_kernel_result(struct zo_result *r, const char *who, size_t ret,
		      const void *out, size_t out_len)
{
	call_result(r, who, ret, kz_is_error(ret) ? kz_error_name(ret) : NULL, out, out_len);
}

void zo_ref_result(struct zo_result *r, const char *who, size_t ret,
		   const void *out, size_t out_len)
{
	call_result(r, who, ret, ref_is_error(ret) ? ref_error_name(ret) : NULL, out, out_len);
}

void zo_bytes_result(struct zo_result *r, const char *who, const void *out, size_t out_len)
{
	r->who = who;
	r->ret = out_len;
	r->is_error = 0;
	r->error_name = NULL;
	r->out = out;
	r->out_len = out_len;
	r->error_code = 0;
	r->next = 0;
}

/* The third side's result and the references line (oracles/zstd_refs.c judges). */
void zo_next_result(struct zo_result *r, const char *who, size_t ret,
		    const void *out, size_t out_len)
{
	r->who = who;
	r->ret = ret;
	r->is_error = refn_is_error(ret) != 0;
	r->error_name = r->is_error ? refn_error_name(ret) : NULL;
	r->error_code = r->is_error ? refn_error_code(ret) : 0;
	r->out = out;
	r->out_len = r->is_error ? 0 : out_len;
	r->next = 1;
}

/* Where the first reference comes from: the MSan builds compile it from source. */
#ifndef ZO_REF_ORIGIN
#define ZO_REF_ORIGIN "Debian"
#endif

const char *zo_references(void)
{
	static char text[512];
	unsigned int v = ref_version();

	if (!text[0])
		snprintf(text, sizeof(text), "libzstd %u.%u.%u (" ZO_REF_ORIGIN ")%s%s", v / 10000,
			 v / 100 % 100, v % 100, refn_available() ? ", " : " alone: ",
			 refn_describe());
	return text;
}

const char *zo_class_name(enum zo_class cls)
{
	switch (cls) {
	case ZO_AGREE:
		return "agree";
	case ZO_KNOWN:
		return "known-divergence";
	case ZO_MISMATCH:
		return "oracle:mismatch";
	case ZO_KERNEL_ACCEPTS:
		return "oracle:divergence-kernel-accepts";
	case ZO_KERNEL_REJECTS:
		return "oracle:divergence-kernel-rejects";
	case ZO_CONTRACT:
		return "oracle:contract";
	case ZO_SPEC_REFERENCE:
		return "oracle:spec-reference";
	case ZO_SPEC_ACCEPTS_INVALID:
		return "oracle:spec-accepts-invalid";
	case ZO_ERROR_MISMATCH:
		return "oracle:error-mismatch";
	}
	return "?";
}

enum zo_class zo_judge(const struct zo_result *k, const struct zo_result *r, size_t *diff)
{
	size_t n = k->out_len < r->out_len ? k->out_len : r->out_len, i = 0;

	*diff = 0;
	if (k->is_error && r->is_error)
		return zo_errors_agree(k, r) ? ZO_AGREE : ZO_ERROR_MISMATCH;
	if (r->is_error)
		return ZO_KERNEL_ACCEPTS;
	if (k->is_error)
		return ZO_KERNEL_REJECTS;
	/* memcmp first: the outputs are mostly equal and may be megabytes. */
	if (k->out && r->out && n && !memcmp(k->out, r->out, n))
		i = n;
	else if (k->out && r->out)
		while (i < n && k->out[i] == r->out[i])
			i++;
	*diff = i;
	return i == n && k->out_len == r->out_len ? ZO_AGREE : ZO_MISMATCH;
}

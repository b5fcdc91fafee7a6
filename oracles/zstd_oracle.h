/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The differential oracle of every zstd target: compares what the kernel
 * side and the reference side did with one input, decides the verdict,
 * applies the known divergences (oracles/known-divergences.txt) and, on
 * a finding, prints the marker line and the report, then aborts.
 */
#ifndef ZSTD_ORACLE_H
#define ZSTD_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What one side did: a size, or an error code (is_error), and the bytes it produced. */
struct zo_result {
	const char *who;		/* e.g. "kernel zstd_decompress_dctx" */
	size_t ret;
	int is_error;
	const char *error_name;
	const uint8_t *out;
	size_t out_len;
};

struct zo_case {
	const char *target;
	const uint8_t *input;		/* the whole fuzz input: hashed, reproduced */
	size_t input_len;
	const uint8_t *zdata;		/* the zstd data both sides read: for predicates */
	size_t zdata_len;
};

enum zo_class {
	ZO_AGREE,
	ZO_KNOWN,			/* a divergence a known entry explains */
	ZO_MISMATCH,
	ZO_KERNEL_ACCEPTS,
	ZO_KERNEL_REJECTS,
	ZO_CONTRACT,
};

/* A known divergence: the data file's entry and its predicate. */
struct zo_known {
	const char *id;
	const char *class_name;
	const char *targets;		/* comma-separated target names, or "*" */
	const char *citation;
	int (*matches)(const uint8_t *zdata, size_t len);
};

void zo_kernel_result(struct zo_result *r, const char *who, size_t ret,
		      const void *out, size_t out_len);
void zo_ref_result(struct zo_result *r, const char *who, size_t ret,
		   const void *out, size_t out_len);
/* A success that produced out (e.g. the original input of a compressor). */
void zo_bytes_result(struct zo_result *r, const char *who, const void *out, size_t out_len);

const char *zo_class_name(enum zo_class cls);
/* Both results alone: agree, mismatch or a divergence; *diff gets the first differing offset. */
enum zo_class zo_judge(const struct zo_result *k, const struct zo_result *r, size_t *diff);
/* The known entry explaining class cls in target on zdata, or NULL. */
const struct zo_known *zo_known_match(enum zo_class cls, const char *target,
				      const uint8_t *zdata, size_t len);
/* zo_judge, then known divergences; *known gets the matching entry. */
enum zo_class zo_verdict(const struct zo_case *c, const struct zo_result *k,
			 const struct zo_result *r, const struct zo_known **known);
/* Check one step: returns on agree or a known divergence, else reports and aborts. */
void zo_expect(const struct zo_case *c, const char *step, const struct zo_result *k,
	       const struct zo_result *r);
/* A broken promise of the API (wrong error, overrun, no progress...): report and abort. */
__attribute__((noreturn, format(printf, 2, 3)))
void zo_contract(const struct zo_case *c, const char *fmt, ...);
/* The marker line and the report; k and r may be NULL. */
void zo_report(FILE *f, const struct zo_case *c, enum zo_class cls, const char *detail,
	       const struct zo_result *k, const struct zo_result *r);

/* The entries, built from oracles/known-divergences.txt. */
const struct zo_known *zo_known_entries(size_t *count);

#endif

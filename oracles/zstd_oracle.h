/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The differential oracle of every zstd target: compares what the kernel
 * side and the reference side did with one input, decides the verdict,
 * applies the known divergences (the divergences of corpus/findings.txt) and, on
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
	int error_code;			/* its library's ZSTD_ErrorCode; 0: none or not known */
	int next;			/* zstd 1.5.7's (zo_next_result): its block map locates */
};

/*
 * A frame header as a result's bytes (the frame_header target's, both
 * libraries' fields in one layout, so that a report's hex dump shows the
 * field): ret is the call's return, the rest 0 unless it is 0.
 */
struct zo_header_fields {
	uint64_t ret;
	uint64_t frame_content_size;
	uint64_t window_size;
	uint64_t block_size_max;
	uint64_t frame_type;		/* 1: skippable */
	uint64_t header_size;
	uint64_t dict_id;
	uint64_t checksum_flag;
};

/* The output capacity the oracle's own decodings use when a case names none. */
#define ZO_OUT_CAP	((size_t)1 << 20)

struct zo_case {
	const char *target;
	const uint8_t *input;		/* the whole fuzz input: hashed, reproduced */
	size_t input_len;
	const uint8_t *zdata;		/* the zstd data both sides decoded (NULL: none) */
	size_t zdata_len;
	size_t out_cap;			/* the output capacity both sides had, if given */
	int out_cap_given;		/* else ZO_OUT_CAP (a capacity may be 0) */
	unsigned int frames;		/* how many frames both sides decoded; 0: all */
	int header_only;		/* zdata was read for one frame header, not decoded */
	const uint8_t *dict;		/* the dictionary both sides decoded with; NULL: none */
	size_t dict_len;
	/*
	 * The output is bigger than the largest capacity the target gives: a
	 * passing verdict is "unjudged: over the output cap" (zo_note_over_cap),
	 * never agreement.
	 */
	int over_cap;
	/* A compressor's parameters by name ("level=3 windowLog=18 ..."); NULL: none. */
	const char *params;
	/* The references decoded zdata streamed, with this window limit; 0: one-shot. */
	size_t stream_window;
};

/* The output capacity both sides had: the case's, else ZO_OUT_CAP. */
static inline size_t zo_case_cap(const struct zo_case *c)
{
	return c->out_cap_given ? c->out_cap : ZO_OUT_CAP;
}

enum zo_class {
	ZO_AGREE,
	ZO_KNOWN,			/* a divergence a known entry explains */
	ZO_MISMATCH,
	ZO_KERNEL_ACCEPTS,
	ZO_KERNEL_REJECTS,
	ZO_CONTRACT,
	ZO_ERROR_MISMATCH,		/* both reject, for reasons the code table does not pair */
	/* Against a frame built by construction (the spec_frames target): */
	ZO_SPEC_REFERENCE,		/* a reference does not decode a valid frame to its content */
	ZO_SPEC_ACCEPTS_INVALID,	/* every side accepts a frame built invalid */
};

struct zo_site;

/* A known divergence: the data file's entry and its predicate. */
struct zo_known {
	const char *id;
	const char *class_name;
	const char *targets;		/* comma-separated target names, or "*" */
	const char *acts_on;		/* frame-header, block-header, block, literals, sequences */
	const char *citation;
	int (*matches)(const struct zo_site *s);
};

/*
 * Where a verdict located a difference: the unit of input the failing side
 * failed on (its own block map's), or the block whose output holds the
 * first differing byte (the same block in both maps), with both maps.
 */
struct zo_site {
	const struct zo_case *c;
	const struct zo_result *k, *r;
	int located;
	int before_failure;		/* the outputs differ before the failing unit: new */
	int ref_first;			/* error-mismatch: the reference failed first, here */
	int same_unit;			/* error-mismatch: both failed on this unit */
	unsigned int frame, block;
	int part;			/* enum bm_part */
	size_t in_off;			/* the unit's input offset in zdata */
	size_t error;			/* the failing side's error code there (its map's) */
	size_t diff;			/* mismatch: the first differing output offset */
	size_t k_out[2], r_out[2];	/* the output range of the unit's block on each side */
	const struct block_map *km, *rm;	/* NULL for header-only cases */
	const uint8_t *km_out, *rm_out;	/* what the maps decoded */
};

/* What a verdict says: the class, the site, the known entry that explains it. */
struct zo_verdict {
	enum zo_class cls;
	const struct zo_known *known;
	struct zo_site site;
	const struct zo_case *c;	/* the case, or the part of it the site is in */
	int by_next;			/* judged against zstd 1.5.7 (zo_verdict3) */
	int refs_differ;		/* 1.5.4 and 1.5.7 gave different results */
};

void zo_kernel_result(struct zo_result *r, const char *who, size_t ret,
		      const void *out, size_t out_len);
void zo_ref_result(struct zo_result *r, const char *who, size_t ret,
		   const void *out, size_t out_len);
/* A success that produced out (e.g. the original input of a compressor). */
void zo_bytes_result(struct zo_result *r, const char *who, const void *out, size_t out_len);

const char *zo_class_name(enum zo_class cls);
/* The 1.5.4 code paired with a 1.4.10 code (oracles/zstd_errors.c); -1: none. */
int zo_error_ref_code(int kernel_code);
/* The code's ZSTD_error_ name without the prefix; NULL when 1.4.10 has no such code. */
const char *zo_error_code_name(int kernel_code);
/* Both results fail for paired reasons, or a side gives no code. */
int zo_errors_agree(const struct zo_result *k, const struct zo_result *r);
/*
 * Both results alone: agree, mismatch, a divergence, or both failing for
 * different reasons; *diff gets the first differing offset.
 */
enum zo_class zo_judge(const struct zo_result *k, const struct zo_result *r, size_t *diff);
/* The known entry explaining class cls at a located site, or NULL. */
const struct zo_known *zo_known_match(enum zo_class cls, const struct zo_site *s);
/*
 * zo_judge, then the site of the difference, then the known divergences at
 * that site; an explained frame is followed by a verdict on the frames after
 * it. Fills v; returns its class.
 */
enum zo_class zo_verdict(const struct zo_case *c, const struct zo_result *k,
			 const struct zo_result *r, struct zo_verdict *v);
/*
 * The oracle's own output buffers, each kept across inputs and grown on
 * demand (at least ZO_OUT_CAP): a fresh allocation of up to 16 MiB per
 * input costs its page faults and ASan's shadow of it on malloc and free.
 * The two maps of zo_locate, zo_kernel_frame's decoding, the error pairs'
 * decodings with more room. NULL when memory runs out.
 */
enum zo_scratch { ZO_SCRATCH_KMAP, ZO_SCRATCH_RMAP, ZO_SCRATCH_FRAME, ZO_SCRATCH_PAIR,
		  ZO_SCRATCHES };
uint8_t *zo_scratch(enum zo_scratch which, size_t cap);
/*
 * Where the kernel's decoding of the site's frame lies: its input end and
 * output range. From the kernel's map when it decoded the frame to its end;
 * else (its block-at-a-time decoder refuses what its one-shot one accepts)
 * the kernel decodes the frame alone, which must give the bytes the judged
 * call gave there. 0 when neither works.
 */
int zo_kernel_frame(const struct zo_site *s, size_t *in_end, size_t *out_off, size_t *out_end);
/*
 * Both one-shot calls refused an output too big for the capacity: each side
 * decodes again, block at a time into kdst and rdst (the capacity each), the
 * blocks that fit. Fills k and r with the first n bytes of both, n the
 * shorter; 0 when no decoder could be made.
 */
int zo_fitting_blocks(const struct zo_case *c, uint8_t *kdst, uint8_t *rdst,
		      struct zo_result *k, struct zo_result *r);
/* Locates the difference cls between k and r in c's data (oracles/zstd_site.c). */
void zo_locate(const struct zo_case *c, enum zo_class cls, const struct zo_result *k,
	       const struct zo_result *r, size_t diff, struct zo_site *s);
/* Check one step: returns on agree or a known divergence, else reports and aborts. */
void zo_expect(const struct zo_case *c, const char *step, const struct zo_result *k,
	       const struct zo_result *r);
/* "kzfuzz: known divergence ..." once per entry and process. */
void zo_note_known(const struct zo_verdict *v);
/*
 * A case over the output cap that passed (oracles/zstd_over_cap.c): counts
 * it, and names it in one line per step and process. zo_expect and
 * zo_expect3 call it.
 */
void zo_note_over_cap(const struct zo_case *c, const char *step);
unsigned long zo_over_cap_count(void);
/*
 * A streamed frame over the stream's max_window that the kernel refused
 * for that reason (oracles/zstd_window_refused.c): counted, named once.
 */
void zo_note_window_refused(const struct zo_case *c, unsigned long long window,
			    size_t max_window);
unsigned long zo_window_refused_count(void);

/*
 * The third side, upstream zstd 1.5.7 (oracles/zstd_refs.c, whose comment
 * states the rules): its result, the references that judge ("libzstd 1.5.4
 * (Debian), zstd 1.5.7 (npm zstd-napi@0.0.13)" or "... alone: why"), how
 * many reference-side facts this process met, whether two references'
 * results are the same.
 */
void zo_next_result(struct zo_result *r, const char *who, size_t ret,
		    const void *out, size_t out_len);
const char *zo_references(void);
unsigned long zo_reference_facts(void);
/*
 * An unexplained error mismatch that is an error pair (oracles/zstd_error_pairs.c):
 * both sides failed the same block, the same bytes before it, for reasons of
 * a corrupt block, a dstSize_tooSmall side failing it again with more room.
 */
int zo_is_error_pair(const struct zo_verdict *v);
/* Counts one, and names the first of each pair of codes per process. */
void zo_note_error_pair(const struct zo_verdict *v, const char *step);
unsigned long zo_error_pair_count(void);
int zo_refs_agree(const struct zo_result *r, const struct zo_result *n);
/* The verdict on kernel k, 1.5.4 r and 1.5.7 n (NULL: none, zo_verdict's). */
enum zo_class zo_verdict3(const struct zo_case *c, const struct zo_result *k,
			  const struct zo_result *r, const struct zo_result *n,
			  struct zo_verdict *v);
/* zo_expect on three sides: prints a reference-side fact, never aborts for one. */
void zo_expect3(const struct zo_case *c, const char *step, const struct zo_result *k,
		const struct zo_result *r, const struct zo_result *n);
/* A broken promise of the API (wrong error, overrun, no progress...): report and abort. */
__attribute__((noreturn, format(printf, 2, 3)))
void zo_contract(const struct zo_case *c, const char *fmt, ...);
/*
 * MemorySanitizer builds: every byte of each side's successful output must
 * have been written (oracles/zstd_uninit.c). The kernel's unwritten bytes
 * abort as oracle:uninit-output; a reference's are a counted fact. zo_expect
 * and zo_expect3 call it first; n may be NULL. A no-op in other builds.
 */
void zo_uninit_check(const struct zo_case *c, const char *step, const struct zo_result *k,
		     const struct zo_result *r, const struct zo_result *n);
unsigned long zo_uninit_facts(void);
/* The marker line and the report; k, r and site may be NULL. */
void zo_report(FILE *f, const struct zo_case *c, enum zo_class cls, const char *detail,
	       const struct zo_result *k, const struct zo_result *r,
	       const struct zo_site *site);
/* "frame F block B (part), output [a,b) kernel, [c,d) reference", or why not located. */
void zo_site_text(const struct zo_site *s, char *buf, size_t size);

/* The entries, every divergence of the findings registry (findings_table.h). */
const struct zo_known *zo_known_entries(size_t *count);
struct findings_entry;
/*
 * The divergences among count registry entries, each with its predicate: a
 * table as long as they are (calloc'd), its length in *n; NULL without memory.
 */
struct zo_known *zo_known_build(const struct findings_entry *e, size_t count, size_t *n);

#endif

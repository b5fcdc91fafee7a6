// SPDX-License-Identifier: GPL-2.0
/*
 * The differential oracle: its verdicts, its report, its hash, and each
 * known divergence: the predicate matches its reproducer (which really
 * shows that divergence between the two libraries) and not a near miss.
 * Runs from the top of the repo (reads corpus/divergences/<id>/<id>.zst).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/zstd.h>

#include "block_map.h"
#include "findings_table.h"
#include "kz.h"
#include "oracle_ways.h"
#include "ref_zstd.h"
#include "sha256.h"
#include "zstd_divergences.h"
#include "zstd_frames.h"
#include "zstd_fuzz.h"
#include "zstd_oracle.h"

#define OUT_CAP	(1 << 20)
#define ERR_CORRUPT	((size_t)-20)
#define ERR_DST_SMALL	((size_t)-70)

static void sha256_known_answers(void **state)
{
	char hex[65];

	(void)state;
	sha256_hex("", 0, hex);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	sha256_hex("abc", 3, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	/* 56 bytes: the padding needs a second block. */
	sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
	assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

static void judge_classes(void **state)
{
	static const uint8_t a[] = "hello world", b[] = "hello_world";
	struct zo_result k, r;
	size_t diff;

	(void)state;
	zo_bytes_result(&k, "k", a, 11);
	zo_bytes_result(&r, "r", a, 11);
	assert_int_equal(zo_judge(&k, &r, &diff), ZO_AGREE);
	zo_bytes_result(&r, "r", b, 11);
	assert_int_equal(zo_judge(&k, &r, &diff), ZO_MISMATCH);
	assert_int_equal(diff, 5);
	/* Same prefix, other length: differs where the shorter one ends. */
	zo_bytes_result(&r, "r", a, 5);
	assert_int_equal(zo_judge(&k, &r, &diff), ZO_MISMATCH);
	assert_int_equal(diff, 5);
	zo_kernel_result(&k, "k", ERR_CORRUPT, NULL, 0);
	assert_true(k.is_error);
	assert_non_null(k.error_name);
	assert_int_equal(zo_judge(&k, &r, &diff), ZO_KERNEL_REJECTS);
	zo_ref_result(&r, "r", ERR_CORRUPT, NULL, 0);
	assert_int_equal(zo_judge(&k, &r, &diff), ZO_AGREE);
	/* Both reject for other reasons; a side without a code (unzstd) is not compared. */
	zo_ref_result(&r, "r", (size_t)-72, NULL, 0);
	assert_int_equal(zo_judge(&k, &r, &diff), ZO_ERROR_MISMATCH);
	k.error_code = 0;
	assert_int_equal(zo_judge(&k, &r, &diff), ZO_AGREE);
	zo_ref_result(&r, "r", ERR_CORRUPT, NULL, 0);
	zo_bytes_result(&k, "k", a, 11);
	assert_int_equal(zo_judge(&k, &r, &diff), ZO_KERNEL_ACCEPTS);
	assert_string_equal(zo_class_name(ZO_ERROR_MISMATCH), "oracle:error-mismatch");
	assert_string_equal(zo_class_name(ZO_KERNEL_ACCEPTS), "oracle:divergence-kernel-accepts");
	assert_string_equal(zo_class_name(ZO_KERNEL_REJECTS), "oracle:divergence-kernel-rejects");
	assert_string_equal(zo_class_name(ZO_MISMATCH), "oracle:mismatch");
	assert_string_equal(zo_class_name(ZO_CONTRACT), "oracle:contract");
}

static char *report_of(const struct zo_case *c, enum zo_class cls, const struct zo_result *k,
		       const struct zo_result *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	zo_report(f, c, cls, "a detail", k, r, NULL);
	fclose(f);
	return text;
}

static void report_format(void **state)
{
	uint8_t kout[40], rout[40];
	struct zo_case c = { .target = "decompress_oneshot", .input = (const uint8_t *)"abc",
			     .input_len = 3 };
	struct zo_result k, r;
	char *text;

	(void)state;
	memset(kout, 0x11, sizeof(kout));
	memcpy(rout, kout, sizeof(rout));
	rout[33] = 0x99;
	zo_bytes_result(&k, "zstd_decompress_dctx", kout, sizeof(kout));
	zo_bytes_result(&r, "ZSTD_decompressDCtx", rout, sizeof(rout));
	unsetenv("KZFUZZ_INPUT");
	text = report_of(&c, ZO_MISMATCH, &k, &r);
	/* The marker is the first line, exactly once. */
	assert_memory_equal(text, "==KZFUZZ== oracle:mismatch decompress_oneshot: a detail\n", 56);
	assert_null(strstr(text + 1, "==KZFUZZ=="));
	assert_non_null(strstr(text, "first difference at offset 33"));
	assert_non_null(strstr(text, "00000020: 11[11]"));
	assert_non_null(strstr(text, "00000020: 11[99]"));
	assert_non_null(strstr(text, "zstd_decompress_dctx: ok, 40 bytes"));
	assert_non_null(strstr(text, "3 bytes, sha256 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
	assert_non_null(strstr(text, "make repro INPUT=<the input file> TARGET=decompress_oneshot"));
	free(text);
	/* Errors carry their names; the replayer's path goes into the command. */
	zo_kernel_result(&k, "zstd_decompress_dctx", ERR_CORRUPT, NULL, 0);
	setenv("KZFUZZ_INPUT", "corpus/x.zst", 1);
	text = report_of(&c, ZO_KERNEL_REJECTS, &k, &r);
	assert_non_null(strstr(text, "zstd_decompress_dctx: error Corrupted block detected (code 20)"));
	assert_non_null(strstr(text, "make repro INPUT=corpus/x.zst TARGET=decompress_oneshot"));
	assert_null(strstr(text, "first difference"));
	free(text);
	text = report_of(&c, ZO_CONTRACT, NULL, NULL);
	assert_memory_equal(text, "==KZFUZZ== oracle:contract decompress_oneshot: a detail\n", 55);
	free(text);
	unsetenv("KZFUZZ_INPUT");
}

static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = malloc(OUT_CAP);

	assert_non_null(f);
	assert_non_null(buf);
	*len = fread(buf, 1, OUT_CAP, f);
	fclose(f);
	return buf;
}

/* A divergence's reproducer, corpus/divergences/<id>/<id>.zst. */
static uint8_t *read_divergence(const char *id, size_t *len)
{
	char path[256];

	snprintf(path, sizeof(path), "corpus/divergences/%s/%s.zst", id, id);
	return read_file(path, len);
}

/* The class of the first way in which the two libraries disagree on z. */
static enum zo_class divergence_of(const uint8_t *z, size_t len)
{
	struct way_run *run = way_first_divergence(z, len);
	enum zo_class cls = ZO_AGREE;
	size_t diff;

	if (run)
		cls = zo_judge(&run->k, &run->r, &diff);
	/*
	 * The near misses are about verdicts; where both sides fail, a way of
	 * this file may still give other reasons (the kernel streamed says
	 * memory_allocation on csize-over-block-max with content size 4).
	 */
	if (cls == ZO_ERROR_MISMATCH)
		cls = ZO_AGREE;
	free(run);
	return cls;
}

/* The known entry the oracle names for the first divergence of z, or NULL. */
static const struct zo_known *known_of(const uint8_t *z, size_t len)
{
	struct way_run *run = way_first_divergence(z, len);
	struct zo_verdict v = { 0 };

	if (run)
		way_verdict(run, &v);
	free(run);
	return v.cls == ZO_KNOWN ? v.known : NULL;
}

/*
 * Every 1.4.10 code the kernel can name is paired, with a code the
 * reference names too; 1.5.4's codes of its own pair with nothing.
 */
static void error_codes_paired(void **state)
{
	static const int ref_only[] = { 24, 41, 50, 80, 82, 106, 107 };
	const char *unknown = kz_error_name((size_t)-119);

	(void)state;
	for (int code = 1; code < 120; code++) {
		int paired = zo_error_ref_code(code);

		if (!strcmp(kz_error_name((size_t)-code), unknown)) {
			assert_int_equal(paired, -1);
			continue;
		}
		print_message("kernel code %d (%s): reference %d\n", code, zo_error_code_name(code), paired);
		assert_true(paired > 0);
		assert_non_null(zo_error_code_name(code));
		assert_string_not_equal(ref_error_name((size_t)-paired), ref_error_name((size_t)-119));
	}
	for (size_t i = 0; i < sizeof(ref_only) / sizeof(ref_only[0]); i++) {
		assert_int_equal(zo_error_ref_code(ref_only[i]), -1);
		assert_string_not_equal(ref_error_name((size_t)-ref_only[i]), ref_error_name((size_t)-119));
	}
}

static void known_entries_have_predicates(void **state)
{
	size_t n;
	const struct zo_known *t = zo_known_entries(&n);

	(void)state;
	assert_true(n > 0);
	for (size_t i = 0; i < n; i++) {
		assert_non_null(t[i].matches);
		assert_true(!strncmp(t[i].class_name, "oracle:", 7));
		assert_true(strlen(t[i].acts_on) > 4);
		assert_true(strlen(t[i].citation) > 20);
	}
	assert_null(zo_predicate("no-such-divergence"));
}

/* The oracle's table takes every divergence of a registry, however many: none dropped. */
static void known_table_takes_all(void **state)
{
	enum { N = 80 };
	static struct findings_entry e[N];
	static char ids[N][16];
	struct zo_known *t;
	size_t n, want = 0;
	const struct zo_known *reg;

	(void)state;
	for (size_t i = 0; i < N; i++) {
		snprintf(ids[i], sizeof(ids[i]), "d%zu", i);
		e[i] = (struct findings_entry){ i % 5 ? "divergence" : "finding", ids[i], "*",
						"oracle:error-mismatch", "block", "a source" };
	}
	e[N - 1].id = "offset-zero";	/* the last one, a real predicate */
	t = zo_known_build(e, N, &n);
	assert_non_null(t);
	assert_int_equal(n, N - N / 5);
	assert_string_equal(t[0].id, "d1");
	assert_string_equal(t[n - 1].id, "offset-zero");
	assert_non_null(t[n - 1].matches);
	assert_null(t[n - 2].matches);
	free(t);
	for (size_t i = 0; i < findings_table_count; i++)
		want += findings_table[i].kind && !strcmp(findings_table[i].kind, "divergence");
	reg = zo_known_entries(&n);
	assert_int_equal(n, want);
	assert_ptr_equal(zo_known_entries(&n), reg);
}

/* Each reproducer shows its divergence between the libraries, and the oracle places and knows it. */
static void reproducers_match_and_diverge(void **state)
{
	size_t n;
	const struct zo_known *t = zo_known_entries(&n);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		char path[256];
		size_t len, diff;
		uint8_t *z;
		struct way_run *run;
		struct zo_verdict v;

		snprintf(path, sizeof(path), "corpus/divergences/%s/%s.zst", t[i].id, t[i].id);
		z = read_file(path, &len);
		print_message("%s: %zu bytes\n", path, len);
		/* Other ways may fail both sides for other reasons (error-mismatch). */
		run = way_first_class(z, len, &t[i]);
		assert_non_null(run);
		assert_string_equal(zo_class_name(zo_judge(&run->k, &run->r, &diff)), t[i].class_name);
		assert_int_equal(way_verdict(run, &v), ZO_KNOWN);
		assert_true(v.site.located);
		assert_string_equal(v.known->id, t[i].id);
		/* Outside its targets the same shape explains nothing. */
		run->c.target = "no_such_target";
		assert_int_not_equal(way_verdict(run, &v), ZO_KNOWN);
		free(run);
		free(z);
	}
}

/* The oracle's verdict on z the way w: the known entry id, placed at that block. */
static void assert_known_at(enum way w, const uint8_t *z, size_t len, const char *id,
			    unsigned int block)
{
	struct way_run *run = way_run(w, z, len);
	struct zo_verdict v;

	assert_int_equal(way_verdict(run, &v), ZO_KNOWN);
	assert_string_equal(v.known->id, id);
	assert_int_equal(v.site.block, block);
	free(run);
}

static int matches(const char *id, const uint8_t *z, size_t len)
{
	const struct zo_known *known = known_of(z, len);

	assert_non_null(zo_predicate(id));
	return known && !strcmp(known->id, id);
}

/* Valid 4-stream Huffman frame: the predicate stays quiet; one flipped end bit wakes it. */
static void huf4_near_miss(void **state)
{
	static uint8_t text[4096], frame[8192];
	size_t flen, len;
	uint8_t *repro = read_divergence("huf4-stream-end-unchecked", &len);

	(void)state;
	for (size_t i = 0; i < sizeof(text); i++)
		text[i] = (uint8_t)("etaoin shrdlu"[(i * 7 + i / 13) % 13]);
	flen = ref_compress(frame, sizeof(frame), text, sizeof(text), 1, 0, 1);
	assert_false(ref_is_error(flen));
	assert_false(matches("huf4-stream-end-unchecked", frame, flen));
	assert_int_equal(divergence_of(frame, flen), ZO_AGREE);
	/* The reproducer decoded by the reference and compressed again: valid, no match. */
	flen = ref_decompress(text, sizeof(text), repro, len);
	assert_false(ref_is_error(flen));
	flen = ref_compress(frame, sizeof(frame), text, flen, 1, 0, 1);
	assert_false(matches("huf4-stream-end-unchecked", frame, flen));
	assert_true(matches("huf4-stream-end-unchecked", repro, len));
	free(repro);
}

static void legacy_near_miss(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("legacy-frame", &len);

	(void)state;
	assert_true(matches("legacy-frame", z, len));
	z[0] = 0x28;	/* the v1 magic */
	assert_false(matches("legacy-frame", z, len));
	z[0] = 0x29;	/* past v0.7 */
	assert_false(matches("legacy-frame", z, len));
	free(z);
}

static void short_magic_near_miss(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("short-input-bad-magic", &len);

	(void)state;
	assert_true(matches("short-input-bad-magic", z, len));
	/* The tail begins a zstd magic, or a skippable one: 1.5.4 also waits. */
	z[len - 2] = 0x28;
	z[len - 1] = 0xb5;
	assert_false(matches("short-input-bad-magic", z, len));
	z[len - 2] = 0x5f;
	z[len - 1] = 0x2a;
	assert_false(matches("short-input-bad-magic", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	/* Five bytes or more of junk: both say what it is. */
	assert_false(matches("short-input-bad-magic", (const uint8_t *)"abcde", 5));
	free(z);
}

/* One byte away from each reproducer: the shape is gone, so is the match. */
static void empty_block_and_window_near_misses(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("empty-compressed-block", &len);

	(void)state;
	assert_true(matches("empty-compressed-block", z, len));
	z[len - 1] = 1;		/* one sequence announced: not the empty block */
	assert_false(matches("empty-compressed-block", z, len));
	free(z);
	z = read_divergence("block-over-window", &len);
	assert_true(matches("block-over-window", z, len));
	z[5] = 0x18;		/* an 8 KB window: the block fits */
	assert_false(matches("block-over-window", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	free(z);
}

/* The window and the block size decide these two: one byte of the header away, both agree. */
static void prefetch_and_block_max_near_misses(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("prefetch-seq-end-unchecked", &len);

	(void)state;
	assert_true(matches("prefetch-seq-end-unchecked", z, len));
	z[5] = 0x70;		/* a 16 MB window: 1.4.10 takes its checking decoder too */
	assert_false(matches("prefetch-seq-end-unchecked", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	free(z);
	z = read_divergence("csize-over-block-max", &len);
	assert_true(matches("csize-over-block-max", z, len));
	assert_false(matches("block-over-window", z, len));
	z[5] = 4;		/* content size 4: the 4-byte block fits, 2 bytes decoded are wrong */
	assert_false(matches("csize-over-block-max", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	free(z);
}

/* The reproducer's Number_of_Sequences: after 6 + 3 header bytes and 2 + 48 of literals. */
#define OVERFLOW_REPRO_NBSEQ	59

/*
 * Both one-shot decoders decode z to the same bytes. Only one-shot: the
 * streamed kernel way of divergence_of() has an 8 MB workspace, too small
 * for these 16 and 32 MB windows (decompress_stream accepts that failure).
 */
static void oneshot_agree(const uint8_t *z, size_t len)
{
	static uint8_t kout[OUT_CAP], rout[OUT_CAP];
	size_t kret = kz_decompress(kout, OUT_CAP, z, len);
	size_t rret = ref_decompress(rout, OUT_CAP, z, len);

	assert_false(zstd_is_error(kret));
	assert_false(ref_is_error(rret));
	assert_int_equal(kret, rret);
	assert_memory_equal(kout, rout, kret);
}

/* The sequence count and the window decide it: as compressed, or in a 16 MB window, both agree. */
static void seq_overflow_near_misses(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("seq-stream-overflow-unchecked", &len);

	(void)state;
	assert_true(matches("seq-stream-overflow-unchecked", z, len));
	assert_false(matches("prefetch-seq-end-unchecked", z, len));
	assert_int_equal(z[OVERFLOW_REPRO_NBSEQ], 10);
	z[OVERFLOW_REPRO_NBSEQ] = 9;	/* the count the compressor wrote: valid */
	assert_false(matches("seq-stream-overflow-unchecked", z, len));
	oneshot_agree(z, len);
	z[OVERFLOW_REPRO_NBSEQ] = 10;
	z[5] = 0x70;		/* a 16 MB window: 1.4.10 takes its short decoder too */
	assert_false(matches("seq-stream-overflow-unchecked", z, len));
	oneshot_agree(z, len);
	free(z);
}

/* Offsets in the spec-emit reproducers (corpus/divergences/, made from corpus/regression/spec_frames/). */
#define RESERVED_REPRO_MODES	22	/* the Symbol_Compression_Modes byte, 0x29 */
#define OFFSET0_REPRO_LL_RLE	24	/* the Literals_Lengths RLE code, 0: both sequences LL 0 */
#define HUFCUT_REPRO_WEIGHTS_END	17	/* the weights stream's one byte, 0x20: 5 bits, one state */

/* Upstream's own examples (doc/decompressor_permissive.md), not made here. */
static const uint8_t upstream_offset0[] = {
	0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x00, 0x45, 0x00, 0x00, 0x08, 0x00, 0x02, 0x00, 0x2f, 0x43,
	0x0b, 0xae };
static const uint8_t upstream_huf_cut[] = {
	0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x00, 0x55, 0x00, 0x00, 0x72, 0x80, 0x01, 0x04, 0x20, 0x7e,
	0x1f, 0x02, 0xaa, 0x00 };

/* Whether none of the 1.5.7-only sequences and tree entries but keep names z. */
static int only_entry(const char *keep, const uint8_t *z, size_t len)
{
	static const char *const ids[] = { "seq-stream-end-bits", "seq-modes-reserved-bits",
					   "offset-zero", "huf-weights-state-cut" };
	int hit = 0;

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		hit += matches(ids[i], z, len) ? (strcmp(ids[i], keep) ? 2 : 1) : 0;
	return hit == 1;
}

/*
 * The four checks only 1.5.7 has, each placed by what it decodes: every
 * reproducer (and upstream's examples) names its own entry and no other;
 * one field back to the valid value, no entry names it.
 */
static void permissive_near_misses(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("seq-modes-reserved-bits", &len);

	(void)state;
	assert_true(only_entry("seq-modes-reserved-bits", z, len));
	assert_int_equal(z[RESERVED_REPRO_MODES], 0x29);
	z[RESERVED_REPRO_MODES] &= 0xFC;	/* reserved bits clear: a valid frame */
	assert_false(matches("seq-modes-reserved-bits", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	free(z);
	z = read_divergence("offset-zero", &len);
	assert_true(only_entry("offset-zero", z, len));
	assert_int_equal(z[OFFSET0_REPRO_LL_RLE], 0);
	z[OFFSET0_REPRO_LL_RLE] = 1;		/* Literals_Length 1: Offset_Value 3 is Repeated_Offset3 */
	assert_false(matches("offset-zero", z, len));
	free(z);
	z = read_divergence("huf-weights-state-cut", &len);
	assert_true(only_entry("huf-weights-state-cut", z, len));
	assert_int_equal(z[HUFCUT_REPRO_WEIGHTS_END], 0x20);
	z[HUFCUT_REPRO_WEIGHTS_END] = 0;	/* no end mark: corrupt another way */
	assert_false(matches("huf-weights-state-cut", z, len));
	free(z);
	z = read_divergence("seq-stream-end-bits", &len);
	assert_true(only_entry("seq-stream-end-bits", z, len));
	free(z);
	assert_true(only_entry("offset-zero", upstream_offset0, sizeof(upstream_offset0)));
	assert_true(only_entry("huf-weights-state-cut", upstream_huf_cut, sizeof(upstream_huf_cut)));
}

/* The entry is in this tree's table (its zstd version). */
static int entry_here(const char *id)
{
	size_t n;
	const struct zo_known *t = zo_known_entries(&n);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].id, id))
			return 1;
	return 0;
}

/*
 * offset-over-window's reproducer: a 1 KiB window, two raw blocks
 * of 1 KiB, then a compressed block of 4 raw literals and one sequence (its
 * codes in RLE mode) of a 1020-byte match at offset 2050. The offset's code
 * byte and the bitstream's last two bytes of offset 1000 (within the
 * window: valid) instead.
 */
#define FAR_REPRO_WINDOW	5
#define FAR_REPRO_OF_CODE	2071
static const uint8_t far_1000[3] = { 0x09, 0xd7, 0x07 }, far_2050[3] = { 0x0b, 0x0b, 0x10 };

static void set_far_offset(uint8_t *z, const uint8_t *v)
{
	z[FAR_REPRO_OF_CODE] = v[0];
	z[FAR_REPRO_OF_CODE + 3] = v[1];
	z[FAR_REPRO_OF_CODE + 4] = v[2];
}

/* Only an offset over the window names it: one within it, or a window of 4 KiB, is valid. */
static void offset_over_window_near_misses(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("offset-over-window", &len);

	(void)state;
	assert_int_equal(len, FAR_REPRO_OF_CODE + 5);
	assert_int_equal(z[FAR_REPRO_OF_CODE], far_2050[0]);
	assert_int_equal(z[len - 2], far_2050[1]);
	assert_int_equal(z[len - 1], far_2050[2]);
	if (!entry_here("offset-over-window")) {	/* 1.5.2's ring buffer keeps the bytes */
		assert_int_equal(divergence_of(z, len), ZO_AGREE);
		free(z);
		return;
	}
	assert_true(matches("offset-over-window", z, len));
	set_far_offset(z, far_1000);	/* within the window: valid, every side decodes it alike */
	assert_false(matches("offset-over-window", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	set_far_offset(z, far_2050);
	assert_int_equal(z[FAR_REPRO_WINDOW], 0);
	z[FAR_REPRO_WINDOW] = 0x10;	/* a 4 KiB window: valid, every side decodes it alike */
	assert_false(matches("offset-over-window", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	free(z);
}

/*
 * The oracle's verdict on the reproducer of id decoded one-shot as target,
 * both sides' results replaced by kret and rret (the blocks and the maps
 * stay the reproducer's); *known: the entry that explains it, or NULL.
 */
static enum zo_class planted_pair(const char *id, const char *target, size_t kret, size_t rret,
				  const struct zo_known **known)
{
	size_t len;
	uint8_t *z = read_divergence(id, &len);
	struct way_run *run;
	struct zo_verdict v = { 0 };

	run = way_run(WAY_ONESHOT, z, len);
	run->c.target = target;
	zo_kernel_result(&run->k, run->k.who, kret, NULL, 0);
	zo_ref_result(&run->r, run->r.who, rret, NULL, 0);
	way_verdict(run, &v);
	*known = v.cls == ZO_KNOWN ? v.known : NULL;
	free(run);
	free(z);
	return v.cls;
}

/*
 * block-over-max-reason takes each pair of reasons only on the kind of
 * block its cause has: kernel corruption_detected and reference
 * dstSize_tooSmall on a compressed block (its reproducer). The same block
 * with the pair the other way round is no cause of it: a compressed block
 * whose literals are over the maximum and the room is literals-over-max-
 * reason's (1.5.2 only), and where that entry does not act (not its target,
 * or not its zstd version) the difference stays new.
 */
static void block_over_max_near_misses(void **state)
{
	const char *bom = "block-over-max-reason", *lom = "literals-over-max-reason";
	const struct zo_known *known;

	(void)state;
	assert_int_equal(planted_pair(bom, "decompress_oneshot", ERR_CORRUPT, ERR_DST_SMALL, &known),
			 ZO_KNOWN);
	assert_string_equal(known->id, bom);
	/* The pair the other way round: no cause of this entry gives it on a compressed block. */
	assert_int_equal(planted_pair(bom, "decompress_oneshot", ERR_DST_SMALL, ERR_CORRUPT, &known),
			 ZO_ERROR_MISMATCH);
	assert_int_equal(planted_pair(bom, "decompress_ddict", ERR_DST_SMALL, ERR_CORRUPT, &known),
			 ZO_ERROR_MISMATCH);
	/* Raw literals over the maximum and the room (ddict-block-dst-vs-corrupt-1.5.2's shape). */
	planted_pair(lom, "decompress_ddict", ERR_DST_SMALL, ERR_CORRUPT, &known);
	if (entry_here(lom)) {
		assert_non_null(known);
		assert_string_equal(known->id, lom);
	} else {
		assert_null(known);
	}
	assert_int_equal(planted_pair(lom, "decompress_stream", ERR_DST_SMALL, ERR_CORRUPT, &known),
			 ZO_ERROR_MISMATCH);
}

/*
 * rle-literals-over-max-reason: RLE literals over Block_Maximum_Size. The
 * same block with raw literals (not in the block: corrupt on both sides)
 * is not taken.
 */
static void rle_literals_over_max_near_miss(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("rle-literals-over-max-reason", &len);

	(void)state;
	assert_true(matches("rle-literals-over-max-reason", z, len));
	assert_int_equal(z[9] & 3, 1);
	z[9] &= ~3;		/* raw literals */
	assert_false(matches("rle-literals-over-max-reason", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	free(z);
}

/*
 * block-over-window past a 128 KB window: the last block is 196636 bytes
 * (65636 RLE literals and a match of 131000). With 4 literals it is 131004
 * bytes, within the maximum, and both decode it alike. lib/zstd 1.5.2
 * refuses the reproducer too (seen on a 6.12 build): nothing to place there.
 */
static void block_over_window_128k_near_miss(void **state)
{
	size_t len;
	uint8_t *z = read_file("corpus/divergences/block-over-window/block-over-window-128k.zst", &len);

	(void)state;
	if (divergence_of(z, len) != ZO_AGREE)
		assert_true(matches("block-over-window", z, len));
	assert_int_equal(z[21], 0x4d);
	z[22] = 0;		/* Regenerated_Size 4 */
	z[23] = 0;
	assert_false(matches("block-over-window", z, len));
	assert_int_equal(divergence_of(z, len), ZO_AGREE);
	free(z);
}

/*
 * block-over-window where the site is an RLE block (gate-calibrate,
 * 2026-12-05). unzstd's input: an 8 KB window, RLE blocks of 131072, 131072
 * and 132096 bytes, then a compressed block of 65646 bytes, over the window:
 * 1.5.4 refuses the frame, the kernel decodes it, and the block maps, which
 * refuse an RLE block over the maximum that no one-shot path checks, place
 * it at the first RLE block. It matches: with the window at 128 KB and the
 * RLE blocks cut to 128 KB, 1.5.4 decodes the kernel's bytes. With a 128 KB
 * window both decode it alike.
 */
static void block_over_window_rle_near_misses(void **state)
{
	static const uint8_t unzstd_input[] = {
		0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x18, 0x02, 0x00, 0x10, 0x72, 0x02, 0x00, 0x10,
		0x72, 0x02, 0x20, 0x10, 0x72, 0x55, 0x00, 0x00, 0x4d, 0x06, 0x10, 0x6c, 0x01,
		0x44, 0x0f, 0x07, 0x37, 0x03,
	};
	uint8_t f[sizeof(unzstd_input)];

	(void)state;
	memcpy(f, unzstd_input, sizeof(f));
	assert_true(matches("block-over-window", f, sizeof(f)));
	f[5] = 0x38;		/* a 128 KB window */
	assert_false(matches("block-over-window", f, sizeof(f)));
	assert_int_equal(divergence_of(f, sizeof(f)), ZO_AGREE);
}

/*
 * Issue 22's 31-byte input (decompress_oneshot): a 128 KB window, RLE
 * blocks of 131072, 16384 and 131086 bytes, then a 10-byte compressed
 * block whose sequences bitstream has bits left. The kernel and 1.5.4
 * decode it one-shot; 1.5.7 refuses the compressed block. Every block map
 * refuses the RLE block over the maximum, which no one-shot path checks,
 * so the site is that RLE block (block 2): the 1.5.7-only rules look past
 * it to the block 1.5.7 fails once it is cut to the maximum (block 3).
 * With block 2 cut to 131072 bytes the site is block 3 itself.
 */
static void rle_over_max_then_next_only(void **state)
{
	static const uint8_t input[] = {
		0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38, 0x02, 0x00, 0x10, 0x72, 0x02, 0x00, 0x02,
		0x10, 0x72, 0x00, 0x10, 0x72, 0x55, 0x00, 0x00, 0x4d, 0xff, 0x10, 0x00, 0x1f,
		0x44, 0x0f, 0x07, 0x37, 0x03,
	};
	uint8_t f[sizeof(input)];

	(void)state;
	memcpy(f, input, sizeof(f));
	assert_known_at(WAY_ONESHOT, f, sizeof(f), "seq-stream-end-bits", 2);
	f[14] = 0x02;		/* block 2: 131072 bytes, the maximum */
	assert_known_at(WAY_ONESHOT, f, sizeof(f), "seq-stream-end-bits", 3);
}

/*
 * The 6.1 MSan campaign's 114-byte decompress_stream input (2026-12-06,
 * open as stream-accepts-block30-1.4.10 until traced): a 128 KB window,
 * 26 empty raw blocks and, as block 3, a compressed block of Block_Size 0,
 * three 128 KiB RLE blocks, then a compressed block of 65668 RLE literals
 * and 2 sequences whose bitstream overflows. Streamed, every decoder skips
 * block 3 as empty; the kernel and 1.5.4 accept block 30, 1.5.7 refuses
 * it: seq-stream-end-bits, at block 30. One-shot, every side refuses
 * block 3: agreement. With block 3 raw and empty, the same as streamed.
 */
static void stream_empty_compressed_then_next_only(void **state)
{
	uint8_t f[114] = { 0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38 };
	static const uint8_t tail[] = {
		0x02, 0x00, 0x10, 0x72, 0x02, 0x00, 0x10, 0x72, 0x02, 0x00, 0x10, 0x72,
		0x65, 0x00, 0x00, 0x4d, 0x08, 0x10, 0x72, 0x02, 0x00, 0x10, 0x72, 0x65,
		0xff, 0x38, 0x03,
	};
	struct way_run *run;
	struct zo_verdict v;

	(void)state;
	memcpy(f + sizeof(f) - sizeof(tail), tail, sizeof(tail));
	f[15] = 0x04;		/* block 3: compressed, Block_Size 0 */
	assert_known_at(WAY_STREAM, f, sizeof(f), "seq-stream-end-bits", 30);
	run = way_run(WAY_ONESHOT, f, sizeof(f));
	assert_int_equal(way_verdict(run, &v), ZO_AGREE);
	free(run);
	f[15] = 0x00;		/* block 3: raw, empty */
	assert_known_at(WAY_STREAM, f, sizeof(f), "seq-stream-end-bits", 30);
}

/*
 * seq-stream-end-bits on a compressed block over Block_Maximum_Size that is
 * not the frame's last (make fuzz, 6.1, 2026-12-06): a 1 MiB window, block 1
 * decodes to 205403 bytes and its sequences bitstream is read past its
 * start. 1.5.7 refuses it at its end-of-bitstream check; the kernel and
 * 1.5.4 decode the frame one-shot. Block at a time 1.5.4 refuses the block's
 * size, so the proof must decode one-shot.
 */
static void next_only_compressed_over_max(void **state)
{
	size_t len;
	uint8_t *z = read_file("corpus/regression/decompress_oneshot/"
			       "bba0966d66b5e9c9801c71df3d0c9658886d7b40", &len);

	(void)state;
	assert_non_null(z);
	assert_known_at(WAY_ONESHOT, z, len, "seq-stream-end-bits", 1);
	free(z);
}

/*
 * stream-offset-over-window: Debian's deb12u1 refuses the reproducer's
 * match (offset 278525, a 128 KB window) streamed only, and the oracle
 * places it at block 3 by streaming the reference again. With a 512 KB
 * window the offset is within it and deb12u1 decodes it; with a 64 KB
 * window raising it would change Block_Maximum_Size: neither is taken.
 */
static void stream_offset_over_window_near_misses(void **state)
{
	static const uint8_t windows[] = { 0x48, 0x30 };	/* 512 KB, 64 KB */
	size_t len;
	uint8_t *z = read_divergence("stream-offset-over-window", &len);
	struct way_run *run;
	struct zo_verdict v;

	(void)state;
	assert_known_at(WAY_STREAM, z, len, "stream-offset-over-window", 3);
	assert_int_equal(z[5], 0x38);
	for (size_t i = 0; i < sizeof(windows); i++) {
		z[5] = windows[i];
		run = way_run(WAY_STREAM, z, len);
		if (way_verdict(run, &v) == ZO_KNOWN)
			assert_string_not_equal(v.known->id, "stream-offset-over-window");
		free(run);
	}
	free(z);
}

/*
 * huf4-few-literals past an RLE block over the maximum (make fuzz, 6.12,
 * 2026-12-06): a 2 MB window, an RLE block of 199077 bytes, then a
 * compressed block whose 4-stream literals number 2. One-shot both decode
 * the RLE block and fail the literals, each its own way; every block map
 * refuses the RLE block first. Cut to 131072 bytes, that block is no longer
 * over the maximum and the site is block 1 itself; with 6 literals 1.5.4
 * takes the header and nothing matches.
 */
static void huf4_few_literals_past_rle(void **state)
{
	size_t len;
	uint8_t *z = read_file("corpus/regression/decompress_oneshot/"
			       "e2deb5b44a42b6adf08d8de7191a65da930d74b3", &len);
	struct way_run *run;
	struct zo_verdict v;

	(void)state;
	assert_non_null(z);
	assert_known_at(WAY_ONESHOT, z, len, "huf4-few-literals", 0);
	assert_int_equal(z[13], 0x26);
	z[13] = 0x66;		/* Regenerated_Size 6 */
	run = way_run(WAY_ONESHOT, z, len);
	if (way_verdict(run, &v) == ZO_KNOWN)
		assert_string_not_equal(v.known->id, "huf4-few-literals");
	free(run);
	z[13] = 0x26;
	z[6] = 0x02;		/* the RLE block cut to 131072 bytes */
	z[7] = 0x00;
	z[8] = 0x10;
	assert_known_at(WAY_ONESHOT, z, len, "huf4-few-literals", 1);
	free(z);
}

/*
 * seq-count-zero-extraneous: a 4-byte block, no literals, a count of 0 in
 * its 2-byte form and one more byte. Without that byte it is
 * nseq-zero-two-byte (the kernel the strict side); with a 1-byte count the
 * kernel says srcSize_wrong: neither is this entry.
 */
static void seq_count_zero_extraneous_near_misses(void **state)
{
	size_t len;
	uint8_t *z = read_divergence("seq-count-zero-extraneous", &len);

	(void)state;
	assert_int_equal(len, 13);
	assert_true(matches("seq-count-zero-extraneous", z, len));
	z[10] = 0x00;		/* a 1-byte count of 0, then two bytes */
	assert_false(matches("seq-count-zero-extraneous", z, len));
	z[10] = 0x80;
	z[6] = 0x1d;		/* Block_Size 3: the block ends after 80 00 */
	assert_false(matches("seq-count-zero-extraneous", z, len - 1));
	assert_true(matches("nseq-zero-two-byte", z, len - 1));
	free(z);
}

/*
 * rle-literals-over-max-reason where the kernel fails at the checksum
 * (gate-calibrate, 2026-12-05): an 8 KB window, a checksum, one compressed
 * block of 65539 RLE literals; 1.5.4 refuses the literals as corrupt, the
 * kernel decodes the block and fails the checksum, as the reference does
 * with a 128 KB window. With that window both fail the checksum alike
 * one-shot, and nothing matches.
 */
#define RLE_CK_CUT	21	/* header 6, block 3 + 9, 3 of the checksum's 4 bytes */

static void rle_literals_checksum_near_miss(void **state)
{
	static const uint8_t input[] = {
		0x28, 0xb5, 0x2f, 0xfd, 0x04, 0x18, 0x4d, 0x00, 0x00, 0x3d, 0x00, 0x10,
		0x00, 0x01, 0x00, 0x83, 0xd3, 0x03, 0x2c, 0x25, 0xb7, 0x32, 0x04,
	};
	uint8_t f[sizeof(input)];
	struct way_run *run;
	size_t diff;

	(void)state;
	memcpy(f, input, sizeof(f));
	assert_true(matches("rle-literals-over-max-reason", f, sizeof(f)));
	/* The checksum cut to 3 bytes (make gate, 2026-12-06): still the kernel's checksum_wrong. */
	assert_true(matches("rle-literals-over-max-reason", f, RLE_CK_CUT));
	f[5] = 0x38;		/* a 128 KB window */
	assert_false(matches("rle-literals-over-max-reason", f, sizeof(f)));
	assert_false(matches("rle-literals-over-max-reason", f, RLE_CK_CUT));
	run = way_run(WAY_ONESHOT, f, sizeof(f));
	assert_int_equal(zo_judge(&run->k, &run->r, &diff), ZO_AGREE);
	free(run);
}

/*
 * The issue-22 frame (decompress_oneshot, capacity 0): the kernel says
 * corruption_detected at block 0, 1.5.4 dstSize_tooSmall, and with room
 * corruption_detected too.
 */
static const uint8_t pair_frame[] = {
	0x28, 0xb5, 0x2f, 0xfd, 0x04, 0x50, 0xf5, 0x00, 0x00, 0xb8, 0x54, 0x68, 0x28, 0xb5, 0x79,
	0x70, 0x77, 0x6e, 0x64, 0x6f, 0x77, 0x20, 0x6c, 0x69, 0x74, 0x65, 0x72, 0x61, 0x75, 0x6d,
	0x66, 0x66, 0x20, 0x73, 0x18, 0x61, 0x6e, 0x20, 0x73, 0x71, 0x75, 0x61, 0x73, 0x68, 0x66,
	0x73, 0x20, 0xe0, 0x6c, 0x6f, 0x63, 0x6b, 0x20, 0x0a, 0x20, 0x65, 0x6e, 0x74, 0x6f, 0x70,
	0x79, 0x20, 0x74, 0x68, 0x65, 0x20, 0x73, 0x13, 0x35, 0x91, 0x8b, 0x9e, 0x8c, 0x97
};

struct pair_run {
	struct zo_case c;
	struct zo_result k, r;
	struct zo_verdict v;
	uint8_t kout[64], rout[64];
};

/* Both sides one-shot on z with capacity cap; kret, when non-zero, is the kernel's result. */
static enum zo_class pair_verdict(struct pair_run *p, const uint8_t *z, size_t len, size_t cap,
				  size_t kret)
{
	size_t rret = ref_decompress(p->rout, cap, z, len);

	if (!kret)
		kret = kz_decompress(p->kout, cap, z, len);
	p->c = (struct zo_case){ .target = "decompress_oneshot", .input = z, .input_len = len,
				 .zdata = z, .zdata_len = len, .out_cap = cap, .out_cap_given = 1 };
	zo_kernel_result(&p->k, "kernel", kret, p->kout, kz_is_error(kret) ? 0 : kret);
	zo_ref_result(&p->r, "reference", rret, p->rout, ref_is_error(rret) ? 0 : rret);
	return zo_verdict(&p->c, &p->k, &p->r, &p->v);
}

/* The error-pair rule takes the pair, and none of its near misses. */
static void error_pair_near_misses(void **state)
{
	static struct pair_run p;
	struct zo_verdict v;
	struct zo_result k;
	uint8_t text[4096], z[4096];
	size_t zlen;

	(void)state;
	/* 1.4.10's result on it; 1.5.2 checks the room first, as 1.5.4 does. */
	assert_int_equal(pair_verdict(&p, pair_frame, sizeof(pair_frame), 0, (size_t)-20),
			 ZO_ERROR_MISMATCH);
	assert_true(zo_is_error_pair(&p.v));
	v = p.v;
	v.site.before_failure = 1;	/* the outputs differed before the block */
	assert_false(zo_is_error_pair(&v));
	v = p.v;
	v.site.same_unit = 0;		/* one side failed another unit */
	assert_false(zo_is_error_pair(&v));
	v = p.v;
	v.site.part = BM_FRAME_HEADER;
	assert_false(zo_is_error_pair(&v));
	v = p.v;
	k = p.k;
	k.error_code = 22;		/* checksum_wrong: not a corrupt block's code */
	v.site.k = &k;
	assert_false(zo_is_error_pair(&v));
	/* Out of room only: the reference decodes the block with 128 KiB more. */
	for (size_t i = 0; i < sizeof(text); i++)
		text[i] = "kernel zstd error pairs "[i % 24] ^ (uint8_t)(i / 97);
	zlen = ref_compress(z, sizeof(z), text, sizeof(text), 3, 0, 0);
	assert_false(ref_is_error(zlen));
	assert_int_equal(pair_verdict(&p, z, zlen, 10, (size_t)-20), ZO_ERROR_MISMATCH);
	assert_true(p.v.site.located && p.v.site.same_unit && !p.v.site.before_failure);
	assert_int_equal(p.v.site.part, BM_BLOCK);
	assert_int_equal(p.r.error_code, 70);
	assert_false(zo_is_error_pair(&p.v));
}

static void frame_walker(void **state)
{
	static const uint8_t two[] = {
		0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x00, 0x01, 0x00, 0x00,	/* empty frame */
		0x50, 0x2a, 0x4d, 0x18, 0x02, 0x00, 0x00, 0x00, 'h', 'i',	/* skippable */
		0x01, 0x02,
	};

	(void)state;
	assert_int_equal(zf_frame_header_size(two, sizeof(two)), 6);
	assert_int_equal(zf_frames_end(two, sizeof(two)), 19);
	assert_int_equal(zf_frames_end(two, 8), 0);
	{
		size_t starts[4];

		assert_int_equal(zf_frame_starts(two, sizeof(two), starts, 4), 1);
		assert_int_equal(starts[0], 0);
	}
	assert_int_equal(zf_frame_header_size((const uint8_t *)"abcdef", 6), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sha256_known_answers),
		cmocka_unit_test(judge_classes),
		cmocka_unit_test(report_format),
		cmocka_unit_test(error_codes_paired),
		cmocka_unit_test(known_entries_have_predicates),
		cmocka_unit_test(known_table_takes_all),
		cmocka_unit_test(reproducers_match_and_diverge),
		cmocka_unit_test(huf4_near_miss),
		cmocka_unit_test(legacy_near_miss),
		cmocka_unit_test(short_magic_near_miss),
		cmocka_unit_test(empty_block_and_window_near_misses),
		cmocka_unit_test(prefetch_and_block_max_near_misses),
		cmocka_unit_test(seq_overflow_near_misses),
		cmocka_unit_test(permissive_near_misses),
		cmocka_unit_test(offset_over_window_near_misses),
		cmocka_unit_test(block_over_max_near_misses),
		cmocka_unit_test(rle_literals_over_max_near_miss),
		cmocka_unit_test(block_over_window_128k_near_miss),
		cmocka_unit_test(block_over_window_rle_near_misses),
		cmocka_unit_test(rle_literals_checksum_near_miss),
		cmocka_unit_test(rle_over_max_then_next_only),
		cmocka_unit_test(stream_empty_compressed_then_next_only),
		cmocka_unit_test(next_only_compressed_over_max),
		cmocka_unit_test(stream_offset_over_window_near_misses),
		cmocka_unit_test(huf4_few_literals_past_rle),
		cmocka_unit_test(seq_count_zero_extraneous_near_misses),
		cmocka_unit_test(error_pair_near_misses),
		cmocka_unit_test(frame_walker),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

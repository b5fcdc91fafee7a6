// SPDX-License-Identifier: GPL-2.0
/*
 * gate-golden: the checked-in golden vectors (conformance/golden/, see its
 * README.md) and the tree's crypto/testmgr.h zstd vectors, through every
 * decoding entry point of the wrapper. The references' answers on the
 * vectors that are not must-decode are recorded in reference-answers.txt
 * (golden_answers.h) and checked, for libzstd 1.5.4 and, where it was
 * built, zstd 1.5.7. Each known divergence's vector and answers are in
 * its folder, corpus/divergences/<id>/ (golden.txt: golden_divergences.h).
 *
 *   gate-golden [--dir conformance/golden] [--divergences corpus/divergences]
 *               [--record | --record-kernel]
 *
 * --record prints those answers afresh, in that file's format, rewrites the
 * answers of each divergence's golden.txt, and checks nothing.
 *
 * The kernel's own one-shot answer on every must-fail vector, the folder's
 * and the divergences' (zstd_decompress_dctx into GOLDEN_KERNEL_CAP bytes,
 * as make kunit's suite calls it), must be the one kernel-answers.txt
 * records for the tree's lib/zstd version: one truth for the userspace gate
 * and the KUnit suite.
 * --record-kernel rewrites that version's lines of kernel-answers.txt from
 * this build (make kunit-answers) and checks nothing.
 */
#include <dirent.h>
#include <errno.h>
#include <linux/zstd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate_tap.h"
#include "golden_answers.h"
#include "golden_decode.h"
#include "golden_divergences.h"
#include "golden_manifest.h"
#include "findings_table.h"
#include "file_write.h"
#include "kz.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "sha256.h"
#include "testmgr_zstd.h"
#include "zstd_oracle.h"

#define PROG		"gate-golden"
#define MAX_VECTORS	256
#define MAX_ANSWERS	(MAX_VECTORS * 4)
#define MAX_TESTVECS	64
#define MAX_DIVERGENCES	128
#define GOLDEN_KERNEL_CAP	(1u << 20)	/* make kunit's KZ_OUT_CAP */

struct golden {
	const char *dir, *div_dir;
	struct golden_divergence div[MAX_DIVERGENCES];
	size_t div_count;
	FILE *rec_out;		/* --record: where answer lines go */
	int rec_bare;		/* --record: lines without the vector's path */
	struct golden_entry entries[MAX_VECTORS];
	size_t count;
	struct golden_answer answers[MAX_ANSWERS];
	size_t answer_count;
	int record;		/* --record: print the references' answers only */
	int record_kernel;	/* --record-kernel: kernel-answers.txt's lines only */
	struct golden_answer kernel[MAX_ANSWERS];	/* kernel-answers.txt */
	size_t kernel_count;
	char kversion[16];	/* the tree's lib/zstd version: "1.4.10" */
	FILE *kernel_out;	/* --record-kernel: where this version's lines go */
	unsigned char *out;
	unsigned int decoded, failed, testmgr;
};

/* The divergence whose vector gate-golden names rel, or NULL. */
static const struct golden_divergence *divergence_of(const struct golden *g, const char *rel)
{
	for (size_t i = 0; i < g->div_count; i++)
		if (!strcmp(g->div[i].rel, rel))
			return &g->div[i];
	return NULL;
}

static unsigned char *load(const struct golden *g, const char *rel, size_t *len)
{
	const struct golden_divergence *d = divergence_of(g, rel);
	char path[512];

	if (d)
		snprintf(path, sizeof(path), "%s/%s/%s", g->div_dir, d->id, d->file);
	else
		snprintf(path, sizeof(path), "%s/%s", g->dir, rel);
	return golden_read_file(path, len);
}

/* Every way the kernel decodes, and the reference, give the manifest's digest. */
static void must_decode(struct gate_tap *t, struct golden *g, const struct golden_entry *e)
{
	unsigned char *src;
	size_t len, r;
	char hex[65];
	int failed;

	gate_begin(t, "must-decode %s", e->path);
	src = load(g, e->path, &len);
	if (gate_expect(t, src != NULL, "cannot read the vector")) {
		for (int w = 0; w < GOLDEN_WAYS; w++) {
			if (!golden_way_available(w))
				continue;
			r = golden_decode(w, src, len, g->out, &failed);
			if (!gate_expect(t, !failed, "%s: %s", golden_way_name(w),
					 golden_error_name(w, r)))
				continue;
			sha256_hex(g->out, r, hex);
			gate_expect(t, !strcmp(hex, e->sha256), "%s: %zu bytes of SHA-256 %.16s..., want %.16s...",
				    golden_way_name(w), r, hex, e->sha256);
		}
	}
	g->decoded++;
	gate_end(t);
	free(src);
}

/* ZSTD_versionNumber()'s v as the answer files name it: "1.5.4". */
static void version_name(unsigned int v, char *buf, size_t cap)
{
	snprintf(buf, cap, "%u.%u.%u", v / 10000, v / 100 % 100, v % 100);
}

/* A reference's version as reference-answers.txt names it: "1.5.4". */
static void way_version(int w, char *buf, size_t cap)
{
	version_name(w >= GOLDEN_NEXT ? refn_version() : ref_version(), buf, cap);
}

/* What a reference way gives on the vector, as reference-answers.txt records it. */
static void answer_of(struct golden *g, int w, const unsigned char *src, size_t len,
		      char *out, size_t cap)
{
	char hex[65];
	int failed;
	size_t r = golden_decode(w, src, len, g->out, &failed);

	if (failed) {
		snprintf(out, cap, "rejects %s", golden_error_name(w, r));
		return;
	}
	sha256_hex(g->out, r, hex);
	snprintf(out, cap, "decodes %s", hex);
}

/*
 * Each reference way's answer (libzstd 1.5.4's, and zstd 1.5.7's where it
 * was built) must be the recorded one; --record prints them instead.
 */
static void reference_answers(struct gate_tap *t, struct golden *g, const char *rel,
			      const unsigned char *src, size_t len)
{
	char version[16], got[GOLDEN_ANSWER_MAX];
	const char *way, *want;

	for (int w = GOLDEN_REFERENCE; w < GOLDEN_WAYS; w++) {
		if (!golden_way_available(w))
			continue;
		way_version(w, version, sizeof(version));
		way = w == GOLDEN_REFERENCE || w == GOLDEN_NEXT ? "oneshot" : "stream";
		answer_of(g, w, src, len, got, sizeof(got));
		if (g->record) {
			fprintf(g->rec_out, "%s%s%s %s %s\n", g->rec_bare ? "" : rel,
				g->rec_bare ? "" : " ", version, way, got);
			continue;
		}
		printf("# %s: %s (%s): %s\n", rel, golden_way_name(w), version, got);
		want = golden_answer_find(g->answers, g->answer_count, rel, version, way);
		gate_expect(t, want && !strcmp(want, got), "%s (%s %s): %s; recorded: %s", golden_way_name(w),
			    version, way, got, want ? want : "nothing (gate-golden --record)");
	}
}

/* The kernel's one-shot answer into GOLDEN_KERNEL_CAP bytes, as kernel-answers.txt records it. */
static void kernel_answer_of(struct golden *g, const unsigned char *src, size_t len,
			     char *out, size_t cap)
{
	size_t r = kz_decompress(g->out, GOLDEN_KERNEL_CAP, src, len);
	char hex[65];

	if (zstd_is_error(r)) {
		snprintf(out, cap, "rejects %s", zstd_get_error_name(r));
		return;
	}
	sha256_hex(g->out, r, hex);
	snprintf(out, cap, "decodes %s", hex);
}

/*
 * A must-fail vector (the folder's and the divergences'): the kernel's
 * one-shot answer must be kernel-answers.txt's for this version (make
 * kunit's suite expects the same); --record-kernel prints it instead.
 */
static void kernel_answer(struct gate_tap *t, struct golden *g, const char *rel,
			  const unsigned char *src, size_t len)
{
	char got[GOLDEN_ANSWER_MAX];
	const char *want;

	kernel_answer_of(g, src, len, got, sizeof(got));
	if (g->record_kernel) {
		fprintf(g->kernel_out, "%s %s oneshot %s\n", rel, g->kversion, got);
		return;
	}
	want = golden_answer_find(g->kernel, g->kernel_count, rel, g->kversion, "oneshot");
	gate_expect(t, want && !strcmp(want, got),
		    "kernel %s oneshot: %s; kernel-answers.txt: %s", g->kversion, got,
		    want ? want : "nothing (make kunit-answers)");
}

/* Every way the kernel decodes must fail; the references give their recorded answers. */
static void must_fail(struct gate_tap *t, struct golden *g, const char *rel)
{
	unsigned char *src;
	size_t len, r;
	int failed;

	gate_begin(t, "must-fail %s", rel);
	src = load(g, rel, &len);
	if (gate_expect(t, src != NULL, "cannot read the vector")) {
		for (int w = 0; w < GOLDEN_REFERENCE; w++) {
			r = golden_decode(w, src, len, g->out, &failed);
			gate_expect(t, failed, "%s decoded it (%zu bytes)", golden_way_name(w), r);
		}
		kernel_answer(t, g, rel, src, len);
		reference_answers(t, g, rel, src, len);
	}
	g->failed++;
	gate_end(t);
	free(src);
}

/*
 * One of the kernel's ways disagrees with its one-shot way (rejects where it
 * decodes, or the reverse, or decodes other bytes): a finding unless known.
 */
static void kernel_ways_disagree(struct gate_tap *t, const char *rel,
				 int w, size_t r, int failed, int first_failed)
{
	char state[512];

	snprintf(state, sizeof(state), "%s > %s > %s", rel, golden_way_name(w),
		 failed ? kz_error_name(r) :
		 first_failed ? "decodes it" : "decodes it to other bytes");
	if (gate_expect(t, findings_find("finding", "kernel-paths", "gate-golden", state) != NULL,
			"the kernel's own ways disagree: %s (not in corpus/findings.txt)", state))
		printf("# %s: known (corpus/findings.txt)\n", state);
}

/*
 * Known divergences where the kernel decodes what the reference rejects or
 * decodes otherwise: no set fits, so they are only tracked. The kernel's
 * own ways must agree with each other, or disagree as a kernel-paths
 * finding of corpus/findings.txt says; the references give their recorded
 * answers.
 */
static void version_dependent(struct gate_tap *t, struct golden *g, const char *rel)
{
	unsigned char *src, *first = NULL;
	size_t len, r, first_len = 0;
	int failed, first_failed = 0;

	gate_begin(t, "version-dependent %s", rel);
	src = load(g, rel, &len);
	if (gate_expect(t, src != NULL, "cannot read the vector")) {
		for (int w = 0; w < GOLDEN_REFERENCE; w++) {
			r = golden_decode(w, src, len, g->out, &failed);
			if (!w) {
				first_failed = failed;
				first_len = failed ? 0 : r;
				first = malloc(first_len + 1);
				if (first && !failed)
					memcpy(first, g->out, r);
				continue;
			}
			if (failed != first_failed ||
			    (first && !failed && (r != first_len || memcmp(first, g->out, r)))) {
				kernel_ways_disagree(t, rel, w, r, failed, first_failed);
				continue;
			}
			gate_expect(t, first != NULL, "out of memory");
		}
		printf("# %s: kernel %s\n", rel, first_failed ? "rejects it" : "decodes it");
		reference_answers(t, g, rel, src, len);
	}
	free(first);
	gate_end(t);
	free(src);
}

/* --record: a must-fail or version-dependent vector's answer lines. */
static void record(struct golden *g, const char *sub, const char *rel)
{
	unsigned char *src;
	size_t len;

	if (!strcmp(sub, "must-decode"))
		return;
	src = load(g, rel, &len);
	if (!src) {
		fprintf(stderr, "%s: cannot read %s/%s\n", PROG, g->dir, rel);
		exit(2);
	}
	reference_answers(NULL, g, rel, src, len);
	free(src);
}

/* --record-kernel: a must-fail vector's kernel answer line. */
static void record_kernel_one(struct golden *g, const char *rel)
{
	size_t len;
	unsigned char *src = load(g, rel, &len);

	if (!src) {
		fprintf(stderr, "%s: cannot read %s/%s\n", PROG, g->dir, rel);
		exit(2);
	}
	kernel_answer(NULL, g, rel, src, len);
	free(src);
}

static int listed(const struct golden *g, const char *rel)
{
	for (size_t i = 0; i < g->count; i++)
		if (!strcmp(g->entries[i].path, rel))
			return 1;
	return 0;
}

struct vector_name {
	char rel[GOLDEN_PATH_MAX];
};

static int by_rel(const void *a, const void *b)
{
	return strcmp(((const struct vector_name *)a)->rel, ((const struct vector_name *)b)->rel);
}

/* <sub>/<name> of each *.zst of <dir>/<sub>; -1 when it cannot be listed or holds over cap. */
static int list_folder(const struct golden *g, const char *sub, struct vector_name *v, size_t cap)
{
	struct dirent **names;
	char dir[512];
	int n, k = 0;

	snprintf(dir, sizeof(dir), "%s/%s", g->dir, sub);
	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0)
		return errno == ENOENT ? 0 : -1;	/* a set of divergences only */
	for (int i = 0; i < n; i++) {
		size_t l = strlen(names[i]->d_name);

		if (k >= 0 && l > 4 && !strcmp(names[i]->d_name + l - 4, ".zst")) {
			if ((size_t)k == cap ||
			    snprintf(v[k].rel, sizeof(v[k].rel), "%s/%s", sub, names[i]->d_name) >=
			    (int)sizeof(v[k].rel))
				k = -1;
			else
				k++;
		}
		free(names[i]);
	}
	free(names);
	return k;
}

/*
 * Each vector of a set, in name order, the folder's and the divergences':
 * must-fail and version-dependent run them, must-decode checks each is listed.
 */
static int each_vector(struct gate_tap *t, struct golden *g, const char *sub)
{
	static struct vector_name v[MAX_VECTORS];
	int n = list_folder(g, sub, v, MAX_VECTORS);

	for (size_t i = 0; n >= 0 && i < g->div_count; i++) {
		if (strcmp(g->div[i].set, sub))
			continue;
		if (n == MAX_VECTORS)
			return -1;
		snprintf(v[n++].rel, sizeof(v[0].rel), "%s", g->div[i].rel);
	}
	if (n < 0)
		return -1;
	qsort(v, n, sizeof(v[0]), by_rel);
	for (int i = 0; i < n; i++) {
		const char *rel = v[i].rel;

		if (g->record_kernel) {
			if (!strcmp(sub, "must-fail"))
				record_kernel_one(g, rel);
		} else if (g->record) {
			if (!divergence_of(g, rel))
				record(g, sub, rel);
		} else if (!strcmp(sub, "must-fail")) {
			must_fail(t, g, rel);
		} else if (!strcmp(sub, "version-dependent")) {
			version_dependent(t, g, rel);
		} else {
			gate_one(t, listed(g, rel), "%s has a digest in must-decode.sha256", rel);
		}
	}
	return n;
}

/* A folder of the divergence with its golden.txt. */
static int has_vector(const struct golden *g, const char *id)
{
	for (size_t i = 0; i < g->div_count; i++)
		if (!strcmp(g->div[i].id, id))
			return 1;
	return 0;
}

/* Every known divergence of corpus/findings.txt has its golden vector in its folder. */
static void divergences(struct gate_tap *t, const struct golden *g)
{
	size_t n;
	const struct zo_known *k = zo_known_entries(&n);

	gate_begin(t, "every known divergence (%zu in corpus/findings.txt) has a golden vector", n);
	for (size_t i = 0; i < n; i++)
		gate_expect(t, has_vector(g, k[i].id), "%s: no %s/%s/golden.txt",
			    k[i].id, g->div_dir, k[i].id);
	gate_end(t);
}

/* Every folder of --divergences: its golden.txt, its answers into g->answers. */
static int load_divergences(struct golden *g, char *err, size_t errlen)
{
	struct dirent **names;
	int n = scandir(g->div_dir, &names, NULL, alphasort), ret = 0;

	if (n < 0) {
		snprintf(err, errlen, "cannot list %s", g->div_dir);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		if (!ret && names[i]->d_name[0] != '.' && names[i]->d_type == DT_DIR) {
			if (g->div_count == MAX_DIVERGENCES) {
				snprintf(err, errlen, "%s: over %d divergences", g->div_dir,
					 MAX_DIVERGENCES);
				ret = -1;
			} else {
				ret = golden_divergence_load(g->div_dir, names[i]->d_name,
							     &g->div[g->div_count++], g->answers,
							     MAX_ANSWERS, &g->answer_count, err,
							     errlen);
			}
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

/* A testmgr frame decodes, every way, to exactly its text. */
static void decodes_to(struct gate_tap *t, struct golden *g, const char *label,
		       const char *frame, size_t flen, const char *text, size_t tlen)
{
	for (int w = 0; w < GOLDEN_WAYS; w++) {
		int failed;
		size_t r;

		if (!golden_way_available(w))
			continue;
		r = golden_decode(w, (const unsigned char *)frame, flen, g->out, &failed);

		gate_expect(t, !failed && r == tlen && !memcmp(g->out, text, tlen),
			    "%s: %s gives %s", label, golden_way_name(w),
			    failed ? "an error" : "other bytes");
	}
}

/* crypto/zstd.c compresses at level 3: the kernel's frame of the text round-trips both ways. */
static void compresses(struct gate_tap *t, struct golden *g, const char *label,
		       const struct kh_testvec *v)
{
	size_t cap = zstd_compress_bound(v->in_len);
	char *frame = malloc(cap);
	size_t flen;

	if (!gate_expect(t, frame != NULL, "out of memory"))
		return;
	flen = kz_compress(frame, cap, v->in, v->in_len, 3);
	if (gate_expect(t, !zstd_is_error(flen), "%s: level-3 compression: %s", label,
			zstd_get_error_name(flen)))
		decodes_to(t, g, label, frame, flen, v->in, v->in_len);
	free(frame);
}

static void testmgr(struct gate_tap *t, struct golden *g)
{
	struct kh_testvec comp[MAX_TESTVECS], decomp[MAX_TESTVECS];
	size_t nc = 0, nd = 0, total = kh_testmgr_zstd(comp, &nc, decomp, &nd, MAX_TESTVECS);
	char label[64];

	gate_begin(t, "crypto/testmgr.h zstd vectors (%zu comp, %zu decomp) decode and round-trip", nc, nd);
	gate_expect(t, total > 0 && nc > 0 && nd > 0, "the tree's testmgr.h gives no zstd vectors");
	for (size_t i = 0; i < nc; i++) {
		snprintf(label, sizeof(label), "comp vector %zu", i);
		compresses(t, g, label, &comp[i]);
		decodes_to(t, g, label, comp[i].out, comp[i].out_len, comp[i].in, comp[i].in_len);
	}
	for (size_t i = 0; i < nd; i++) {
		snprintf(label, sizeof(label), "decomp vector %zu", i);
		decodes_to(t, g, label, decomp[i].in, decomp[i].in_len, decomp[i].out,
			   decomp[i].out_len);
	}
	g->testmgr = (unsigned int)(nc + nd);
	gate_end(t);
}

/* Which references judged, for the figure: both, or 1.5.4 alone and why. */
static void references(char *buf, size_t cap)
{
	char version[16];

	way_version(GOLDEN_REFERENCE, version, sizeof(version));
	if (refn_available())
		snprintf(buf, cap, "judged by libzstd %s and %s", version, refn_describe());
	else
		snprintf(buf, cap, "judged by libzstd %s alone (%s)", version, refn_describe());
}

/*
 * The end of a rewrite: closes out (the memstream of *buf) and, when ok,
 * writes *buf to path; frees *buf and old. 0, or 2 with a line saying so.
 */
static int rewrite_finish(const char *path, FILE *out, char **buf, const size_t *blen,
			  unsigned char *old, int ok)
{
	if (out && fclose(out))
		ok = 0;
	if (ok && lib_file_write(path, *buf, *blen))
		ok = 0;
	free(*buf);
	free(old);
	if (!ok)
		fprintf(stderr, "%s: cannot rewrite %s\n", PROG, path);
	return ok ? 0 : 2;
}

/* golden.txt with its answer lines replaced by the references' answers now. */
static int record_divergence(struct golden *g, const struct golden_divergence *d)
{
	char path[512], *buf = NULL;
	size_t len, blen = 0;
	unsigned char *old, *line, *next;
	FILE *out = open_memstream(&buf, &blen);

	snprintf(path, sizeof(path), "%s/%s/golden.txt", g->div_dir, d->id);
	old = golden_read_file(path, &len);
	if (!old || !out)
		return rewrite_finish(path, out, &buf, &blen, old, 0);
	for (line = old; *line; line = next) {
		next = (unsigned char *)strchrnul((char *)line, '\n');
		next += *next == '\n';
		if (*line == '#' || *line == '\n' || !strncmp((char *)line, "vector ", 7))
			fwrite(line, 1, next - line, out);
	}
	g->rec_out = out;
	g->rec_bare = 1;
	record(g, d->set, d->rel);
	g->rec_out = stdout;
	g->rec_bare = 0;
	return rewrite_finish(path, out, &buf, &blen, old, 1);
}

/* Each must-decode divergence's digest beside the manifest's entries. */
static int add_divergence_digests(struct golden *g, char *err, size_t errlen)
{
	for (size_t i = 0; i < g->div_count; i++) {
		const struct golden_divergence *d = &g->div[i];

		if (strcmp(d->set, "must-decode"))
			continue;
		if (g->count == MAX_VECTORS || listed(g, d->rel)) {
			snprintf(err, errlen, "%s: %s listed twice or over %d vectors", d->id,
				 d->rel, MAX_VECTORS);
			return -1;
		}
		memcpy(g->entries[g->count].sha256, d->sha256, sizeof(d->sha256));
		snprintf(g->entries[g->count++].path, GOLDEN_PATH_MAX, "%s", d->rel);
	}
	return 0;
}

/* An answer line's version (its second word) is v. */
static int line_of_version(const char *line, const char *v)
{
	size_t n = strlen(v);

	line += strcspn(line, " \n");
	return *line == ' ' && !strncmp(line + 1, v, n) && line[1 + n] == ' ';
}

/*
 * kernel-answers.txt with this version's lines replaced by this build's
 * answers, where the first of them was (at the end when there were none);
 * the other versions' lines and the comments stay as they are.
 */
static int record_kernel_answers(struct golden *g)
{
	char path[512], *buf = NULL;
	size_t len = 0, blen = 0;
	unsigned char *old, *line, *next;
	FILE *out = open_memstream(&buf, &blen);
	int done = 0;

	snprintf(path, sizeof(path), "%s/kernel-answers.txt", g->dir);
	old = golden_read_file(path, &len);
	if (!old || !out)
		return rewrite_finish(path, out, &buf, &blen, old, 0);
	g->kernel_out = out;
	for (line = old; ; line = next) {
		next = (unsigned char *)strchrnul((char *)line, '\n');
		next += *next == '\n';
		if (!*line || (*line != '#' && line_of_version((char *)line, g->kversion))) {
			if (!done && each_vector(NULL, g, "must-fail") < 0)
				return rewrite_finish(path, out, &buf, &blen, old, 0);
			done = 1;
			if (!*line)
				break;
			continue;
		}
		fwrite(line, 1, next - line, out);
	}
	return rewrite_finish(path, out, &buf, &blen, old, 1);
}

/* Every line of this version in kernel-answers.txt names a must-fail vector. */
static void kernel_answers_listed(struct gate_tap *t, struct golden *g)
{
	unsigned char *src;
	size_t len;

	gate_begin(t, "kernel-answers.txt: every answer of zstd %s names a must-fail vector",
		   g->kversion);
	for (size_t i = 0; i < g->kernel_count; i++) {
		const char *rel = g->kernel[i].path;

		if (strcmp(g->kernel[i].version, g->kversion))
			continue;
		src = strncmp(rel, "must-fail/", 10) ? NULL : load(g, rel, &len);
		gate_expect(t, src != NULL, "%s: no such must-fail vector (make kunit-answers)", rel);
		free(src);
	}
	gate_end(t);
}

static int record_all(struct golden *g)
{
	printf("# What each reference zstd answers on the golden vectors that are not\n"
	       "# must-decode (golden_answers.h): <vector> <version> <way> <answer>.\n"
	       "# Made by gate-golden --record; gate-golden checks them.\n");
	if (each_vector(NULL, g, "must-fail") < 0 || each_vector(NULL, g, "version-dependent") < 0) {
		fprintf(stderr, "%s: cannot list %s/must-fail or version-dependent\n", PROG, g->dir);
		return 2;
	}
	for (size_t i = 0; i < g->div_count; i++)
		if (record_divergence(g, &g->div[i]))
			return 2;
	return 0;
}

int main(int argc, char **argv)
{
	static struct golden g = { .dir = "conformance/golden", .div_dir = "corpus/divergences" };
	char path[512], err[600], refs[200];
	struct gate_tap t;

	gate_init(&t, PROG);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--record")) {
			g.record = 1;
			continue;
		}
		if (!strcmp(argv[i], "--record-kernel")) {
			g.record_kernel = 1;
			continue;
		}
		if (strcmp(argv[i], "--dir") && strcmp(argv[i], "--divergences"))
			i = argc;
		if (i + 1 >= argc)
			return gate_error(&t, "usage: %s [--dir GOLDEN_DIR] "
					  "[--divergences DIVERGENCES_DIR] [--record | --record-kernel]",
					  PROG);
		if (!strcmp(argv[i], "--dir"))
			g.dir = argv[++i];
		else
			g.div_dir = argv[++i];
	}
	g.out = malloc(GOLDEN_OUT_MAX);
	if (!g.out)
		return gate_error(&t, "out of memory");
	g.rec_out = stdout;
	version_name(kh_kernel_zstd_version(), g.kversion, sizeof(g.kversion));
	if (g.record_kernel)
		return load_divergences(&g, err, sizeof(err)) ?
		       (free(g.out), gate_error(&t, "%s", err)) : record_kernel_answers(&g);
	if (g.record)
		return load_divergences(&g, err, sizeof(err)) ?
		       (free(g.out), gate_error(&t, "%s", err)) : record_all(&g);
	snprintf(path, sizeof(path), "%s/must-decode.sha256", g.dir);
	if (golden_manifest_load(path, g.entries, MAX_VECTORS, &g.count, err, sizeof(err)))
		return gate_error(&t, "%s", err);
	snprintf(path, sizeof(path), "%s/reference-answers.txt", g.dir);
	if (golden_answers_load(path, g.answers, MAX_ANSWERS, &g.answer_count, err, sizeof(err)))
		return gate_error(&t, "%s", err);
	snprintf(path, sizeof(path), "%s/kernel-answers.txt", g.dir);
	if (golden_answers_load(path, g.kernel, MAX_ANSWERS, &g.kernel_count, err, sizeof(err)))
		return gate_error(&t, "%s", err);
	if (load_divergences(&g, err, sizeof(err)) || add_divergence_digests(&g, err, sizeof(err)))
		return gate_error(&t, "%s", err);
	for (size_t i = 0; i < g.count; i++)
		must_decode(&t, &g, &g.entries[i]);
	if (each_vector(&t, &g, "must-decode") < 0 || each_vector(&t, &g, "must-fail") < 0 ||
	    each_vector(&t, &g, "version-dependent") < 0)
		return free(g.out), gate_error(&t, "cannot list %s/must-decode, must-fail or version-dependent", g.dir);
	kernel_answers_listed(&t, &g);
	divergences(&t, &g);
	testmgr(&t, &g);
	free(g.out);
	references(refs, sizeof(refs));
	return gate_finish(&t, "%u must-decode, %u must-fail, %u testmgr vectors; %s", g.decoded,
			   g.failed, g.testmgr, refs);
}

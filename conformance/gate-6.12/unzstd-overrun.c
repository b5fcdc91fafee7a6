// SPDX-License-Identifier: GPL-2.0
/*
 * How far past the decoded data lib/decompress_unzstd.c's unzstd() writes in
 * its one-buffer mode (fill == flush == NULL: out_len = UINTPTR_MAX - out_buf),
 * and how much slack after the output makes the decode clean: the tree's
 * kzstd.o (kernel zstd + unzstd) against the reference (ref/). See
 * conformance/gate-6.12.md.
 *
 *   $(BDIR)/plain/bin/unzstd-overrun FILE...
 *
 * Per file (first frame only, like unzstd):
 *   extent  - output in a pattern-filled mapping with 1 MiB after it, input in
 *             the same mapping below the output (so zstd's in-place guard,
 *             which only protects an input lying after the output, is off);
 *             two runs with patterns 0xA5 and 0x5A; prints the bytes written
 *             past the decoded data: how many, lowest and highest offset.
 *   guard S - output ends S bytes before 512 KiB of PROT_NONE (forked child):
 *             "clean" or the signal, for S = 32 and the extent; then the least
 *             slack that decodes clean (searched from the extent up: zstd also
 *             reads up to 32 bytes past the literals it put in the output).
 *   after   - input placed 256 KiB after the output's end (as on MIPS, where
 *             the decompressor's own text and data lie between the output and
 *             the compressed image): whether the decode is right, and how many
 *             of the 256 KiB between are overwritten.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ref_zstd.h"

int unzstd(unsigned char *inbuf, long len, long (*fill)(void *, unsigned long),
	   long (*flush)(void *, unsigned long), unsigned char *output, long *pos,
	   void (*error)(char *x));

#define PAGE 4096UL
#define AFTER (1UL << 20)
#define GAP (256UL << 10)
#define GUARD (512UL << 10)

static const char *err_msg;
static void err(char *m) { err_msg = m; }
static size_t roundup(size_t n) { return (n + PAGE - 1) & ~(PAGE - 1); }

static void *map(size_t n)
{
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) { perror("mmap"); exit(2); }
	return p;
}

/* out N bytes then AFTER bytes of pattern; input below it. Returns bytes past N written. */
static int extent_run(const uint8_t *z, size_t zl, const uint8_t *ref, size_t n, uint8_t pat,
		      size_t *lo, size_t *hi, size_t *count, int *right)
{
	size_t inarea = roundup(zl), total = inarea + roundup(n + AFTER);
	uint8_t *m = map(total), *in = m, *out = m + inarea;
	long pos = 0;
	int rc;

	memcpy(in, z, zl);
	memset(out, pat, n + AFTER);
	err_msg = NULL;
	rc = unzstd(in, (long)zl, NULL, NULL, out, &pos, err);
	*right = !rc && !memcmp(out, ref, n);
	*lo = *hi = 0;
	*count = 0;
	for (size_t i = n; i < n + AFTER; i++)
		if (out[i] != pat) {
			if (!*count)
				*lo = i - n;
			*hi = i - n;
			(*count)++;
		}
	munmap(m, total);
	return rc;
}

static const char *guard_run(const uint8_t *z, size_t zl, const uint8_t *ref, size_t n, size_t slack)
{
	static char buf[64];
	size_t inarea = roundup(zl), outarea = roundup(n + slack), total = inarea + outarea + GUARD;
	uint8_t *m = map(total), *in = m, *guard = m + inarea + outarea, *out = guard - n - slack;
	int st;
	pid_t pid;

	memcpy(in, z, zl);
	mprotect(guard, GUARD, PROT_NONE);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		long pos = 0;
		int rc = unzstd(in, (long)zl, NULL, NULL, out, &pos, err);

		_exit(rc ? 3 : memcmp(out, ref, n) ? 4 : 0);
	}
	waitpid(pid, &st, 0);
	munmap(m, total);
	if (WIFSIGNALED(st))
		snprintf(buf, sizeof(buf), "%s", strsignal(WTERMSIG(st)));
	else
		snprintf(buf, sizeof(buf), "%s", WEXITSTATUS(st) == 0 ? "clean" :
			 WEXITSTATUS(st) == 3 ? "unzstd failed" : "wrong bytes");
	return buf;
}

static void after_run(const uint8_t *z, size_t zl, const uint8_t *ref, size_t n)
{
	size_t total = roundup(n + GAP + zl);
	uint8_t *m = map(total), *out = m, *in = m + n + GAP;
	size_t hit = 0, lo = 0, hi = 0;
	long pos = 0;
	int rc;

	memset(m, 0xA5, total);
	memcpy(in, z, zl);
	rc = unzstd(in, (long)zl, NULL, NULL, out, &pos, err);
	for (size_t i = n; i < n + GAP; i++)
		if (out[i] != 0xA5) {
			if (!hit)
				lo = i - n;
			hi = i - n;
			hit++;
		}
	printf("  after:  input %zu KiB after the output: %s; %zu of the %zu KiB between written",
	       GAP >> 10, rc ? "unzstd failed" : memcmp(out, ref, n) ? "WRONG bytes" : "right bytes",
	       hit, GAP >> 10);
	if (hit)
		printf(" (+%zu..+%zu)", lo, hi);
	printf("\n");
	munmap(m, total);
}

int main(int argc, char **argv)
{
	for (int a = 1; a < argc; a++) {
		FILE *f = fopen(argv[a], "rb");
		uint8_t *z, *ref;
		size_t zl, fl, n, lo[2], hi[2], cnt[2], ext = 0;
		int right[2], rc[2];
		struct ref_dstream *ds;
		size_t in_pos = 0, ret;

		if (!f) { perror(argv[a]); return 2; }
		fseek(f, 0, SEEK_END);
		zl = (size_t)ftell(f);
		rewind(f);
		z = malloc(zl);
		if (fread(z, 1, zl, f) != zl) { perror(argv[a]); return 2; }
		fclose(f);
		fl = ref_find_frame_compressed_size(z, zl);
		if (ref_is_error(fl)) { printf("%s: not a frame\n", argv[a]); continue; }
		ref = malloc(64UL << 20);
		ds = ref_dstream_create((size_t)1 << 27);
		n = 0;
		ret = ref_dstream_step(ds, ref, 64UL << 20, &n, z, fl, &in_pos);
		ref_dstream_free(ds);
		if (ret != 0) { printf("%s: reference cannot decode\n", argv[a]); continue; }
		printf("%s: frame %zu bytes, decodes to %zu\n", argv[a], fl, n);
		rc[0] = extent_run(z, fl, ref, n, 0xA5, &lo[0], &hi[0], &cnt[0], &right[0]);
		rc[1] = extent_run(z, fl, ref, n, 0x5A, &lo[1], &hi[1], &cnt[1], &right[1]);
		for (int i = 0; i < 2; i++)
			if (cnt[i] && hi[i] + 1 > ext)
				ext = hi[i] + 1;
		printf("  extent: unzstd %s, %s; past the decoded data: %zu/%zu bytes written, "
		       "first at +%zu, last at +%zu: %zu bytes of slack needed\n",
		       rc[0] || rc[1] ? "failed" : "ok", right[0] && right[1] ? "right bytes" : "WRONG bytes",
		       cnt[0], cnt[1], lo[0] < lo[1] ? lo[0] : lo[1], hi[0] > hi[1] ? hi[0] : hi[1], ext);
		printf("  guard:  slack 32: %s", guard_run(z, fl, ref, n, 32));
		if (ext > 32)
			printf("; slack %zu: %s", ext, guard_run(z, fl, ref, n, ext));
		{
			size_t s = ext;

			while (s < ext + 4096 && strcmp(guard_run(z, fl, ref, n, s), "clean"))
				s++;
			if (s > 0 && strcmp(guard_run(z, fl, ref, n, s - 1), "clean"))
				printf("; least clean slack %zu (%zu: %s)", s, s - 1, guard_run(z, fl, ref, n, s - 1));
			else
				printf("; least clean slack %zu", s);
		}
		printf("\n");
		after_run(z, fl, ref, n);
		free(ref);
		free(z);
	}
	return 0;
}

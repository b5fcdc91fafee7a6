// SPDX-License-Identifier: GPL-2.0
/*
 * The single-defect inputs of the decoder's checks (single_defect.h):
 *
 *   gen-single-defect write DIR        writes DIR/<file>/<check>.zst, its
 *                                      control <check>.ok.zst, DIR/MANIFEST,
 *                                      DIR/WAYS (how the kernel decodes each)
 *   gen-single-defect check DIR ZSTD   checks them against lib/zstd at ZSTD
 *
 * check: the committed files are what the builders make; the kernel
 * rejects each input the case's way (one-shot, also streamed; streamed; an
 * API call; through unzstd: single_defect_drive.h) with the error code of
 * its check (unzstd: its message); the reference rejects it the same way
 * (not asked for unzstd's own checks); both decode its control to the same
 * bytes, which also passes the case's way; the check's text is in its
 * file, once (or its occurrence), in its function. Prints a
 * line per input and per file, "checks proved: N" (checks_measure.py,
 * given this output, counts them against the reachable checks); exit 1 on
 * any failure.
 * A case this tree fails as a single-defect finding of corpus/findings.txt
 * says ("CASE: REASON", for this tree's zstd version) is "known", not proved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "file_read.h"
#include "kz.h"
#include "ref_zstd.h"
#include "single_defect.h"
#include "single_defect_drive.h"
#include "single_defect_text.h"
#include "zstd_fuzz.h"

#define OUT_CAP		((size_t)1 << 20)
#define STREAM_WINDOW	((size_t)1 << 23)
#define PATH_MAX_LEN	4096

static uint8_t frame[SD_FRAME_MAX], rout[OUT_CAP];

/*
 * unzstd-dstream-no-memory asks for a 2 TB workspace: the allocator says
 * no, as the kernel's vmalloc does, rather than ASan stopping the run.
 */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

static char *read_all(const char *path, size_t *len)
{
	return (char *)file_read(path, len);
}

/* The file at path into frame; 0 when it cannot be read or does not fit. */
static int read_all_into(const char *path, size_t *len)
{
	char *p = read_all(path, len);
	int ok = p && *len <= sizeof(frame);

	if (ok)
		memcpy(frame, p, *len);
	free(p);
	return ok;
}

static int write_all(const char *path, const void *p, size_t n)
{
	return sd_write_file("gen-single-defect", path, p, n);
}

static void input_path(char *buf, const char *dir, const struct sd_case *c, int control)
{
	char sub[64];

	sd_dir_name(c, sub, sizeof(sub));
	snprintf(buf, PATH_MAX_LEN, "%s/%s/%s%s.zst", dir, sub, c->name, control ? ".ok" : "");
}

static const char *const error_names[] = {
	[1] = "GENERIC", [10] = "prefix_unknown", [14] = "frameParameter_unsupported",
	[16] = "frameParameter_windowTooLarge", [20] = "corruption_detected",
	[22] = "checksum_wrong", [30] = "dictionary_corrupted", [32] = "dictionary_wrong",
	[64] = "memory_allocation", [70] = "dstSize_tooSmall", [72] = "srcSize_wrong",
};

static const char *error_name(int code)
{
	if (!code)
		return "-";	/* unzstd's own check: no code behind its message */
	if (code < 0 || (size_t)code >= sizeof(error_names) / sizeof(error_names[0]) ||
	    !error_names[code])
		return "?";
	return error_names[code];
}

/* The manifest: one line a check, "input | file | function | error | check text". */
static size_t manifest(char *buf, size_t cap)
{
	size_t n, len = 0;
	const struct sd_case *c = sd_cases(&n);
	char sub[64];

	len += (size_t)snprintf(buf, cap,
		"# Single-defect inputs of lib/zstd's decoder checks, made by\n"
		"# gen-single-defect (tools/seeds/single_defect.c); do not edit.\n"
		"# input | file (under lib/zstd/) | function | kernel error | check text\n"
		"# (occurrence N: the text's Nth occurrence in the function)\n");
	for (size_t i = 0; i < n && len < cap; i++) {
		sd_dir_name(&c[i], sub, sizeof(sub));
		len += (size_t)snprintf(buf + len, cap - len, "%s/%s.zst | %s | %s | %s | %s", sub,
					c[i].name, c[i].file, c[i].function, error_name(c[i].error),
					c[i].check);
		if (c[i].nth && len < cap)
			len += (size_t)snprintf(buf + len, cap - len, " (occurrence %d)", c[i].nth);
		if (len < cap)
			len += (size_t)snprintf(buf + len, cap - len, "\n");
	}
	return len;
}

/* A one-shot case the kernel must reject streamed too (kz_decompress_stream, whole input). */
static int also_streamed(const struct sd_case *c)
{
	return SD_DRIVE_OF(c) == SD_ONESHOT && !(c->flags & (SD_ONESHOT_ONLY | SD_CAP_SHORT));
}

/*
 * WAYS: how check decodes each input, one line a check, "input | way |
 * capacity | streamed too" (make kunit's suite decodes them so inside the
 * kernel).
 */
static size_t ways(char *buf, size_t cap)
{
	static const char *const way[] = { [SD_ONESHOT] = "oneshot",
		[SD_STREAM_BYTES] = "stream-bytes", [SD_STREAM_WHOLE] = "stream-whole",
		[SD_UNZSTD_ONE] = "unzstd-one", [SD_UNZSTD_FILL] = "unzstd-fill",
		[SD_UNZSTD_FLUSH] = "unzstd-flush", [SD_HEADER_NULL] = "header-null",
		[SD_STREAM_IN_PAST] = "stream-in-past", [SD_STREAM_OUT_PAST] = "stream-out-past" };
	size_t n, len;
	const struct sd_case *c = sd_cases(&n);
	char sub[64];

	len = (size_t)snprintf(buf, cap,
		"# How gen-single-defect check decodes each input of MANIFEST, made by\n"
		"# gen-single-defect write; do not edit. make kunit's suite does the same.\n"
		"# input | way (single_defect_drive.h) | capacity (1MiB, control: what\n"
		"# the input's .ok.zst decodes to, control-1: one byte less) | streamed\n"
		"# too (yes: also rejected by zstd_decompress_stream, all the input at\n"
		"# once, up to the first frame's end, into 1 MiB)\n");
	for (size_t i = 0; i < n && len < cap; i++) {
		sd_dir_name(&c[i], sub, sizeof(sub));
		len += (size_t)snprintf(buf + len, cap - len, "%s/%s.zst | %s | %s | %s\n", sub,
					c[i].name, way[SD_DRIVE_OF(&c[i])],
					c[i].flags & SD_EXACT_CAP ? "control" :
					c[i].flags & SD_CAP_SHORT ? "control-1" : "1MiB",
					also_streamed(&c[i]) ? "yes" : "no");
	}
	return len;
}

static int write_case(const char *dir, const struct sd_case *c)
{
	char path[PATH_MAX_LEN], name[64], sub[PATH_MAX_LEN + 64];
	size_t n;

	sd_dir_name(c, name, sizeof(name));
	snprintf(sub, sizeof(sub), "%.*s/%s", PATH_MAX_LEN - 1, dir, name);
	mkdir(sub, 0755);
	for (int control = 0; control < 2; control++) {
		int empty = !control && (c->flags & SD_EMPTY_INPUT);

		n = sd_build(c, frame, sizeof(frame), !control);
		if (!n && !control && !empty)
			return -1;
		input_path(path, dir, c, control);
		if ((n || empty) && write_all(path, frame, n))
			return -1;
	}
	return 0;
}

static int cmd_write(const char *dir)
{
	static char text[64 * 1024];
	size_t n;
	const struct sd_case *c = sd_cases(&n);
	char path[PATH_MAX_LEN];

	mkdir(dir, 0755);
	for (size_t i = 0; i < n; i++)
		if (write_case(dir, &c[i]))
			return 1;
	snprintf(path, sizeof(path), "%s/MANIFEST", dir);
	if (write_all(path, text, manifest(text, sizeof(text))))
		return 1;
	snprintf(path, sizeof(path), "%s/WAYS", dir);
	return write_all(path, text, ways(text, sizeof(text))) ? 1 : 0;
}

/* The committed file is what the builder makes (absent: no control). */
static const char *same_as_built(const char *dir, const struct sd_case *c, int control,
				 size_t *len)
{
	char path[PATH_MAX_LEN];
	size_t flen = 0;
	char *file;
	const char *why = NULL;

	*len = sd_build(c, frame, sizeof(frame), !control);
	input_path(path, dir, c, control);
	file = read_all(path, &flen);
	if (!control && (c->flags & SD_EMPTY_INPUT))
		why = !file || flen ? "not the empty file it should be (make single-defect)" : NULL;
	else if (!*len && file)
		why = "a control file the builder does not make";
	else if (*len && (!file || flen != *len || memcmp(file, frame, flen)))
		why = file ? "differs from what the builder makes (make single-defect)" :
			     "missing (make single-defect)";
	free(file);
	return why;
}

struct tally {
	const char *file;
	unsigned int proved;
};

/* The message of an unzstd check: the text between error(" and "). */
static void check_message(const struct sd_case *c, char *buf, size_t size)
{
	const char *p = strstr(c->check, "error(\""), *end = p ? strstr(p + 7, "\")") : NULL;

	snprintf(buf, size, "%.*s", end ? (int)(end - p - 7) : 0, end ? p + 7 : "");
}

/* Through unzstd: it fails with the check's message. */
static const char *unzstd_verdict(const struct sd_case *c, const uint8_t *z, size_t len)
{
	static char why[200];
	char want[128];
	const char *msg;

	check_message(c, want, sizeof(want));
	if (!sd_unzstd(SD_DRIVE_OF(c), z, len, &msg))
		return "unzstd accepts it";
	if (strcmp(msg, want)) {
		snprintf(why, sizeof(why), "unzstd rejects it for another reason: %s", msg);
		return why;
	}
	return NULL;
}

/* The kernel's result by the case's drive (not unzstd) into cap bytes. */
static size_t kernel_run(const struct sd_case *c, const uint8_t *z, size_t len, size_t cap)
{
	/* Guarded at both ends (fuzz_buf): a check removed may let a read or write out. */
	uint8_t *kout = fuzz_buf(FUZZ_SLOT_KERNEL, cap);

	return kout ? sd_decode(1, SD_DRIVE_OF(c), kout, cap, z, len) : (size_t)-1;
}

/* cap: 1 MiB, what the control decodes to (SD_EXACT_CAP), or one byte less (SD_CAP_SHORT). */
static const char *kernel_verdict(const struct sd_case *c, const uint8_t *z, size_t len,
				  size_t cap)
{
	static char why[160];
	static const char *const hows[] = { [SD_ONESHOT] = "one-shot",
		[SD_STREAM_BYTES] = "streamed", [SD_STREAM_WHOLE] = "streamed",
		[SD_HEADER_NULL] = "from zstd_get_frame_header",
		[SD_STREAM_IN_PAST] = "streamed", [SD_STREAM_OUT_PAST] = "streamed" };
	const char *how = hows[SD_DRIVE_OF(c)];
	size_t ret;

	if (sd_is_unzstd(SD_DRIVE_OF(c)))
		return unzstd_verdict(c, z, len);
	ret = kernel_run(c, z, len, cap);
	if (!kz_is_error(ret)) {
		snprintf(why, sizeof(why), "the kernel accepts it %s", how);
		return why;
	}
	if ((int)(0 - ret) != c->error) {
		snprintf(why, sizeof(why), "the kernel rejects it %s for another reason: %s (%d), not %s",
			 how, kz_error_name(ret), (int)(0 - ret), error_name(c->error));
		return why;
	}
	if (also_streamed(c)) {
		uint8_t *kout = fuzz_buf(FUZZ_SLOT_KERNEL, OUT_CAP);

		if (!kout || !kz_is_error(kz_decompress_stream(kout, OUT_CAP, z, len, STREAM_WINDOW, 0)))
			return "the kernel accepts it streamed";
	}
	if (c->flags & SD_REF_ACCEPTS)
		return ref_is_error(sd_decode(0, SD_DRIVE_OF(c), rout, cap, z, len)) ?
		       "the reference rejects it: no longer its known divergence" : NULL;
	if (!ref_is_error(sd_decode(0, SD_DRIVE_OF(c), rout, cap, z, len)))
		return "the reference accepts it";
	return NULL;
}

/* The control decodes the same in both; *size gets its size. */
static const char *control_verdict(const uint8_t *z, size_t len, size_t *size)
{
	uint8_t *kout = fuzz_buf(FUZZ_SLOT_KERNEL, OUT_CAP);
	size_t k, r = ref_decompress(rout, OUT_CAP, z, len);

	if (!kout)
		return "out of memory";
	k = kz_decompress(kout, OUT_CAP, z, len);

	if (kz_is_error(k) || ref_is_error(r))
		return "its control is rejected";
	if (k != r || memcmp(kout, rout, k))
		return "its control decodes to other bytes in the two libraries";
	*size = k;
	return NULL;
}

/* The control passes the case's own drive too (streamed, through unzstd). */
static const char *control_drive_verdict(const struct sd_case *c, const uint8_t *z, size_t len)
{
	const char *msg;

	if (sd_is_unzstd(SD_DRIVE_OF(c)))
		return sd_unzstd(SD_DRIVE_OF(c), z, len, &msg) ? "unzstd rejects its control" : NULL;
	if (SD_DRIVE_OF(c) == SD_STREAM_BYTES || SD_DRIVE_OF(c) == SD_STREAM_WHOLE) {
		if (kz_is_error(kernel_run(c, z, len, OUT_CAP)))
			return "the kernel rejects its control streamed";
	}
	return NULL;
}

static size_t case_cap(const struct sd_case *c, size_t size)
{
	if (c->flags & SD_EXACT_CAP)
		return size;
	return c->flags & SD_CAP_SHORT ? size - 1 : OUT_CAP;
}

/* The check's line in its file under zstd, where its text is in its function. */
static const char *check_line(const char *zstd, const struct sd_case *c, unsigned int *line)
{
	char path[PATH_MAX_LEN];

	snprintf(path, sizeof(path), "%s/%s", zstd, c->file);
	return sd_text_line(path, c->function, c->check, c->nth, line);
}

static const char *check_case(const char *dir, const char *zstd, const struct sd_case *c)
{
	size_t len, clen, size = 0;
	unsigned int line;
	const char *why;

	why = same_as_built(dir, c, 1, &clen);
	if (!why && clen)
		why = control_verdict(frame, clen, &size);
	if (!why && clen)
		why = control_drive_verdict(c, frame, clen);
	if (!why && (c->flags & (SD_EXACT_CAP | SD_CAP_SHORT)) && !size)
		why = "a capacity from the control without a control to size it";
	if (!why)
		why = same_as_built(dir, c, 0, &len);
	if (!why)
		why = kernel_verdict(c, frame, len, case_cap(c, size));
	if (why)
		return why;
	return check_line(zstd, c, &line);
}

/* Per file, the inputs that passed; tools/coverage/checks_measure.py says of how many reachable checks. */
static void report_files(const struct tally *t, size_t nt, unsigned int total)
{
	for (size_t i = 0; i < nt; i++)
		printf("single-defect: %s: checks proved: %u\n", t[i].file, t[i].proved);
	printf("single-defect: checks proved: %u\n", total);
}

static int cmd_check(const char *dir, const char *zstd)
{
	static char want[64 * 1024];
	struct tally t[16];
	size_t n, nt = 0;
	const struct sd_case *c = sd_cases(&n);
	char path[PATH_MAX_LEN];
	unsigned int proved = 0;
	int fail = 0;

	snprintf(path, sizeof(path), "%s/MANIFEST", dir);
	if (!sd_file_is(path, want, manifest(want, sizeof(want)))) {
		printf("single-defect: FAIL %s differs from the cases (make single-defect)\n", path);
		fail = 1;
	}
	snprintf(path, sizeof(path), "%s/WAYS", dir);
	if (!sd_file_is(path, want, ways(want, sizeof(want)))) {
		printf("single-defect: FAIL %s differs from the cases (make single-defect)\n", path);
		fail = 1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *why;
		size_t j;

		/* Named first: a sanitizer's report (a removed check) follows the name. */
		printf("single-defect: %s: ", c[i].name);
		fflush(stdout);
		why = check_case(dir, zstd, &c[i]);

		for (j = 0; j < nt && strcmp(t[j].file, c[i].file); j++)
			;
		if (j == nt && nt < sizeof(t) / sizeof(t[0]))
			t[nt++] = (struct tally){ c[i].file, 0 };
		if (why && sd_known("gen-single-defect", c[i].name, why)) {
			printf("known %s (corpus/findings.txt)\n", why);
			continue;
		}
		printf("%s %s\n", why ? "FAIL" : "ok", why ? why : error_name(c[i].error));
		if (why)
			fail = 1;
		else if (j < nt && ++proved)
			t[j].proved++;
	}
	report_files(t, nt, proved);
	return fail;
}

/* The kernel's decoding of frame (len bytes) alone, by c's drive: 0 when it fails for c's reason. */
static int run_alone(const struct sd_case *c, size_t len, size_t cap)
{
	const char *why = kernel_verdict(c, frame, len, cap);

	printf("single-defect: %s: %s\n", c->name, why ? why : "rejected for its reason");
	return why != NULL;
}

/* Decodes one input (DIR/<file>/<name>.zst) as check does (the reference too). */
static int cmd_run(const char *dir, const char *name)
{
	char path[PATH_MAX_LEN];
	size_t n, len, clen, size = 0;
	const struct sd_case *c = sd_cases(&n);
	const char *why;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(c[i].name, name))
			continue;
		clen = sd_build(&c[i], frame, sizeof(frame), 0);
		why = clen ? control_verdict(frame, clen, &size) : NULL;
		input_path(path, dir, &c[i], 0);
		if (why || !read_all_into(path, &len))
			return 1;
		return run_alone(&c[i], len, case_cap(&c[i], size));
	}
	return 2;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "run"))
		return cmd_run(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "write"))
		return cmd_write(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "check"))
		return cmd_check(argv[2], argv[3]);
	fprintf(stderr, "usage: gen-single-defect write DIR | check DIR LIB_ZSTD_DIR | run DIR NAME\n");
	return 2;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The single-defect inputs of the decoder's checks (single_defect.h):
 *
 *   gen-single-defect write DIR        writes DIR/<file>/<check>.zst, its
 *                                      control <check>.ok.zst, DIR/MANIFEST
 *   gen-single-defect check DIR ZSTD   checks them against lib/zstd at ZSTD
 *
 * check: the committed files are what the builders make; the kernel
 * rejects each input one-shot with the error code of its check, and
 * streamed; the reference rejects it; both decode its control to the same
 * bytes; the check's text is in its file, once, in its function. Prints a
 * line per input and per file, "checks proved: N of M"; exit 1 on any failure.
 * A case this tree fails as a single-defect finding of corpus/findings.txt
 * says ("CASE: REASON", for this tree's zstd version) is "known", not proved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "file_read.h"
#include "findings_table.h"
#include "kz.h"
#include "ref_zstd.h"
#include "single_defect.h"
#include "zstd_fuzz.h"

#define OUT_CAP		((size_t)1 << 20)
#define STREAM_WINDOW	((size_t)1 << 23)
#define PATH_MAX_LEN	4096

static uint8_t frame[SD_FRAME_MAX], rout[OUT_CAP];

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
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(p, 1, n, f) == n;

	if (f && fclose(f))
		ok = 0;
	if (!ok)
		fprintf(stderr, "gen-single-defect: %s: cannot write\n", path);
	return ok ? 0 : -1;
}

static void input_path(char *buf, const char *dir, const struct sd_case *c, int control)
{
	char sub[64];

	sd_dir_name(c, sub, sizeof(sub));
	snprintf(buf, PATH_MAX_LEN, "%s/%s/%s%s.zst", dir, sub, c->name, control ? ".ok" : "");
}

static const char *const error_names[] = {
	[10] = "prefix_unknown", [14] = "frameParameter_unsupported",
	[16] = "frameParameter_windowTooLarge", [20] = "corruption_detected",
	[22] = "checksum_wrong", [30] = "dictionary_corrupted", [32] = "dictionary_wrong",
	[70] = "dstSize_tooSmall", [72] = "srcSize_wrong",
};

static const char *error_name(int code)
{
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

static int write_case(const char *dir, const struct sd_case *c)
{
	char path[PATH_MAX_LEN], name[64], sub[PATH_MAX_LEN + 64];
	size_t n;

	sd_dir_name(c, name, sizeof(name));
	snprintf(sub, sizeof(sub), "%.*s/%s", PATH_MAX_LEN - 1, dir, name);
	mkdir(sub, 0755);
	for (int control = 0; control < 2; control++) {
		n = sd_build(c, frame, sizeof(frame), !control);
		if (!n && !control)
			return -1;
		input_path(path, dir, c, control);
		if (n && write_all(path, frame, n))
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
	return write_all(path, text, manifest(text, sizeof(text))) ? 1 : 0;
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
	if (!*len && file)
		why = "a control file the builder does not make";
	else if (*len && (!file || flen != *len || memcmp(file, frame, flen)))
		why = file ? "differs from what the builder makes (make single-defect)" :
			     "missing (make single-defect)";
	free(file);
	return why;
}

static int ident_char(char ch)
{
	return ch == '_' || (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= 'a' && ch <= 'z');
}

/*
 * A line that opens a function definition (at column 0, an identifier
 * before its first parenthesis, no ';' at its end): 1 when it is name's,
 * 0 when another's; -1 for any other line.
 */
static int opens_function(const char *line, size_t len, const char *name)
{
	const char *paren = memchr(line, '(', len), *end, *start;

	if (!len || !ident_char(line[0]) || !paren || line[len - 1] == ';')
		return -1;
	for (end = paren; end > line && end[-1] == ' '; end--)
		;
	for (start = end; start > line && ident_char(start[-1]); start--)
		;
	if (start == end)
		return -1;
	return (size_t)(end - start) == strlen(name) && !memcmp(start, name, strlen(name));
}

/* s occurs in the n bytes at p. */
static int line_has(const char *p, size_t n, const char *s)
{
	size_t sl = strlen(s);

	for (size_t i = 0; i + sl <= n; i++)
		if (!memcmp(p + i, s, sl))
			return 1;
	return 0;
}

/*
 * The check's text occurs in src once within its function (or at least
 * nth times), and that is where; *line gets the line of that occurrence.
 */
static const char *text_in_function(const char *src, const struct sd_case *c, unsigned int *line)
{
	const char *p = src, *eol;
	int in = 0, found = 0;
	unsigned int n = 0;

	for (; *p; p = *eol ? eol + 1 : eol) {
		int f;

		n++;
		eol = strchr(p, '\n');
		if (!eol)
			eol = p + strlen(p);
		f = opens_function(p, (size_t)(eol - p), c->function);
		if (f >= 0)
			in = f;
		if (in && line_has(p, (size_t)(eol - p), c->check) && ++found == (c->nth ? c->nth : 1))
			*line = n;
	}
	if (c->nth ? found >= c->nth : found == 1)
		return NULL;
	if (found && !c->nth)
		return "the check's text is in its function more than once";
	return found ? "the check's text is in its function fewer times than its occurrence" :
		       "the check's text is not in its function (stale entry?)";
}

struct tally {
	const char *file;
	unsigned int proved;
};

/* cap: the one-shot capacity, 1 MiB or what the control decodes to (SD_EXACT_CAP). */
static const char *kernel_verdict(const struct sd_case *c, const uint8_t *z, size_t len,
				  size_t cap)
{
	static char why[160];
	/* Guarded at both ends (fuzz_buf): a check removed may let a read or write out. */
	uint8_t *kout = fuzz_buf(FUZZ_SLOT_KERNEL, cap);
	size_t ret;

	if (!kout)
		return "out of memory";
	ret = kz_decompress(kout, cap, z, len);

	if (!kz_is_error(ret))
		return "the kernel accepts it one-shot";
	if ((int)(0 - ret) != c->error) {
		snprintf(why, sizeof(why), "the kernel rejects it one-shot for another reason: %s (%d), not %s",
			 kz_error_name(ret), (int)(0 - ret), error_name(c->error));
		return why;
	}
	kout = fuzz_buf(FUZZ_SLOT_KERNEL, OUT_CAP);
	if (!kout || (!(c->flags & SD_ONESHOT_ONLY) &&
		      !kz_is_error(kz_decompress_stream(kout, OUT_CAP, z, len, STREAM_WINDOW, 0))))
		return "the kernel accepts it streamed";
	if (!ref_is_error(ref_decompress(rout, OUT_CAP, z, len)))
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

/* The check's line in its file under zstd, where its text is in its function. */
static const char *check_line(const char *zstd, const struct sd_case *c, unsigned int *line)
{
	char path[PATH_MAX_LEN];
	const char *why;
	size_t len;
	char *src;

	snprintf(path, sizeof(path), "%s/%s", zstd, c->file);
	src = read_all(path, &len);
	if (!src)
		return "cannot read its file in the tree";
	why = text_in_function(src, c, line);
	free(src);
	return why;
}

static const char *check_case(const char *dir, const char *zstd, const struct sd_case *c)
{
	size_t len, clen, size = 0;
	unsigned int line;
	const char *why;

	why = same_as_built(dir, c, 1, &clen);
	if (!why && clen)
		why = control_verdict(frame, clen, &size);
	if (!why && (c->flags & SD_EXACT_CAP) && !clen)
		why = "exact capacity without a control to size it";
	if (!why)
		why = same_as_built(dir, c, 0, &len);
	if (!why)
		why = kernel_verdict(c, frame, len, c->flags & SD_EXACT_CAP ? size : OUT_CAP);
	if (why)
		return why;
	return check_line(zstd, c, &line);
}

/* Error returns in a file, as the unreachable lists count them: lines with one of the macros. */
static unsigned int error_returns(const char *zstd, const char *file)
{
	static const char *const macros[] = { "RETURN_ERROR_IF(", "RETURN_ERROR(", "CHECK_F(",
					      "FORWARD_IF_ERROR(", "CHECK_E(", "return ERROR(" };
	char path[PATH_MAX_LEN];
	size_t len;
	unsigned int n = 0;
	char *src, *line;

	snprintf(path, sizeof(path), "%s/%s", zstd, file);
	src = read_all(path, &len);
	for (line = src ? strtok(src, "\n") : NULL; line; line = strtok(NULL, "\n"))
		for (size_t i = 0; i < sizeof(macros) / sizeof(macros[0]); i++)
			if (strstr(line, macros[i]) && !strstr(line, "#define")) {
				n++;
				break;
			}
	free(src);
	return n;
}

static void report_files(const char *zstd, const struct tally *t, size_t nt, unsigned int total)
{
	for (size_t i = 0; i < nt; i++)
		printf("single-defect: %s: checks proved: %u of %u error returns\n", t[i].file,
		       t[i].proved, error_returns(zstd, t[i].file));
	printf("single-defect: checks proved: %u\n", total);
}

/* A case this tree's zstd version fails as a single-defect finding of the registry says. */
static int known(const char *name, const char *why)
{
	char state[256];

	snprintf(state, sizeof(state), "%s: %s", name, why);
	return findings_find("finding", "single-defect", "gen-single-defect", state) != NULL;
}

static int cmd_check(const char *dir, const char *zstd)
{
	static char want[64 * 1024];
	struct tally t[8];
	size_t n, nt = 0, len = 0;
	const struct sd_case *c = sd_cases(&n);
	char path[PATH_MAX_LEN], *have;
	unsigned int proved = 0;
	int fail = 0;

	snprintf(path, sizeof(path), "%s/MANIFEST", dir);
	have = read_all(path, &len);
	if (!have || len != manifest(want, sizeof(want)) || memcmp(have, want, len)) {
		printf("single-defect: FAIL %s differs from the cases (make single-defect)\n", path);
		fail = 1;
	}
	free(have);
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
		if (why && known(c[i].name, why)) {
			printf("known %s (corpus/findings.txt)\n", why);
			continue;
		}
		printf("%s %s\n", why ? "FAIL" : "ok", why ? why : error_name(c[i].error));
		if (why)
			fail = 1;
		else if (j < nt && ++proved)
			t[j].proved++;
	}
	report_files(zstd, t, nt, proved);
	return fail;
}

/* Each check's line: "<input> <file> <line>", for llvm-cov (single-defect-branches.sh). */
static int cmd_lines(const char *zstd)
{
	size_t n;
	const struct sd_case *c = sd_cases(&n);
	char sub[64];
	int fail = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned int line = 0;
		const char *why = check_line(zstd, &c[i], &line);

		sd_dir_name(&c[i], sub, sizeof(sub));
		if (why)
			fprintf(stderr, "gen-single-defect: %s: %s\n", c[i].name, why);
		else
			printf("%s/%s %s %u\n", sub, c[i].name, c[i].file, line);
		fail |= why != NULL;
	}
	return fail;
}

/* The kernel's one-shot decoding of frame (len bytes) alone: 0 when it fails for c's reason. */
static int run_oneshot(const struct sd_case *c, size_t len, size_t cap)
{
	uint8_t *kout = fuzz_buf(FUZZ_SLOT_KERNEL, cap);
	size_t ret = kout ? kz_decompress(kout, cap, frame, len) : 0;
	int ok = kout && kz_is_error(ret) && (int)(0 - ret) == c->error;

	printf("single-defect: %s: one-shot into %zu bytes: %s\n", c->name, cap,
	       kz_is_error(ret) ? kz_error_name(ret) : "accepted");
	return !ok;
}

/* Decodes one input (DIR/<file>/<name>.zst) one-shot as check does, the kernel side alone. */
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
		return run_oneshot(&c[i], len, c[i].flags & SD_EXACT_CAP ? size : OUT_CAP);
	}
	return 2;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "lines"))
		return cmd_lines(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "run"))
		return cmd_run(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "write"))
		return cmd_write(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "check"))
		return cmd_check(argv[2], argv[3]);
	fprintf(stderr, "usage: gen-single-defect write DIR | check DIR LIB_ZSTD_DIR | lines LIB_ZSTD_DIR | run DIR NAME\n");
	return 2;
}

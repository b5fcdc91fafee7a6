// SPDX-License-Identifier: GPL-2.0
/*
 * kz-bench: the tree's kernel zstd against the reference zstd, side by
 * side in one process, on the data sets named on the command line.
 *
 *   kz-bench [-l LEVELS] [-m MODES] [-s SAMPLE_MS] [-c ROW_CAP_S]
 *            [-n MIN] [-N MAX] [-S STABLE_PCT] [-F NOISY_PCT]
 *            [-T TREE] [-o CSV] NAME=FILE[@UNIT]...
 *
 * UNIT > 0 compresses the file UNIT bytes at a time, each unit its own
 * frame (4096: pages as zram and btrfs see them). The table goes to
 * stdout as rows finish; the CSV is written beside OUT and renamed.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_output.h"
#include "bench_row.h"
#include "kz.h"
#include "ref_zstd.h"

#define MAX_DATA 16
#define MAX_LEVELS 16

struct config {
	struct bench_opts opts;
	int levels[MAX_LEVELS];
	size_t nlevels;
	int modes[BENCH_MODES];
	struct bench_data data[MAX_DATA];
	size_t ndata;
	const char *tree;
	const char *csv;
};

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "kz-bench: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	exit(2);
}

static double parse_num(const char *s, const char *what, double lo, double hi)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || v < lo || v > hi)
		die("bad %s", what);
	return v;
}

static void parse_levels(struct config *c, char *list)
{
	c->nlevels = 0;
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		if (c->nlevels == MAX_LEVELS)
			die("too many levels (at most 16): %s", tok);
		c->levels[c->nlevels++] = (int)parse_num(tok, "level (-l LIST)",
							 ref_min_level(), ref_max_level());
	}
	if (!c->nlevels)
		die("no level in -l %s", "");
}

static void parse_modes(struct config *c, char *list)
{
	memset(c->modes, 0, sizeof(c->modes));
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		int m;

		for (m = 0; m < BENCH_MODES; m++)
			if (!strcmp(tok, bench_mode_name(m)))
				break;
		if (m == BENCH_MODES)
			die("unknown mode '%s' (oneshot, stream, decompress)", tok);
		c->modes[m] = 1;
	}
}

static unsigned char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	long len = 0;

	if (!f)
		die("%s: cannot open", path);
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die("%s: cannot read", path);
	if (!len)
		die("%s: empty file", path);
	buf = malloc((size_t)len);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len)
		die("%s: cannot read", path);
	fclose(f);
	*size = (size_t)len;
	return buf;
}

/* NAME=FILE[@UNIT] */
static void parse_data(struct config *c, char *arg)
{
	struct bench_data *d = &c->data[c->ndata];
	char *eq = strchr(arg, '='), *at;

	if (c->ndata == MAX_DATA)
		die("too many data sets (at most 16): %s", arg);
	if (!eq || eq == arg)
		die("bad data set '%s' (NAME=FILE[@UNIT])", arg);
	*eq = '\0';
	if (strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
	    strlen(arg))
		die("bad data set name '%s' (letters, digits, _ and -)", arg);
	at = strrchr(eq + 1, '@');
	d->unit = 0;
	if (at) {
		*at = '\0';
		d->unit = (size_t)parse_num(at + 1, "unit (NAME=FILE@UNIT)", 1, 1 << 30);
	}
	d->name = arg;
	d->buf = read_file(eq + 1, &d->size);
	c->ndata++;
}

static void parse_args(struct config *c, int argc, char **argv)
{
	static char default_levels[] = "-5,1,3,9,15,19";
	int opt;

	*c = (struct config){
		.opts = { .sample_s = 0.02, .row_cap_s = 1.5, .min_samples = 5,
			  .max_samples = 15, .stable = 0.02, .noisy = 0.05 },
		.modes = { 1, 1, 1 },
		.tree = "tree",
	};
	parse_levels(c, default_levels);
	while ((opt = getopt(argc, argv, "l:m:s:c:n:N:S:F:T:o:")) != -1) {
		switch (opt) {
		case 'l': parse_levels(c, optarg); break;
		case 'm': parse_modes(c, optarg); break;
		case 's': c->opts.sample_s = parse_num(optarg, "-s SAMPLE_MS", 1, 10000) / 1e3; break;
		case 'c': c->opts.row_cap_s = parse_num(optarg, "-c ROW_CAP_S", 0, 3600); break;
		case 'n': c->opts.min_samples = (size_t)parse_num(optarg, "-n MIN", 1, BENCH_MAX_SAMPLES); break;
		case 'N': c->opts.max_samples = (size_t)parse_num(optarg, "-N MAX", 1, BENCH_MAX_SAMPLES); break;
		case 'S': c->opts.stable = parse_num(optarg, "-S STABLE_PCT", 0, 1000) / 100; break;
		case 'F': c->opts.noisy = parse_num(optarg, "-F NOISY_PCT", 0, 1000) / 100; break;
		case 'T': c->tree = optarg; break;
		case 'o': c->csv = optarg; break;
		default:
			die("usage: kz-bench [-l LEVELS] [-m MODES] [-s SAMPLE_MS] [-c ROW_CAP_S] [-n MIN] [-N MAX] [-S STABLE_PCT] [-F NOISY_PCT] [-T TREE] [-o CSV] NAME=FILE[@UNIT]...%s", "");
		}
	}
	if (strchr(c->tree, ',') || strchr(c->tree, '\n'))
		die("bad tree label '%s' (no commas)", c->tree);
	if (c->opts.max_samples < c->opts.min_samples)
		c->opts.max_samples = c->opts.min_samples;
	if (optind == argc)
		die("no data set given (NAME=FILE[@UNIT])%s", "");
	for (int i = optind; i < argc; i++)
		parse_data(c, argv[i]);
}

static FILE *csv_open(const char *path, char *tmp, size_t tmplen)
{
	FILE *f;

	if ((size_t)snprintf(tmp, tmplen, "%s.tmp.%ld", path, (long)getpid()) >= tmplen)
		die("%s: path too long", path);
	f = fopen(tmp, "w");
	if (!f)
		die("%s: cannot write", tmp);
	bench_csv_header(f);
	return f;
}

static void csv_close(FILE *f, const char *tmp, const char *path)
{
	if (ferror(f) | fclose(f) || rename(tmp, path)) {
		unlink(tmp);
		die("%s: cannot write", path);
	}
}

int main(int argc, char **argv)
{
	static struct config c;
	char tmp[PATH_MAX], err[256];
	FILE *csv = NULL;
	unsigned int kv = kh_kernel_zstd_version(), rv = ref_version();
	int failed = 0, noisy = 0, rows = 0;
	double t0 = bench_cpu_now();

	parse_args(&c, argc, argv);
	if (c.csv)
		csv = csv_open(c.csv, tmp, sizeof(tmp));
	printf("kz-bench: %s: kernel zstd %u.%u.%u against reference zstd %u.%u.%u; CPU-time clock, interleaved samples, MB = 1e6 bytes of uncompressed data\n",
	       c.tree, kv / 10000, kv / 100 % 100, kv % 100, rv / 10000, rv / 100 % 100, rv % 100);
	for (size_t i = 0; i < c.ndata; i++)
		printf("  %-11s %zu bytes%s%.0zu\n", c.data[i].name, c.data[i].size,
		       c.data[i].unit ? ", units of " : "", c.data[i].unit);
	bench_table_header(stdout);
	for (size_t d = 0; d < c.ndata; d++)
		for (int m = 0; m < BENCH_MODES; m++)
			for (size_t l = 0; c.modes[m] && l < c.nlevels; l++) {
				struct bench_row row = { .data = &c.data[d], .mode = m,
							 .level = c.levels[l] };

				if (bench_row_run(&row, &c.opts, err, sizeof(err))) {
					fprintf(stderr, "kz-bench: %s %s level %d: %s\n", row.data->name,
						bench_mode_name(row.mode), row.level, err);
					failed = 1;
					continue;
				}
				rows++;
				noisy += row.noisy;
				bench_table_row(stdout, &row);
				if (csv)
					bench_csv_row(csv, c.tree, &row);
			}
	if (csv)
		csv_close(csv, tmp, c.csv);
	printf("kz-bench: %d rows, %d flagged NOISY (interquartile range of the kernel/reference ratio above %.0f%% of its median), %.1f s CPU\n",
	       rows, noisy, 100 * c.opts.noisy, bench_cpu_now() - t0);
	if (2 * noisy > rows)
		printf("kz-bench: the machine was too noisy for most rows: trust only ratios far from 1, and re-run when it is quieter\n");
	return failed;
}

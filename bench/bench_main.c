// SPDX-License-Identifier: GPL-2.0
/*
 * kz-bench: the tree's kernel zstd against the reference zstd, side by
 * side in one process, on the data sets named on the command line; kz-ab
 * (the same program linked with a baseline tree's kernel side,
 * bench.build.mk): the tree against the baseline, with -B.
 *
 *   kz-bench [-l LEVELS] [-m MODES] [-s SAMPLE_MS] [-c ROW_CAP_S]
 *            [-n MIN] [-N MAX] [-S STABLE_PCT] [-F NOISY_PCT]
 *            [-B] [-g] [-G STAGES] [-t THRESHOLD_PCT] [-R RETRY_MAX] [-r RETRY_BUDGET_S]
 *            [-X PCT:DATA]
 *            [-T TREE] [-o CSV] [NAME=FILE[@UNIT]...]
 *
 * UNIT > 0 compresses the file UNIT bytes at a time, each unit its own
 * frame (4096: pages as zram and btrfs see them). -g adds the per-stage
 * rows (bench_stages.c), -G only those named. -B compares with the
 * baseline and gives each row a verdict: FAIL when the whole 95% interval
 * of the speed ratio lies below 1 + THRESHOLD (-5%), pass when above with
 * a steady ratio, inconclusive otherwise after up to RETRY_MAX samples,
 * and after one more measurement with 4 times longer samples while the
 * run's RETRY_BUDGET_S CPU seconds last (60). -X slows side A down by
 * PCT% on data set DATA (or every row of mode DATA, or * for all), to
 * calibrate. The table goes
 * to stdout as rows finish; the CSV is written beside OUT and renamed.
 */
#include <errno.h>
#include <sched.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_output.h"
#include "bench_row.h"
#include "bench_stages.h"
#include "name_list.h"
#include "ref_zstd.h"

#define MAX_DATA 40
#define MAX_LEVELS 32

struct config {
	struct bench_opts opts;
	int levels[MAX_LEVELS];
	size_t nlevels;
	int modes[BENCH_MODES];
	struct bench_data data[MAX_DATA];
	size_t ndata;
	int stages;		/* -g: the per-stage rows */
	const char *only;	/* -G: only these stage rows (comma-separated names) */
	int ab;			/* -B: against the baseline tree */
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
			die("too many levels (at most 32): %s", tok);
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
			die("unknown mode '%s' (oneshot, stream, decompress, dstream, dstream4k)", tok);
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

/* -X PCT:DATA: side A spends PCT% more CPU time on data set DATA. */
static void parse_slow(struct config *c, char *arg)
{
	char *colon = strchr(arg, ':');

	if (!colon || !colon[1])
		die("bad -X '%s' (PCT:DATA)", arg);
	*colon = '\0';
	c->opts.slow = parse_num(arg, "-X PCT", 0, 1000) / 100;
	c->opts.slow_data = colon + 1;
}

/* NAME=FILE[@UNIT] */
static void parse_data(struct config *c, char *arg)
{
	struct bench_data *d = &c->data[c->ndata];
	char *eq = strchr(arg, '='), *at;

	if (c->ndata == MAX_DATA)
		die("too many data sets (at most 40): %s", arg);
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
	c->opts.threshold = -0.05;
	c->opts.retry_samples = 45;
	c->opts.retry_budget_s = 60;
	while ((opt = getopt(argc, argv, "l:m:s:c:n:N:S:F:T:o:Bgt:R:r:X:G:")) != -1) {
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
		case 'B': c->ab = 1; break;
		case 'g': c->stages = 1; break;
		case 'G': c->stages = 1; c->only = optarg; break;
		case 't': c->opts.threshold = parse_num(optarg, "-t THRESHOLD_PCT", -100, 100) / 100; break;
		case 'R':
			c->opts.retry_samples = (size_t)parse_num(optarg, "-R RETRY_MAX", 1,
								  BENCH_MAX_SAMPLES);
			break;
		case 'r': c->opts.retry_budget_s = parse_num(optarg, "-r RETRY_BUDGET_S", 0, 3600); break;
		case 'X': parse_slow(c, optarg); break;
		default:
			die("usage: kz-bench [-l LEVELS] [-m MODES] [-s SAMPLE_MS] [-c ROW_CAP_S] [-n MIN] [-N MAX] [-S STABLE_PCT] [-F NOISY_PCT] [-B] [-g] [-G STAGES] [-t THRESHOLD_PCT] [-R RETRY_MAX] [-r RETRY_BUDGET_S] [-X PCT:DATA] [-T TREE] [-o CSV] [NAME=FILE[@UNIT]...]%s", "");
		}
	}
	if (strchr(c->tree, ',') || strchr(c->tree, '\n'))
		die("bad tree label '%s' (no commas)", c->tree);
	if (c->opts.max_samples < c->opts.min_samples)
		c->opts.max_samples = c->opts.min_samples;
	if (optind == argc && !c->stages)
		die("no data set given (NAME=FILE[@UNIT], or -g)%s", "");
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

struct tally {
	FILE *csv;
	const char *tree;
	int failed, noisy, rows;
	int verdicts[4];
};

static void run_row(struct config *c, struct tally *t, const struct bench_data *d,
		    enum bench_mode mode, int level, const char *what)
{
	struct bench_row row = { .data = d, .mode = mode, .level = level };
	char err[256], mix[256];

	if (bench_row_run(&row, &c->opts, err, sizeof(err))) {
		fprintf(stderr, "kz-bench: %s %s level %d: %s\n", d->name, bench_mode_name(mode),
			level, err);
		t->failed = 1;
		return;
	}
	c->opts.retry_budget_s -= row.retry_s;
	t->rows++;
	t->noisy += row.noisy;
	t->verdicts[row.verdict]++;
	bench_table_row(stdout, &row);
	if (what) {
		bench_mix_line(&row.mix, mix, sizeof(mix));
		printf("    %s%s%s\n", what, bench_mode_decodes(mode) ? ": " : "",
		       bench_mode_decodes(mode) ? mix : "");
	}
	if (t->csv)
		bench_csv_row(t->csv, t->tree, &row);
}

/* The per-stage rows: data made for each stage, its mode and level. */
static void run_stages(struct config *c, struct tally *t)
{
	for (size_t i = 0; bench_stage(i); i++) {
		const struct bench_stage *st = bench_stage(i);
		struct bench_data d = { .name = st->name, .size = st->size, .unit = st->unit,
					.checksum = st->checksum, .wlog = st->wlog };
		unsigned char *buf;

		if (c->only && !name_in_list(c->only, st->name))
			continue;
		buf = bench_stage_data(st);
		if (!buf)
			die("out of memory for %s", st->name);
		d.buf = buf;
		run_row(c, t, &d, st->mode, st->level, st->what);
		free(buf);
	}
}

/* One CPU for the whole run where the system allows it: no migrations
 * between the two sides' samples. Says which, or why not. */
static void pin_and_say(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;
	double load[3] = { 0, 0, 0 };

	CPU_ZERO(&set);
	if (cpu >= 0)
		CPU_SET(cpu, &set);
	if (cpu >= 0 && !sched_setaffinity(0, sizeof(set), &set))
		printf("kz-bench: pinned to CPU %d", cpu);
	else
		printf("kz-bench: not pinned (%s)", strerror(errno));
	if (getloadavg(load, 3) == 3)
		printf("; load average %.2f %.2f %.2f\n", load[0], load[1], load[2]);
	else
		printf("\n");
}

static void print_version(const char *what, unsigned int v)
{
	printf("%s %u.%u.%u", what, v / 10000, v / 100 % 100, v % 100);
}

int main(int argc, char **argv)
{
	static struct config c;
	char tmp[PATH_MAX];
	struct tally t = { 0 };
	double t0 = bench_cpu_now();

	parse_args(&c, argc, argv);
	if (c.ab) {
		if (!&bench_base_impl)
			die("-B: this program has no baseline tree linked in (make bench BASELINE_SRC=)%s", "");
		bench_row_sides(&bench_kernel_impl, "cand", &bench_base_impl, "base");
		c.opts.verdicts = 1;
	}
	t.tree = c.tree;
	if (c.csv)
		t.csv = csv_open(c.csv, tmp, sizeof(tmp));
	printf("kz-bench: %s: ", c.tree);
	print_version(c.ab ? "candidate kernel zstd" : "kernel zstd", bench_kernel_impl.version());
	print_version(c.ab ? " against baseline kernel zstd" : " against reference zstd",
		      c.ab ? bench_base_impl.version() : bench_ref_impl.version());
	printf("; CPU-time clock, interleaved samples, MB = 1e6 bytes of uncompressed data\n");
	pin_and_say();
	if (c.opts.slow > 0)
		printf("kz-bench: calibration: side A slowed down by %.1f%% on %s\n",
		       100 * c.opts.slow, c.opts.slow_data);
	for (size_t i = 0; i < c.ndata; i++)
		printf("  %-11s %zu bytes%s%.0zu\n", c.data[i].name, c.data[i].size,
		       c.data[i].unit ? ", units of " : "", c.data[i].unit);
	bench_table_header(stdout);
	if (c.stages)
		run_stages(&c, &t);
	for (size_t d = 0; d < c.ndata; d++)
		for (int m = 0; m < BENCH_MODES; m++)
			for (size_t l = 0; c.modes[m] && l < c.nlevels; l++)
				run_row(&c, &t, &c.data[d], m, c.levels[l], NULL);
	if (t.csv)
		csv_close(t.csv, tmp, c.csv);
	printf("kz-bench: %d rows, %d flagged NOISY (interquartile range of the %s/%s ratio above %.0f%% of its median), %.1f s CPU\n",
	       t.rows, t.noisy, bench_side_name(BENCH_KERNEL), bench_side_name(BENCH_REF),
	       100 * c.opts.noisy, bench_cpu_now() - t0);
	if (c.ab)
		printf("kz-bench: verdicts at %+.1f%%: %d pass, %d FAIL, %d inconclusive\n",
		       100 * c.opts.threshold, t.verdicts[BENCH_PASS], t.verdicts[BENCH_FAIL],
		       t.verdicts[BENCH_INCONCLUSIVE]);
	else if (2 * t.noisy > t.rows)
		printf("kz-bench: the machine was too noisy for most rows: trust only ratios far from 1, and re-run when it is quieter\n");
	return t.failed;
}

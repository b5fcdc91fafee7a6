// SPDX-License-Identifier: GPL-2.0
/*
 * gate-stack: the deepest stack each wrapper entry point uses, per level,
 * by painted-stack measurement, against conformance/stack-budgets.txt.
 * An entry point over a budget is known when corpus/findings.txt has a
 * stack finding for it on this tree's zstd ("ENTRY over its N B budget,
 * up to M B"), and only up to that finding's ceiling M: a byte more is new.
 * Meaningful only in the plain variant (gcc -O2, kernel-like flags).
 *
 *   gate-stack [--budgets FILE] [--csv FILE] [--quick]
 *
 * --csv writes "entry,level,bytes,budget" rows for baseline comparison;
 * --quick measures levels min, -1, 1, 3, 9 and max only.
 */
#include <linux/zstd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings_table.h"
#include "gate_tap.h"
#include "name_list.h"
#include "stack_budget.h"
#include "stack_calls.h"
#include "stack_paint.h"

#define PROG		"gate-stack"
#define MAX_LEVELS	64
#define MAX_ROWS	(MAX_LEVELS * 11 + 8)
#define MAX_BUDGETS	64
#define PROBE_BYTES	4096

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

struct opts {
	const char *budgets;
	const char *csv;
	int quick;
};

static int parse_args(int argc, char **argv, struct opts *o)
{
	*o = (struct opts){ "conformance/stack-budgets.txt", NULL, 0 };
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--budgets") && i + 1 < argc)
			o->budgets = argv[++i];
		else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
			o->csv = argv[++i];
		else if (!strcmp(argv[i], "--quick"))
			o->quick = 1;
		else
			return -1;
	}
	return 0;
}

static size_t levels_of(int quick, int *levels)
{
	int min = zstd_min_clevel(), max = zstd_max_clevel();
	static const int quick_set[] = { -1, 1, 3, 9 };
	size_t n = 0;

	levels[n++] = min;
	if (quick) {
		memcpy(levels + n, quick_set, sizeof(quick_set));
		n += sizeof(quick_set) / sizeof(quick_set[0]);
		levels[n++] = max;
		return n;
	}
	levels[n++] = -5;
	levels[n++] = -1;
	for (int l = 1; l <= max && n < MAX_LEVELS; l++)
		levels[n++] = l;
	return n;
}

static void probe(void *arg)
{
	volatile unsigned char buf[PROBE_BYTES];

	for (size_t i = 0; i < sizeof(buf); i += 64)
		buf[i] = (unsigned char)i;
	*(unsigned char *)arg = buf[PROBE_BYTES - 64];
}

static void noop(void *arg)
{
	*(unsigned char *)arg = 0;
}

/* The painter must see a frame of known size, or no figure means anything. */
static void check_painter(struct gate_tap *t)
{
	unsigned char sink;
	long base = stack_paint_run(64 * 1024, noop, &sink);
	long used = stack_paint_run(64 * 1024, probe, &sink) - base;

	gate_one(t, base >= 0 && used >= PROBE_BYTES && used <= PROBE_BYTES + 512,
		 "painter sees a %d-byte local array (measured %ld B over a %ld B baseline)",
		 PROBE_BYTES, used, base);
}

static const char *level_text(int level, char *buf, size_t len)
{
	if (level == STACK_NO_LEVEL)
		return "";
	snprintf(buf, len, "%d", level);
	return buf;
}

struct verdicts {
	const struct stack_budget *budgets;
	size_t nbudgets;
	const struct stack_row *worst;	/* highest share of its budget */
	long worst_budget;
};

static long budget_of(const struct verdicts *v, const struct stack_row *r)
{
	const struct stack_budget *b = stack_budget_find(v->budgets, v->nbudgets, r->entry,
							 r->level == STACK_NO_LEVEL ?
							 STACK_BUDGET_NO_LEVEL : r->level);

	return b ? b->bytes : -1;
}

/*
 * The ceiling of the registry's stack finding for this entry point and
 * budget ("ENTRY over its N B budget, up to M B"): M, or -1 when there is
 * none (or its ceiling does not parse: lib/findings.py refuses that).
 */
static long known_ceiling(const char *entry, long budget)
{
	char prefix[160], tail[4];
	int n = snprintf(prefix, sizeof(prefix), "%s over its %ld B budget, up to ", entry, budget);

	for (size_t i = 0; i < findings_table_count; i++) {
		const struct findings_entry *e = &findings_table[i];
		long ceiling;

		if (!e->kind || strcmp(e->kind, "finding") || strcmp(e->class_name, "stack") ||
		    !name_in_list(e->targets, PROG) || strncmp(e->signature, prefix, (size_t)n))
			continue;
		if (sscanf(e->signature + n, "%ld %3s", &ceiling, tail) == 2 &&
		    !strcmp(tail, "B") && ceiling > budget)
			return ceiling;
	}
	return -1;
}

/* The known ceiling over this budget, said once per entry point and budget; -1: none. */
static long known_growth(const char *entry, long budget)
{
	static char said[MAX_BUDGETS][160];
	static size_t nsaid;
	long ceiling = known_ceiling(entry, budget);
	char state[160];

	if (ceiling < 0)
		return -1;
	snprintf(state, sizeof(state), "%s over its %ld B budget, up to %ld B", entry, budget,
		 ceiling);
	for (size_t i = 0; i < nsaid; i++)
		if (!strcmp(said[i], state))
			return ceiling;
	if (nsaid < MAX_BUDGETS)
		snprintf(said[nsaid++], sizeof(said[0]), "%s", state);
	printf("# %s: known (corpus/findings.txt)\n", state);
	return ceiling;
}

/* A row over its budget: new, or known and over the finding's ceiling by a byte or more. */
static void over_budget(struct gate_tap *t, const struct stack_row *r, long budget,
			const char *lv)
{
	long ceiling = known_growth(r->entry, budget);

	if (ceiling < 0)
		gate_expect(t, 0, "level %s: %ld B over its %ld B budget", lv, r->bytes, budget);
	else
		gate_expect(t, r->bytes <= ceiling,
			    "level %s: %ld B over its %ld B budget and over the %ld B its known finding allows",
			    lv, r->bytes, budget, ceiling);
}

/* One TAP line per entry point, every level of it a case. */
static void check_entry(struct gate_tap *t, struct verdicts *v, const struct stack_table *tab,
			const char *entry)
{
	char lv[16];

	gate_begin(t, "%s stack within budget at every level", entry);
	for (size_t i = 0; i < tab->count; i++) {
		const struct stack_row *r = &tab->rows[i];
		long budget = budget_of(v, r);

		if (strcmp(r->entry, entry))
			continue;
		level_text(r->level, lv, sizeof(lv));
		if (!gate_expect(t, r->bytes >= 0, "level %s: the call failed", lv) ||
		    !gate_expect(t, budget > 0, "level %s: no budget line matches", lv))
			continue;
		if (r->bytes > budget)
			over_budget(t, r, budget, lv);
		if (!v->worst || r->bytes * v->worst_budget > v->worst->bytes * budget) {
			v->worst = r;
			v->worst_budget = budget;
		}
	}
	gate_end(t);
}

static void print_table(const struct stack_table *tab, const struct verdicts *v)
{
	char lv[16];

	printf("# %-24s %6s %8s %8s\n", "entry point", "level", "bytes", "budget");
	for (size_t i = 0; i < tab->count; i++) {
		const struct stack_row *r = &tab->rows[i];

		printf("# %-24s %6s %8ld %8ld\n", r->entry, level_text(r->level, lv, sizeof(lv)),
		       r->bytes, budget_of(v, r));
	}
	printf("# (baseline of the thread and harness, subtracted: %ld B)\n", tab->baseline);
}

/* entry,level,bytes,budget: written whole, then renamed into place. */
static int write_csv(const char *path, const struct stack_table *tab, const struct verdicts *v)
{
	char tmp[4096], lv[16];
	FILE *f;
	int bad;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return -1;
	fprintf(f, "entry,level,bytes,budget\n");
	for (size_t i = 0; i < tab->count; i++) {
		const struct stack_row *r = &tab->rows[i];

		fprintf(f, "%s,%s,%ld,%ld\n", r->entry, level_text(r->level, lv, sizeof(lv)),
			r->bytes, budget_of(v, r));
	}
	bad = ferror(f);
	bad |= fclose(f);
	if (bad || rename(tmp, path)) {
		remove(tmp);
		return -1;
	}
	return 0;
}

static void check_all(struct gate_tap *t, struct verdicts *v, const struct stack_table *tab)
{
	static const char *const entries[] = {
		"zstd_init_cctx", "zstd_compress_cctx", "zstd_init_cstream",
		"zstd_compress_stream", "zstd_flush_stream", "zstd_end_stream",
		"zstd_reset_cstream", "zstd_init_dctx", "zstd_decompress_dctx",
		"zstd_init_dstream", "zstd_decompress_stream", "zstd_reset_dstream",
		"zstd_get_frame_header", "zstd_find_frame_compressed_size",
	};

	for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
		check_entry(t, v, tab, entries[i]);
}

int main(int argc, char **argv)
{
	static struct stack_budget budgets[MAX_BUDGETS];
	static struct stack_row rows[MAX_ROWS];
	struct stack_table tab = { rows, 0, MAX_ROWS, 0, "" };
	struct verdicts v = { budgets, 0, NULL, 0 };
	struct gate_tap t;
	int levels[MAX_LEVELS];
	char err[256], lv[16];
	struct opts o;
	size_t n;

	gate_init(&t, PROG);
	if (parse_args(argc, argv, &o))
		return gate_error(&t, "usage: %s [--budgets FILE] [--csv FILE] [--quick]", PROG);
#ifdef SANITIZED
	return gate_error(&t, "built with a sanitizer: stack figures are meaningless; run the plain variant's binary");
#endif
	if (stack_budget_load(o.budgets, budgets, MAX_BUDGETS, &v.nbudgets, err, sizeof(err)))
		return gate_error(&t, "%s", err);
	check_painter(&t);
	n = levels_of(o.quick, levels);
	if (stack_measure_all(&tab, levels, n))
		return gate_error(&t, "could not measure: %s",
				  tab.error[0] ? tab.error : "a painted thread did not run");
	print_table(&tab, &v);
	check_all(&t, &v, &tab);
	if (o.csv && write_csv(o.csv, &tab, &v))
		return gate_error(&t, "cannot write %s", o.csv);
	if (!v.worst)
		return gate_finish(&t, "no entry measured");
	return gate_finish(&t, "deepest vs budget: %s level %s %ld B of %ld B (%zu rows, %zu levels)",
			   v.worst->entry, level_text(v.worst->level, lv, sizeof(lv)),
			   v.worst->bytes, v.worst_budget, tab.count, n);
}

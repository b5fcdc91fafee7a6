// SPDX-License-Identifier: GPL-2.0
#include "bench_output.h"

void bench_table_header(FILE *f)
{
	char a[40], b[40], ratio[16];

	snprintf(a, sizeof(a), "%s MB/s med [min-max]", bench_side_name(BENCH_KERNEL));
	snprintf(b, sizeof(b), "%s MB/s med [min-max]", bench_side_name(BENCH_REF));
	snprintf(ratio, sizeof(ratio), "%.1s/%s", bench_side_name(BENCH_KERNEL),
		 bench_side_name(BENCH_REF));
	fprintf(f, "%-11s %-10s %4s | %-24s | %-24s | %6s %7s %-15s | %8s %8s | %3s %s\n",
		"data", "mode", "lvl", a, b, ratio, "iqr", "95% interval", "cratio a",
		"cratio b", "n", "flag");
}

static void side_cell(FILE *f, const struct bench_side *s)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.1f [%.1f-%.1f]", s->st.median, s->st.min, s->st.max);
	fprintf(f, "%-24s", buf);
}

void bench_table_row(FILE *f, const struct bench_row *row)
{
	const struct bench_side *k = &row->side[BENCH_KERNEL];

	fprintf(f, "%-11s %-10s %4d | ", row->data->name, bench_mode_name(row->mode), row->level);
	side_cell(f, k);
	fprintf(f, " | ");
	side_cell(f, &row->side[BENCH_REF]);
	fprintf(f, " | %6.3f %6.1f%% [%.3f,%.3f] | %8.3f %8.3f | %3zu %s%s%s\n",
		bench_row_ratio(row), 100.0 * bench_stats_iqr_rel(&row->ratio_st), row->ci_lo,
		row->ci_hi, bench_row_cratio(row, BENCH_KERNEL), bench_row_cratio(row, BENCH_REF),
		k->st.n, row->noisy ? "NOISY " : "",
		row->verdict ? bench_verdict_name(row->verdict) : "",
		row->attempts > 1 ? " (measured again, longer samples)" : "");
	fflush(f);
}

void bench_csv_header(FILE *f)
{
	fprintf(f, "tree,dataset,bytes,unit,mode,level,"
		"kernel_mbs,kernel_min,kernel_max,kernel_n,kernel_spread_pct,"
		"ref_mbs,ref_min,ref_max,ref_n,ref_spread_pct,"
		"kernel_over_ref,ratio_min,ratio_max,ratio_spread_pct,ratio_iqr_pct,kernel_cratio,ref_cratio,kernel_csize,ref_csize,noisy,"
		"ratio_ci_lo,ratio_ci_hi,verdict,side_a,side_b\n");
}

static void csv_side(FILE *f, const struct bench_side *s)
{
	fprintf(f, "%.3f,%.3f,%.3f,%zu,%.2f,", s->st.median, s->st.min, s->st.max, s->st.n,
		100.0 * bench_stats_spread(&s->st));
}

void bench_csv_row(FILE *f, const char *tree, const struct bench_row *row)
{
	const struct bench_data *d = row->data;

	fprintf(f, "%s,%s,%zu,%zu,%s,%d,", tree, d->name, d->size, d->unit,
		bench_mode_name(row->mode), row->level);
	csv_side(f, &row->side[BENCH_KERNEL]);
	csv_side(f, &row->side[BENCH_REF]);
	fprintf(f, "%.4f,%.4f,%.4f,%.2f,%.2f,", bench_row_ratio(row), row->ratio_st.min,
		row->ratio_st.max, 100.0 * bench_stats_spread(&row->ratio_st),
		100.0 * bench_stats_iqr_rel(&row->ratio_st));
	fprintf(f, "%.4f,%.4f,%zu,%zu,%d,%.4f,%.4f,%s,%s,%s\n",
		bench_row_cratio(row, BENCH_KERNEL), bench_row_cratio(row, BENCH_REF),
		row->side[BENCH_KERNEL].out_size, row->side[BENCH_REF].out_size, row->noisy,
		row->ci_lo, row->ci_hi, bench_verdict_name(row->verdict),
		bench_side_name(BENCH_KERNEL), bench_side_name(BENCH_REF));
}

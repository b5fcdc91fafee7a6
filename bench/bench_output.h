/* SPDX-License-Identifier: GPL-2.0 */
/* The benchmark's terminal table and CSV lines, one row at a time. */
#ifndef BENCH_OUTPUT_H
#define BENCH_OUTPUT_H

#include <stdio.h>

#include "bench_row.h"

void bench_table_header(FILE *f);
void bench_table_row(FILE *f, const struct bench_row *row);
void bench_csv_header(FILE *f);
void bench_csv_row(FILE *f, const char *tree, const struct bench_row *row);

#endif

#!/usr/bin/env bash
# A PNG bar chart of one ratio column of a kz-bench or kz-ab CSV, one bar
# per row (data set, mode, level), coloured by mode, with the line of
# equal speed at 1 and, for the speed ratio, each row's 95% interval.
#
#   bench-chart.sh CSV COLUMN TITLE OUT_PNG
set -euo pipefail

die() { echo "bench-chart: $*" >&2; exit 1; }

[ $# -eq 4 ] || die "usage: bench-chart.sh CSV COLUMN TITLE OUT_PNG"
csv=$1 column=$2 title=$3 png=$4
[ -f "$csv" ] || die "$csv: no such file"
command -v gnuplot >/dev/null || die "gnuplot missing (ci/install-deps.sh gnuplot-nox)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kz-chart.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

awk -F, -v column="$column" '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i
	  if (!(column in col) || !("dataset" in col) || !("mode" in col) || !("level" in col)) exit 2
	  next }
{ m = $(col["mode"]); c = m == "oneshot" ? 1 : (m == "stream" ? 2 : 3)
  v = $(col[column]); lo = hi = v
  if (column == "kernel_over_ref" && ("ratio_ci_lo" in col)) { lo = $(col["ratio_ci_lo"]); hi = $(col["ratio_ci_hi"]) }
  printf "%d \"%s %s %s\" %s %d %s %s\n", NR - 2, $(col["dataset"]), substr(m, 1, 3), $(col["level"]), v, c, lo, hi }
' "$csv" >"$tmp/data" || die "$csv: no column $column (or not a bench CSV)"
[ -s "$tmp/data" ] || die "$csv: no rows"
rows=$(wc -l <"$tmp/data")
width=$((rows * 16 + 200))
[ "$width" -ge 800 ] || width=800

cat >"$tmp/plot.gp" <<GP
set terminal pngcairo size $width,600 font "sans,9"
set output "$png.tmp"
set title "$title"
set style fill solid 0.8 border -1
set boxwidth 0.8
set xtics rotate by 90 right nomirror
set grid ytics
set key off
set yrange [0:*]
set xrange [-1:$rows]
set arrow from -1,1 to $rows,1 nohead lc rgb "black" dt 2
set linetype 1 lc rgb "#1f77b4"
set linetype 2 lc rgb "#ff7f0e"
set linetype 3 lc rgb "#2ca02c"
set label "blue: one-shot compression   orange: streaming compression   green: decompression   black: 95% interval" at graph 0.01,0.97
plot "$tmp/data" using 1:3:4:xtic(2) with boxes lc variable, \
     "$tmp/data" using 1:3:5:6 with yerrorbars lc rgb "black" pt 0
GP
gnuplot "$tmp/plot.gp" 2>"$tmp/err" || die "gnuplot: $(head -n1 "$tmp/err")"
mv "$png.tmp" "$png"

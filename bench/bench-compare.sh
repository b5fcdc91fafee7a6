#!/usr/bin/env bash
# Joins two kz-bench CSVs of the same data sets, a candidate tree's and a
# baseline tree's, into one row per (data set, unit, mode, level):
#   cand_over_base       candidate kernel MB/s / baseline kernel MB/s
#   ref_control          candidate run's reference MB/s / baseline run's:
#                        the same library in both, so its distance from 1
#                        is the drift of the machine between the two runs
#   cand_over_base_norm  (candidate kernel/reference) / (baseline
#                        kernel/reference): the drift taken out; use this
#   noisy                1 when either row was NOISY or ref_control is off
#                        by more than BENCH_DRIFT_PCT (default 5)
# Prints a table; writes OUT_CSV beside and renames it.
#
#   bench-compare.sh CAND_CSV BASE_CSV OUT_CSV
set -euo pipefail

die() { echo "bench-compare: $*" >&2; exit 1; }

[ $# -eq 3 ] || die "usage: bench-compare.sh CAND_CSV BASE_CSV OUT_CSV"
cand=$1 base=$2 out=$3
for f in "$cand" "$base"; do
	[ -f "$f" ] || die "$f: no such file"
	head -n1 "$f" | grep -q '^tree,dataset,bytes,unit,mode,level,kernel_mbs,' ||
		die "$f: not a kz-bench CSV (header)"
done
drift=${BENCH_DRIFT_PCT:-5}

awk -F, -v drift="$drift" -v out="$out.tmp" '
FNR == 1 { fi++; for (i = 1; i <= NF; i++) col[fi, $i] = i; next }
function v(name) { return $(col[fi, name]) }
function isort(a, n,    i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]
		a[j + 1] = t
	}
}
fi == 1 {
	k = v("dataset") "," v("unit") "," v("mode") "," v("level")
	if (!(k in ck)) order[++n] = k
	ck[k] = v("kernel_mbs"); cr[k] = v("ref_mbs"); ckr[k] = v("kernel_over_ref")
	cc[k] = v("kernel_cratio"); cn[k] = v("noisy"); ctree = v("tree"); next
}
{
	k = v("dataset") "," v("unit") "," v("mode") "," v("level")
	bk[k] = v("kernel_mbs"); br[k] = v("ref_mbs"); bkr[k] = v("kernel_over_ref")
	bc[k] = v("kernel_cratio"); bn[k] = v("noisy"); btree = v("tree"); seen[k] = 1
}
END {
	print "dataset,unit,mode,level,cand_kernel_mbs,base_kernel_mbs,cand_over_base," \
	      "cand_ref_mbs,base_ref_mbs,ref_control,cand_over_base_norm," \
	      "cand_kernel_cratio,base_kernel_cratio,noisy" > out
	printf "candidate %s against baseline %s (kernel MB/s; ref_control: reference drift between the runs)\n", ctree, btree
	printf "%-11s %-10s %4s | %9s %9s %8s | %7s | %9s | %8s %8s | %s\n", "data", "mode", "lvl",
	       "cand MB/s", "base MB/s", "cand/base", "ref ctl", "norm c/b", "cratio c", "cratio b", "flag"
	m = 0; flagged = 0
	for (i = 1; i <= n; i++) {
		k = order[i]
		if (!(k in seen)) { printf "bench-compare: %s only in the candidate\n", k > "/dev/stderr"; continue }
		split(k, f, ",")
		r = bk[k] > 0 ? ck[k] / bk[k] : 0
		ctl = br[k] > 0 ? cr[k] / br[k] : 0
		norm = bkr[k] > 0 ? ckr[k] / bkr[k] : 0
		off = ctl - 1; if (off < 0) off = -off
		noisy = (cn[k] || bn[k] || off * 100 > drift) ? 1 : 0
		flagged += noisy; m++
		dn = norm - 1; if (dn < 0) dn = -dn
		dr = r - 1; if (dr < 0) dr = -dr
		devn[m] = dn; devr[m] = dr; within += dn <= 0.05
		printf "%s,%s,%s,%s,%.3f,%.3f,%.4f,%.3f,%.3f,%.4f,%.4f,%s,%s,%d\n", f[1], f[2], f[3], f[4],
		       ck[k], bk[k], r, cr[k], br[k], ctl, norm, cc[k], bc[k], noisy > out
		printf "%-11s %-10s %4s | %9.1f %9.1f %9.3f | %7.3f | %9.3f | %8.3f %8.3f | %s\n",
		       f[1], f[3], f[4], ck[k], bk[k], r, ctl, norm, cc[k], bc[k], noisy ? "NOISY" : ""
	}
	for (k in seen) if (!(k in ck)) printf "bench-compare: %s only in the baseline\n", k > "/dev/stderr"
	if (!m) { print "bench-compare: no row in common" > "/dev/stderr"; exit 1 }
	isort(devn, m); isort(devr, m)
	printf "bench-compare: %d rows, %d flagged NOISY; |norm c/b - 1|: median %.1f%%, max %.1f%%, %d rows within 5%%; |cand/base - 1|: median %.1f%%, max %.1f%%\n",
	       m, flagged, 100 * devn[int((m + 1) / 2)], 100 * devn[m], within,
	       100 * devr[int((m + 1) / 2)], 100 * devr[m]
}' "$cand" "$base" || { rm -f "$out.tmp"; die "no row in common"; }
mv "$out.tmp" "$out"

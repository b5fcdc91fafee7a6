# The common ground of the campaign tests, sourced once fail() is defined:
#   campaign_fixture BDIR TREE_DIR WORKROOT [STATE_DIR]
# Sets bdir, tree, root, t (unzstd), planted and psha (a known crasher and
# its sha1: a finding is certain), work and findings (in STATE_DIR,
# default WORKROOT), and campaign (the
# campaign.py command without -s and the target), and lays out fresh
# ROOT/seeds/unzstd: the planted crasher and two valid frames.
campaign_fixture() {
	local top
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	bdir=$1 tree=$2 root=$3 t=unzstd
	planted=$top/corpus/open-findings/unzstd-window-guard-overflow/window-guard-overflow.zst
	[ -f "$planted" ] || fail "$planted: the planted crasher is missing"
	[ -x "$bdir/fuzz/fuzz/$t" ] || fail "$bdir/fuzz/fuzz/$t: not built"
	rm -rf "$root"
	mkdir -p "$root/seeds/$t"
	cp "$planted" "$root/seeds/$t/planted.zst"
	printf 'kzfuzz campaign test\n' | zstd -q -c >"$root/seeds/$t/text.zst"
	head -c 4096 /dev/zero | zstd -q -19 -c >"$root/seeds/$t/zeros.zst"
	psha=$(sha1sum <"$planted" | cut -c1-40)
	work=${4:-$root}/work findings=${4:-$root}/findings
	campaign=("$top/fuzz/campaign.py" -e libfuzzer -b "$bdir" -T "$tree" -w "$work" -f "$findings"
		-k "$top/corpus/findings.txt" -j 1 -o 5 -S "$root/seeds")
}

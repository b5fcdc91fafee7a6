#!/usr/bin/env bash
# spec-stats.sh REPLAYER CORPUS: replays CORPUS through spec_frames'
# replayer and prints its spec-stats line (what the inputs reached); says
# so in one line when the replay stopped on a finding before it.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: spec-stats.sh REPLAYER CORPUS" >&2; exit 2; }
bin=$1 corpus=$2
[ -x "$bin" ] || { echo "spec-stats: $bin: no replayer" >&2; exit 1; }
[ -d "$corpus" ] || { echo "spec-stats: $corpus: no such corpus" >&2; exit 1; }
rc=0
out=$(KZFUZZ_SPEC_STATS=1 "$bin" "$corpus" 2>&1 >/dev/null) || rc=$?
line=$(grep -m1 'kzfuzz: spec-stats:' <<<"$out" || true)
if [ -z "$line" ]; then
	echo "spec-stats: $corpus: the replay stopped before its stats (exit $rc): $(grep -m1 '==KZFUZZ==\|ERROR' <<<"$out" || true)" >&2
	exit 1
fi
echo "spec-stats: $corpus (${line#kzfuzz: spec-stats: })"
errata=$(grep -m1 'kzfuzz: spec-errata:' <<<"$out" || true)
[ -z "$errata" ] || echo "spec-errata: $corpus: ${errata#kzfuzz: spec-errata: }"

#!/usr/bin/env bash
# The first reference's source, for the MemorySanitizer variants (which
# cannot link Debian's uninstrumented libzstd.a): Debian's libzstd source
# package of the version installed, fetched with apt-get source (deb-src
# entries: ci/install-deps.sh --deb-src), its .dsc's sha256 checked against
# the one pinned here, the rest by dpkg-source -x against the .dsc's
# checksums, its lib/ (Debian's patches applied) kept as CACHE/libzstd-VERSION/.
# Not the installed 1.5.4+dfsg2-5+deb12u1: its source is not on the mirror
# (apt-get source: 404, 2026-12-06), and it adds one patch,
# 0023-reduce-streaming-decompression-memory (its changelog): streamed, the
# two may differ on frames that need the buffer's last 128 KB.
# Prints that folder; when the source cannot be had, one line on stderr
# says why and the exit status is 1 (the MSan build then judges with zstd
# 1.5.7 alone).
#   zstd-deb-src.sh CACHE
set -euo pipefail
version=1.5.4+dfsg2-5
dsc_sha256=8f602f92b575aa8b5e979196fb6ee82d78f233521dc9636526d3ecba1f63c1b1
cache=$(realpath -m "${1:?usage: zstd-deb-src.sh CACHE}")
out=$cache/libzstd-$version
say() { echo "zstd-deb-src: libzstd $version source not available: $*; MSan judges with zstd 1.5.7 alone" >&2; exit 1; }

if [ -f "$out/dsc.sha256" ] && [ "$(cat "$out/dsc.sha256")" = "$dsc_sha256" ]; then
	echo "$out"
	exit 0
fi
command -v dpkg-source >/dev/null || say "dpkg-source is not installed (dpkg-dev)"
"$(dirname "$0")"/../ci/install-deps.sh --deb-src 2>&1 | sed 's/^/zstd-deb-src: /' >&2 || say "no deb-src entries for apt"
mkdir -p "$cache"
tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && timeout 300 apt-get source --download-only -qq "libzstd=$version" >get.out 2>&1) ||
	say "apt-get source failed: $(tail -n1 "$tmp/get.out")"
dsc=$tmp/libzstd_${version#*:}.dsc
[ -f "$dsc" ] || say "apt-get source wrote no .dsc"
got=$(sha256sum "$dsc" | cut -d' ' -f1)
[ "$got" = "$dsc_sha256" ] || say ".dsc sha256 mismatch: got $got"
(cd "$tmp" && dpkg-source -x "$dsc" src >x.out 2>&1) ||
	say "dpkg-source -x failed (checksums?): $(grep -m1 -i 'error' "$tmp/x.out" || tail -n1 "$tmp/x.out")"
grep -q "#define ZSTD_VERSION_RELEASE *4" "$tmp/src/lib/zstd.h" || say "the source is not zstd 1.5.4"
mv "$tmp/src/lib" "$tmp/pkg"
echo "$dsc_sha256" >"$tmp/pkg/dsc.sha256"
rm -rf "$out"
mv "$tmp/pkg" "$out"
echo "$out"

#!/usr/bin/env bash
# The newest upstream zstd, the second reference: upstream 1.5.7's lib/
# as the npm package zstd-napi 0.0.13 bundles it (deps/zstd/lib), fetched
# with npm pack, its sha512 checked against the registry's integrity
# string pinned here, unpacked into CACHE/zstd-1.5.7/ (write-then-rename).
# Prints that folder; when npm or the package cannot be had, one line on
# stderr says why and the exit status is 1 (the build then goes on with
# the distro's libzstd alone).
#   zstd-next.sh CACHE
set -euo pipefail
pkg=zstd-napi@0.0.13
version=1.5.7
integrity=sha512-ErGF+Ko1PsbooU6oC/sc/diiWKwVa0kd/5AkFSs7kg5kwcEuOtSzOy3xUOadXQlAVNab9TxsxaUk3hOq3cj/lA==
cache=${1:?usage: zstd-next.sh CACHE}
out=$cache/zstd-$version
say() { echo "zstd-next: $pkg (zstd $version) not available: $*; judging with the distro's libzstd alone" >&2; exit 1; }

if [ -f "$out/integrity" ] && [ "$(cat "$out/integrity")" = "$integrity" ]; then
	echo "$out"
	exit 0
fi
command -v npm >/dev/null || say "npm is not installed"
mkdir -p "$cache"
tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && timeout 300 npm pack --silent "$pkg" >pack.out 2>pack.err) ||
	say "npm pack failed: $(tail -n1 "$tmp/pack.err")"
tgz=$tmp/$(tail -n1 "$tmp/pack.out")
[ -f "$tgz" ] || say "npm pack wrote no tarball"
got=sha512-$(python3 -c 'import base64, hashlib, sys
print(base64.b64encode(hashlib.sha512(open(sys.argv[1], "rb").read()).digest()).decode())' "$tgz")
[ "$got" = "$integrity" ] || say "integrity mismatch: got $got"
mkdir -p "$tmp/zstd"
tar -xzf "$tgz" -C "$tmp/zstd" --strip-components=3 package/deps/zstd/lib ||
	say "the tarball has no deps/zstd/lib"
grep -q "#define ZSTD_VERSION_MINOR *5" "$tmp/zstd/lib/zstd.h" &&
	grep -q "#define ZSTD_VERSION_RELEASE *7" "$tmp/zstd/lib/zstd.h" || say "deps/zstd/lib is not zstd $version"
echo "$integrity" >"$tmp/zstd/integrity"
rm -rf "$out"
mv "$tmp/zstd" "$out"
echo "$out"

#!/usr/bin/env bash
# The first reference's source for a SANITIZER=memory build (build.sh):
# MemorySanitizer needs every library instrumented, so libzstd 1.5.4 is
# compiled by build.mk with the build's own flags (ref/ref.build.mk, as the
# msan variant does) instead of linking an uninstrumented libzstd.a.
# KZFUZZ_REF_SRC (a libzstd lib/ folder) when set, else Debian's source
# package through ref/zstd-deb-src.sh (integrity checked), cached in
# KZFUZZ_ZSTD_DEB_SRC_CACHE (locally: what make fetched, build/zstd-deb-src)
# or WORK/zstd-deb-src. Prints the lib/ folder; when there is none, one
# line on stderr says why and the exit status is 1.
#   ref-src.sh WORK
set -euo pipefail
work=${1:?usage: ref-src.sh WORK}
if [ -n "${KZFUZZ_REF_SRC:-}" ]; then
	[ -f "$KZFUZZ_REF_SRC/zstd.h" ] ||
		{ echo "build.sh: KZFUZZ_REF_SRC=$KZFUZZ_REF_SRC: no zstd.h there (want libzstd's lib/)" >&2; exit 1; }
	echo "$KZFUZZ_REF_SRC"
	exit 0
fi
cache=${KZFUZZ_ZSTD_DEB_SRC_CACHE:-$work/zstd-deb-src}
mkdir -p "$work"
if ! src=$(ref/zstd-deb-src.sh "$cache" 2>"$work/zstd-deb-src.err"); then
	echo "build.sh: SANITIZER=memory needs libzstd 1.5.4's source to instrument" \
		"(KZFUZZ_REF_SRC): $(tail -n1 "$work/zstd-deb-src.err")" >&2
	exit 1
fi
echo "$src"

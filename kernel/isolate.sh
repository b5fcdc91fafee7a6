#!/usr/bin/env bash
# Link kernel objects into one relocatable object and keep global only the
# kernel-style API (zstd_*), the boot decompressor (unzstd) and our probes
# (kh_*). lib/zstd's ZSTD_*, HUF_*, FSE_*, xxh*, g_debuglevel... become local,
# so the reference libzstd linked beside it cannot be confused with it.
#   isolate.sh OUT.o OBJ...
set -euo pipefail
out=${1:?usage: isolate.sh OUT.o OBJ...}
shift
LD=${LD:-ld}
NM=${NM:-nm}
OBJCOPY=${OBJCOPY:-objcopy}

"$LD" -r -o "$out.all.o" "$@"
"$NM" -g --defined-only "$out.all.o" |
	awk '$3 ~ /^(zstd_|kh_)/ || $3 == "unzstd" { print $3 }' | sort -u >"$out.keep"
grep -q '^zstd_decompress_dctx$' "$out.keep" ||
	{ echo "isolate: no zstd_decompress_dctx among the kernel objects" >&2; exit 1; }
"$OBJCOPY" --keep-global-symbols="$out.keep" "$out.all.o" "$out.tmp"
leaked=$("$NM" -g --defined-only "$out.tmp" | awk '{ print $3 }' | grep -vxF -f "$out.keep" || true)
[ -z "$leaked" ] || { echo "isolate: symbols still global: $leaked" >&2; exit 1; }
mv "$out.tmp" "$out"
rm -f "$out.all.o"

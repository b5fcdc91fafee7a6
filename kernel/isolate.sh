#!/usr/bin/env bash
# Link objects into one relocatable object and keep global only the API
# that others call. For the kernel: the kernel-style API (zstd_*), the boot
# decompressor (unzstd) and our probes (kh_*); lib/zstd's ZSTD_*, HUF_*,
# FSE_*, xxh*, g_debuglevel... become local, so the reference libzstd
# linked beside it cannot be confused with it. -k REGEX keeps other names
# (the second reference keeps its refn_* wrapper), -m NAME is the symbol
# that must be there.
#   isolate.sh [-k REGEX -m NAME] OUT.o OBJ...
set -euo pipefail
keep='^(zstd_|kh_)|^unzstd$' must=zstd_decompress_dctx
if [ "${1:-}" = -k ]; then
	keep=${2:?isolate: -k needs a regex} must=${4:?isolate: -m needs a name}
	shift 4
fi
out=${1:?usage: isolate.sh [-k REGEX -m NAME] OUT.o OBJ...}
shift
LD=${LD:-ld}
NM=${NM:-nm}
OBJCOPY=${OBJCOPY:-objcopy}

"$LD" -r -o "$out.all.o" "$@"
"$NM" -g --defined-only "$out.all.o" | awk -v keep="$keep" '$3 ~ keep { print $3 }' | sort -u >"$out.keep"
grep -qx "$must" "$out.keep" || { echo "isolate: no $must among the objects" >&2; exit 1; }
"$OBJCOPY" --keep-global-symbols="$out.keep" "$out.all.o" "$out.tmp"
leaked=$("$NM" -g --defined-only "$out.tmp" | awk '{ print $3 }' | grep -vxF -f "$out.keep" || true)
[ -z "$leaked" ] || { echo "isolate: symbols still global: $leaked" >&2; exit 1; }
mv "$out.tmp" "$out"
rm -f "$out.all.o"

#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build of kzfuzz: every fuzz target of
# fuzz/targets.tsv (through fuzz/targets.mk), built with the environment's compiler, flags and engine
# ($CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $SANITIZER), objects in
# $WORK, and written to $OUT:
#   <target>                  the fuzzer
#   <target>_seed_corpus.zip  corpus/regression/<target> and the generated seeds
#   <target>.dict             corpus/dicts/<target>.dict, where there is one
#   <target>.options          its max_len and options of fuzz/targets.tsv (every
#                             target; fuzz/targets.py options)
# Sources: the project in $SRC/kzfuzz (or KZFUZZ_SRC); the kernel tree in
# KERNEL_SRC (a path, or debian:6.12 for Debian's linux-source-6.12), else
# $SRC/linux when it exists, else Debian's linux-source-6.1; its zstd.h's
# API level picks the targets (fuzz/targets.mk: the dictionary and allocator
# ones on 6.12+); the reference libzstd (1.5.x) in /usr/local (the
# Dockerfile builds it) or Debian's libzstd-dev (KZFUZZ_REF_LIB overrides);
# the second reference, upstream zstd 1.5.7 (ref/zstd-next.sh: npm
# zstd-napi 0.0.13, integrity checked), from $SRC/zstd-next (the image
# fetched it when it was built), else KZFUZZ_ZSTD_NEXT_CACHE (locally: what
# make already fetched, build/zstd-next), else $WORK/zstd-next; where it
# cannot be had, one line says so and the targets judge with 1.5.x alone.
project=${KZFUZZ_SRC:-$SRC/kzfuzz}
cd "$project"
ksrc=${KERNEL_SRC:-}
[ -z "$ksrc" ] && [ -d "$SRC/linux" ] && ksrc=$SRC/linux
ref_lib=${KZFUZZ_REF_LIB:-}
# SANITIZER=memory: the reference compiled from source with $CFLAGS (ref-src.sh).
ref_src=
if [ "${SANITIZER:-}" = memory ]; then
	ref_src=$(ci/oss-fuzz/ref-src.sh "$WORK") || exit 1
	ref_lib=from-source
fi
if [ -z "$ref_lib" ]; then
	for l in /usr/local/lib/libzstd.a /usr/lib/x86_64-linux-gnu/libzstd.a; do
		[ -f "$l" ] && { ref_lib=$l; break; }
	done
fi
[ -n "$ref_lib" ] || { echo "build.sh: no static reference libzstd (libzstd.a)" >&2; exit 1; }

build=$WORK/kzfuzz
mkdir -p "$build"
tree=$(kernel/prepare-tree.sh "$build" "$ksrc")
echo "build.sh: $(cat "$tree/tree.txt")"
# The findings registry as this tree's zstd version sees it (lib/findings.py).
export KZ_ZSTD_VERSION
KZ_ZSTD_VERSION=$(sed -n 's/^KTREE_ZSTD_VERSION := //p' "$tree/tree.mk")
next_cache=${KZFUZZ_ZSTD_NEXT_CACHE:-}
if [ -z "$next_cache" ]; then
	next_cache=$WORK/zstd-next
	[ -d "$SRC/zstd-next" ] && next_cache=$SRC/zstd-next
fi
next_err=$build/zstd-next.err
if next=$(ref/zstd-next.sh "$next_cache" 2>"$next_err"); then
	echo "build.sh: second reference: zstd 1.5.7 from $next"
else
	next=
	echo "build.sh: $(tail -n1 "$next_err")"
fi
# One object folder per compiler, flags and engine: builds never mix.
key=$(printf '%s\n' "$CC" "$CFLAGS" "$LIB_FUZZING_ENGINE" | sha1sum | cut -c1-12)
B=$build/$(basename "$tree")/ossfuzz-$key
[ -z "$ref_src" ] || ref_lib=$B/ref154/libzstd.a
targets=$(make --no-print-directory -s -f - print-targets TREE_DIR="$tree" <<'MK'
include fuzz/targets.mk
print-targets:
	@echo $(FUZZ_TARGETS)
MK
)
# KZFUZZ_TARGETS: only these of the tree's targets (a test's quicker build).
if [ -n "${KZFUZZ_TARGETS:-}" ]; then
	for t in $KZFUZZ_TARGETS; do
		[[ " $targets " == *" $t "* ]] ||
			{ echo "build.sh: KZFUZZ_TARGETS: $t is not a target of this tree ($targets)" >&2; exit 1; }
	done
	targets=$KZFUZZ_TARGETS
fi
jobs=${KZFUZZ_JOBS:-$(nproc)}
# AFL++'s driver passes the input in place, misaligned: copy it (fuzz/afl_aligned_input.c).
afl=
if [ "${FUZZING_ENGINE:-}" = afl ]; then afl=1; fi
mk=(make --no-print-directory -j"$jobs" -f build.mk VARIANT=ossfuzz TREE_DIR="$tree" B="$B"
	CC="$CC" OSSFUZZ_CFLAGS="$CFLAGS" LIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE" REF_LIB="$ref_lib"
	ZSTD_NEXT="$next" ZSTD_NEXT_ERR="$next_err" OSSFUZZ_AFL="$afl" ZSTD_DEB_SRC="$ref_src")
"${mk[@]}" $(printf "$B/fuzz/%s " $targets) "$B/bin/gen-seeds" "$B/bin/fanotify-seeds"

# Seeds: made once per object folder (the generators are deterministic).
seeds=$B/seeds
if [ ! -d "$seeds" ]; then
	rm -rf "$seeds.tmp" && mkdir -p "$seeds.tmp/fanotify"
	ASAN_OPTIONS=detect_leaks=0 "$B/bin/gen-seeds" "$seeds.tmp/zstd" >/dev/null
	ASAN_OPTIONS=detect_leaks=0 "$B/bin/fanotify-seeds" "$seeds.tmp/fanotify" >/dev/null
	mv "$seeds.tmp" "$seeds"
fi

# A seed the fuzzer fails on would stop every fuzzing session at its start:
# found by running the fuzzer over them all and bisecting a failing set,
# each is classified (fuzz/crash-match.sh): a known finding is left
# out and listed, anything else fails the build.
asan_opts() { # the [asan] section of a .options file, as ASAN_OPTIONS
	[ -f "$1" ] || return 0
	awk '/^\[/ { s = $0 } s == "[asan]" && /=/ { gsub(/[ \t]/, ""); printf "%s%s", sep, $0; sep = ":" }' "$1"
}
fails() { # BIN FILE...: does the fuzzer fail on these inputs?
	local bin=$1
	shift
	! ASAN_OPTIONS="$san" timeout -k 5 300 "$bin" "$@" >/dev/null 2>&1
}
known_failure() { # BIN TARGET FILE: the verdict line; 0 when the baseline knows the failure
	local log=$B/seed-stage/$2.log
	ASAN_OPTIONS="${san:+$san:}handle_abort=1:symbolize=1" \
		UBSAN_OPTIONS=print_stacktrace=1:report_error_type=1:halt_on_error=1 \
		timeout -k 5 300 "$1" "$3" >"$log" 2>&1 || true
	fuzz/crash-match.sh -k corpus/findings.txt "$2" "$log"
}
# write_options TARGET OUT: the target's options file (fuzz/targets.py
# options: its max_len and options of the manifest), written then renamed.
write_options() {
	python3 fuzz/targets.py options "$1" >"$2.tmp" && mv "$2.tmp" "$2" || exit 1
}
first_failing() { # BIN FILE...: one input of a failing set
	local bin=$1
	shift
	while [ $# -gt 1 ]; do
		local h=$(($# / 2))
		if fails "$bin" "${@:1:h}"; then set -- "${@:1:h}"; else shift "$h"; fi
	done
	echo "$1"
}

for t in $targets; do
	[[ $t =~ ^[A-Za-z0-9_-]+$ ]] || { echo "build.sh: $t: not a valid fuzzer name" >&2; exit 1; }
	cp "$B/fuzz/$t" "$OUT/$t"
	stage=$B/seed-stage/$t
	rm -rf "$stage" && mkdir -p "$stage"
	for d in corpus/regression/$t "$seeds/zstd/$t" $(case $t in fanotify_*) echo "$seeds/fanotify" ;; esac); do
		[ -d "$d" ] && find "$d" -type f -exec cp -t "$stage" {} +
	done
	write_options "$t" "$OUT/$t.options"
	san=$(asan_opts "$OUT/$t.options")
	left=0
	while compgen -G "$stage/*" >/dev/null && fails "$B/fuzz/$t" "$stage"/*; do
		[ $left -lt 100 ] || { echo "build.sh: $t: over 100 seeds fail" >&2; exit 1; }
		f=$(first_failing "$B/fuzz/$t" "$stage"/*)
		verdict=$(known_failure "$B/fuzz/$t" "$t" "$f") ||
			{ echo "build.sh: $t: seed $(basename "$f") fails with a finding the baseline does not know: $verdict" >&2; exit 1; }
		echo "build.sh: $t: seed $(basename "$f") left out: $verdict"
		rm -f "$f"
		left=$((left + 1))
	done
	[ $left -eq 0 ] || echo "build.sh: $t: $left seeds left out of the seed corpus: known findings (corpus/findings.txt)"
	rm -f "$OUT/${t}_seed_corpus.zip"
	(cd "$stage" && zip -q -r -j "$OUT/${t}_seed_corpus.zip" .)
	[ -f "corpus/dicts/$t.dict" ] && cp "corpus/dicts/$t.dict" "$OUT/$t.dict"
done
refs="libzstd 1.5.x alone"
[ -z "$next" ] || refs="libzstd 1.5.x and zstd 1.5.7"
echo "build.sh: $(wc -w <<<"$targets") fuzzers in $OUT ($SANITIZER, $(basename "$CC"), engine ${LIB_FUZZING_ENGINE}; references: $refs)"

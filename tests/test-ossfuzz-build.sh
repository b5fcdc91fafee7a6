#!/usr/bin/env bash
# The OSS-Fuzz build contract, here: ci/oss-fuzz/build.sh run twice, once
# with OSS-Fuzz's libFuzzer+ASan environment and once with AFL++'s
# (afl-clang-fast, libAFLDriver), each into its own $OUT; then every fuzzer
# in $OUT must have its seed corpus and run clean over it: libFuzzer
# binaries with -runs=0 over the unzipped corpus, AFL++ binaries as plain
# programs given every file (libAFLDriver runs each in turn). Each
# target's .options must give its max_len of fuzz/targets.tsv. Then
# SANITIZER=memory with libFuzzer (MemorySanitizer flags as OSS-Fuzz
# gives them): build.sh must build the reference from source
# (ci/oss-fuzz/ref-src.sh: make's build/zstd-deb-src cache, or
# KZFUZZ_REF_SRC), and decompress_oneshot and unzstd must run clean over
# their seeds with no MSan report, judging with the instrumented 1.5.4;
# where the source cannot be had, that part is one skip line. Where the
# second reference, zstd 1.5.7, was had (KZFUZZ_ZSTD_NEXT_CACHE: make's
# build/zstd-next, nothing fetched again), the fuzzers must judge with it;
# where not, build.sh must say so in one line. With a SECOND_TREE (debian:6.12
# or a path), build.sh runs again with libFuzzer on that tree for the
# targets of its newer API (KZFUZZ_TARGETS; on 6.12 the dictionary and
# allocator ones, which its API level must select): they must run clean
# over their seeds and fuzz a few seconds.
#   test-ossfuzz-build.sh ROOT [SECOND_TREE]
#       ROOT/{libfuzzer,afl,msan,libfuzzer-second}/{work,out} (work is kept: a
#       second run rebuilds only what changed). Exit 77 when SECOND_TREE
#       cannot be staged (the first tree's part passed). ROOT/msan.skip
#       holds why the memory part was skipped (empty when it ran).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
fail() { echo "ossfuzz-build: FAIL: $*" >&2; exit 1; }
[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: test-ossfuzz-build.sh ROOT [SECOND_TREE]" >&2; exit 2; }
root=$1
second=${2:-}
mkdir -p "$root/src"
ln -sfn "$top" "$root/src/kzfuzz"
root=$(cd "$root" && pwd)
# tree_targets [TREE_DIR] [VAR]: fuzz/targets.mk's FUZZ_TARGETS (or VAR) for a staged tree.
tree_targets() {
	make --no-print-directory -s -C "$top" -f - print-targets ${1:+TREE_DIR="$1"} V="${2:-FUZZ_TARGETS}" <<'MK'
include fuzz/targets.mk
print-targets:
	@echo $($(V))
MK
}
targets=$(tree_targets)
asan="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address -fsanitize-address-use-after-scope"

# build NAME ENGINE CC CXX CFLAGS LIB_FUZZING_ENGINE [KERNEL_SRC]: into ROOT/NAME
build() {
	local n=$1 e=$2
	rm -rf "$root/$n/out" && mkdir -p "$root/$n/out" "$root/$n/work"
	echo "ossfuzz-build: $n: building"
	env CC="$3" CXX="$4" CFLAGS="$5" CXXFLAGS="$5" LIB_FUZZING_ENGINE="$6" SANITIZER="${sanitizer:-address}" \
		FUZZING_ENGINE="$e" ARCHITECTURE=x86_64 SRC="$root/src" WORK="$root/$n/work" OUT="$root/$n/out" \
		KERNEL_SRC="${7:-}" KZFUZZ_TARGETS="${KZFUZZ_TARGETS:-}" KZFUZZ_JOBS=2 "$top/ci/oss-fuzz/build.sh" >"$root/$n/build.log" 2>&1 ||
		{ tail -n 15 "$root/$n/build.log"; fail "$n: build.sh failed ($root/$n/build.log)"; }
	tail -n1 "$root/$n/build.log"
}

# references NAME: the fuzzers judge with zstd 1.5.7 when build.sh had it,
# and build.sh said in one line when it had not.
references() {
	local n=$1 log=$root/$1/references.log
	: >"$root/$n/empty.input"
	"$root/$n/out/decompress_oneshot" "$root/$n/empty.input" >"$log" 2>&1 ||
		{ tail -n 5 "$log"; fail "$n: decompress_oneshot fails on an empty input"; }
	if grep -q '^build.sh: second reference: zstd 1.5.7' "$root/$n/build.log"; then
		grep -q '^kzfuzz: references: .*zstd 1.5.7' "$log" ||
			fail "$n: build.sh took zstd 1.5.7, but decompress_oneshot does not judge with it ($log)"
		echo "ossfuzz-build: $n: the fuzzers judge with libzstd 1.5.x and zstd 1.5.7"
	else
		[ "$(grep -c 'zstd 1.5.7) not available' "$root/$n/build.log")" = 1 ] ||
			fail "$n: no zstd 1.5.7, and build.sh did not say why in one line"
		echo "ossfuzz-build: $n: no zstd 1.5.7: $(grep 'zstd 1.5.7) not available' "$root/$n/build.log")"
	fi
}

# A target's .options as OSS-Fuzz applies them: [libfuzzer] key = value
# to -key=value (into the array lf_opts), [asan]/[ubsan] to ASAN_OPTIONS/
# UBSAN_OPTIONS (into san_env).
read_options() {
	local f=$1 line section= k v asan= ubsan=
	lf_opts=() san_env=()
	if [ -f "$f" ]; then
		while IFS= read -r line; do
			line=${line%%#*}
			if [[ $line =~ ^[[:space:]]*\[([a-z]+)\] ]]; then
				section=${BASH_REMATCH[1]}
				continue
			fi
			[[ $line =~ ^[[:space:]]*([A-Za-z_]+)[[:space:]]*=[[:space:]]*([^[:space:]]*) ]] || continue
			k=${BASH_REMATCH[1]} v=${BASH_REMATCH[2]}
			case $section in
			libfuzzer) lf_opts+=("-$k=$v") ;;
			asan) asan+="$k=$v:" ;;
			ubsan) ubsan+="$k=$v:" ;;
			esac
		done <"$f"
	fi
	san_env=(ASAN_OPTIONS="${asan%:}" UBSAN_OPTIONS="${ubsan%:}")
}

# smoke NAME TARGET OUT SECONDS: libFuzzer for SECONDS from the seeds. A
# finding it stops on is a campaign's matter, not the build's: said in one
# line (new or known to corpus/findings.txt, fuzz/crash-match.sh); a stop
# with no finding in its log fails.
smoke() {
	local n=$1 t=$2 out=$3 log=$3/$2.fuzz.log verdict
	mkdir -p "$out/$t.artifacts"
	env "${san_env[@]}" "$out/$t" -seed=1 -max_total_time="$4" -artifact_prefix="$out/$t.artifacts/" \
		"${lf_opts[@]}" $( [ -f "$out/$t.dict" ] && echo "-dict=$out/$t.dict") "$out/$t.seeds" \
		>"$log" 2>&1 && return 0
	verdict=$(cd "$top" && fuzz/crash-match.sh -k corpus/findings.txt "$t" "$log") ||
		[ $? -eq 1 ] || { tail -n 20 "$log"; fail "$n: $t: fuzzing stopped with no finding in its log ($log)"; }
	echo "ossfuzz-build: $n: $t: fuzzing stopped on a finding ($verdict; $log), for a campaign to triage"
}

# check NAME ENGINE [SECONDS] TARGET...: each target built, with seeds, clean
# over them (and, SECONDS > 0, fuzzing that long from them with -seed=1).
check() {
	local name=$1 e=$2 secs=$3 t out=$root/$1/out n f runs=0 want
	shift 3
	for t in "$@"; do
		[ -x "$out/$t" ] || fail "$e: $t: no fuzzer in \$OUT"
		[ -s "$out/${t}_seed_corpus.zip" ] || fail "$e: $t: no ${t}_seed_corpus.zip"
		rm -rf "$out/$t.seeds" && mkdir -p "$out/$t.seeds"
		unzip -q -o "$out/${t}_seed_corpus.zip" -d "$out/$t.seeds"
		n=$(find "$out/$t.seeds" -type f | wc -l)
		[ "$n" -gt 0 ] || fail "$e: $t: empty seed corpus"
		read_options "$out/$t.options"
		# Every target's options carry its max_len, the table's (fuzz/targets.tsv).
		want=-max_len=$(python3 "$top/fuzz/max_len.py" "$t") || fail "$e: $t: no max_len in fuzz/targets.tsv"
		[[ " ${lf_opts[*]} " == *" $want "* ]] || fail "$e: $t: $t.options lacks $want"
		if [ "$e" = libfuzzer ]; then
			env "${san_env[@]}" "$out/$t" -runs=0 "${lf_opts[@]}" $( [ -f "$out/$t.dict" ] && echo "-dict=$out/$t.dict") \
				"$out/$t.seeds" >"$out/$t.run.log" 2>&1 ||
				{ tail -n 20 "$out/$t.run.log"; fail "$e: $t: fails on its seed corpus"; }
			[ "$secs" -eq 0 ] || smoke "$name" "$t" "$out" "$secs"
		else
			# libAFLDriver outside afl-fuzz runs each file named on its command line.
			env "${san_env[@]}" "$out/$t" "$out/$t.seeds"/* >"$out/$t.run.log" 2>&1 ||
				{ tail -n 20 "$out/$t.run.log"; fail "$e: $t: fails on its seed corpus"; }
		fi
		runs=$((runs + n))
		rm -rf "$out/$t.seeds"
	done
	local fuzzed=
	[ "$secs" -eq 0 ] || fuzzed=" and fuzzed $secs s each"
	echo "ossfuzz-build: $name: $# fuzzers ran clean over $runs seed inputs$fuzzed"
}

build libfuzzer libfuzzer clang-14 clang++-14 "$asan -fsanitize=fuzzer-no-link" -fsanitize=fuzzer
check libfuzzer libfuzzer 0 $targets
references libfuzzer
build afl afl afl-clang-fast afl-clang-fast++ "$asan" /usr/lib/afl/libAFLDriver.a
check afl afl 0 $targets
# SANITIZER=memory: the MSan flags of OSS-Fuzz; two targets (the cost is
# the instrumented kernel and references, built once and kept).
msan="${asan/-fsanitize=address -fsanitize-address-use-after-scope/-fsanitize=memory -fsanitize-memory-track-origins}"
# Not in make check by default: its instrumented kernel and references are a
# cold build of ~15 minutes on 2 cores (RESULTS.md); OSSFUZZ_MSAN=1 runs it.
if [ "${KZFUZZ_OSSFUZZ_MSAN:-}" != 1 ]; then
	ref="not asked for (make test-ossfuzz-build OSSFUZZ_MSAN=1: a cold instrumented build)"
	echo "ossfuzz-build: msan: skipped: $ref"
	echo "SANITIZER=memory not built: $ref" >"$root/msan.skip"
elif ref=$(cd "$top" && WORK=$root/msan/work ci/oss-fuzz/ref-src.sh "$root/msan/work" 2>&1); then
	sanitizer=memory KZFUZZ_TARGETS="decompress_oneshot unzstd" build msan libfuzzer clang-14 clang++-14 \
		"$msan -fsanitize=fuzzer-no-link" -fsanitize=fuzzer
	grep -q "^build.sh: .* fuzzers in .*(memory, " "$root/msan/build.log" || fail "msan: build.sh did not build for memory"
	check msan libfuzzer 0 decompress_oneshot unzstd
	references msan
	grep -q '^kzfuzz: references: libzstd 1.5.4.*Debian source .*built here' "$root/msan/references.log" ||
		fail "msan: decompress_oneshot does not judge with the reference built from source ($root/msan/references.log)"
	echo "ossfuzz-build: msan: the reference built from source: $ref"
	: >"$root/msan.skip"
else
	echo "ossfuzz-build: msan: skipped: $ref"
	echo "SANITIZER=memory not built: $ref" >"$root/msan.skip"
fi
[ -n "$second" ] || { echo "ossfuzz-build: passed"; exit 0; }

# The second tree: staged where build.sh stages it (the same cache).
n=libfuzzer-second
mkdir -p "$root/$n/work/kzfuzz"
if ! tree=$("$top/kernel/prepare-tree.sh" "$root/$n/work/kzfuzz" "$second" 2>"$root/$n.stage.err"); then
	echo "ossfuzz-build: passed on the first tree; second tree $second skipped: $(tail -n1 "$root/$n.stage.err")"
	exit 77
fi
new=$(tree_targets "$tree" ZSTD_DICT_TARGETS)
case $(sed -n 's/^KTREE_API_LEVEL := //p' "$tree/tree.mk") in
*dictionaries*allocators*) ;;
*) new= ;;
esac
all=$(tree_targets "$tree")
for t in $new; do
	[[ " $all " == *" $t "* ]] || fail "$n: $t: not selected by the tree's API level ($all)"
done
# Only the newer API's targets (and decompress_oneshot, for the references):
# the others are the first tree's, built and run above.
KZFUZZ_TARGETS="$new decompress_oneshot" build "$n" libfuzzer clang-14 clang++-14 \
	"$asan -fsanitize=fuzzer-no-link" -fsanitize=fuzzer "$second"
# The findings registry as that tree's zstd version sees it (lib/findings.py).
KZ_ZSTD_VERSION=$(sed -n 's/^KTREE_ZSTD_VERSION := //p' "$tree/tree.mk")
export KZ_ZSTD_VERSION
# The targets of the newer API fuzz a few seconds each.
[ -z "$new" ] || check "$n" libfuzzer 3 $new
references "$n"
echo "ossfuzz-build: passed ($(head -n1 "$tree/tree.txt"): ${new:-no newer-API targets})"

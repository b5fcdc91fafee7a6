#!/usr/bin/env bash
# The OSS-Fuzz build contract, here: ci/oss-fuzz/build.sh run twice, once
# with OSS-Fuzz's libFuzzer+ASan environment and once with AFL++'s
# (afl-clang-fast, libAFLDriver), each into its own $OUT; then every fuzzer
# in $OUT must have its seed corpus and run clean over it: libFuzzer
# binaries with -runs=0 over the unzipped corpus, AFL++ binaries as plain
# programs given every file (libAFLDriver runs each in turn). Each
# target's .options must give its max_len of fuzz/max_len.txt.
#   test-ossfuzz-build.sh ROOT     ROOT/{libfuzzer,afl}/{work,out} (work is kept:
#                             a second run rebuilds only what changed)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
fail() { echo "ossfuzz-build: FAIL: $*" >&2; exit 1; }
[ $# -eq 1 ] || { echo "usage: test-ossfuzz-build.sh ROOT" >&2; exit 2; }
root=$1
mkdir -p "$root/src"
ln -sfn "$top" "$root/src/kzfuzz"
root=$(cd "$root" && pwd)
targets=$(make --no-print-directory -s -C "$top" -f - print-targets <<'MK'
include fuzz/targets.mk
print-targets:
	@echo $(FUZZ_TARGETS)
MK
)
asan="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address -fsanitize-address-use-after-scope"

# build ENGINE CC CXX CFLAGS LIB_FUZZING_ENGINE
build() {
	local e=$1
	rm -rf "$root/$e/out" && mkdir -p "$root/$e/out" "$root/$e/work"
	echo "ossfuzz-build: $e: building"
	env CC="$2" CXX="$3" CFLAGS="$4" CXXFLAGS="$4" LIB_FUZZING_ENGINE="$5" SANITIZER=address \
		FUZZING_ENGINE="$e" ARCHITECTURE=x86_64 SRC="$root/src" WORK="$root/$e/work" OUT="$root/$e/out" \
		KZFUZZ_JOBS=2 "$top/ci/oss-fuzz/build.sh" >"$root/$e/build.log" 2>&1 ||
		{ tail -n 15 "$root/$e/build.log"; fail "$e: build.sh failed ($root/$e/build.log)"; }
	tail -n1 "$root/$e/build.log"
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

# check ENGINE: every target built, with seeds, and clean over them.
check() {
	local e=$1 t out=$root/$1/out n f runs=0 want
	for t in $targets; do
		[ -x "$out/$t" ] || fail "$e: $t: no fuzzer in \$OUT"
		[ -s "$out/${t}_seed_corpus.zip" ] || fail "$e: $t: no ${t}_seed_corpus.zip"
		rm -rf "$out/$t.seeds" && mkdir -p "$out/$t.seeds"
		unzip -q -o "$out/${t}_seed_corpus.zip" -d "$out/$t.seeds"
		n=$(find "$out/$t.seeds" -type f | wc -l)
		[ "$n" -gt 0 ] || fail "$e: $t: empty seed corpus"
		read_options "$out/$t.options"
		# Every target's options carry its max_len, the table's (fuzz/max_len.txt).
		want=-max_len=$(python3 "$top/fuzz/max_len.py" "$t") || fail "$e: $t: no max_len in fuzz/max_len.txt"
		[[ " ${lf_opts[*]} " == *" $want "* ]] || fail "$e: $t: $t.options lacks $want"
		if [ "$e" = libfuzzer ]; then
			env "${san_env[@]}" "$out/$t" -runs=0 "${lf_opts[@]}" $( [ -f "$out/$t.dict" ] && echo "-dict=$out/$t.dict") \
				"$out/$t.seeds" >"$out/$t.run.log" 2>&1 ||
				{ tail -n 20 "$out/$t.run.log"; fail "$e: $t: fails on its seed corpus"; }
		else
			# libAFLDriver outside afl-fuzz runs each file named on its command line.
			env "${san_env[@]}" "$out/$t" "$out/$t.seeds"/* >"$out/$t.run.log" 2>&1 ||
				{ tail -n 20 "$out/$t.run.log"; fail "$e: $t: fails on its seed corpus"; }
		fi
		runs=$((runs + n))
		rm -rf "$out/$t.seeds"
	done
	echo "ossfuzz-build: $e: $(wc -w <<<"$targets") fuzzers ran clean over $runs seed inputs"
}

build libfuzzer clang-14 clang++-14 "$asan -fsanitize=fuzzer-no-link" -fsanitize=fuzzer
check libfuzzer
build afl afl-clang-fast afl-clang-fast++ "$asan" /usr/lib/afl/libAFLDriver.a
check afl
echo "ossfuzz-build: passed"

#!/usr/bin/env bash
# The class, crash state and baseline verdict of one finding, from the log
# of a run that reproduced it (libFuzzer binary or replayer, symbolized).
#   crash-state.sh [-k KNOWN_FINDINGS] TARGET LOG
# Prints three lines: the class, the crash state (top three meaningful
# frames, ' > ' separated), and "known" or "new". Exits 1 when the log
# shows no finding, 2 on bad usage.
#
# Class, state and the baseline match are fuzz/crash-match.sh's (one
# definition for the gate and for triage): the harness's ==KZFUZZ== class,
# else the sanitizer's, else libFuzzer's; frames of libc, the sanitizer and
# libFuzzer runtimes and our report/abort helpers left out. Here the state
# is normalized further, so that builds that differ only in the compiler's
# clones and addresses give one state: clone suffixes (.isra.0,
# .constprop.1, .part.2, .cold, .llvm.123...) go, any hex number becomes
# 0x?, and a frame that is a module offset (no symbol) keeps the module name.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
match=${KZ_GATE_MATCH:-$here/crash-match.sh}
known=()
if [ "${1:-}" = "-k" ]; then
	known=(-k "${2:?crash-state: -k needs a file}")
	shift 2
fi
[ $# -eq 2 ] || { echo "usage: crash-state.sh [-k KNOWN_FINDINGS] TARGET LOG" >&2; exit 2; }
[ -r "$2" ] || { echo "crash-state: $2: cannot read the log" >&2; exit 2; }
[ -x "$match" ] || { echo "crash-state: $match: the matcher is missing" >&2; exit 2; }

rc=0
line=$("$match" "${known[@]}" "$1" "$2" 2>/dev/null) || rc=$?
[ $rc -le 1 ] && [ -n "$line" ] || exit 1
# "known|new TARGET | CLASS | STATE"
awk -F' [|] ' '{
	verdict = $1; sub(/ .*/, "", verdict)
	class = $2; state = $3
	for (i = 4; i <= NF; i++) state = state " | " $i
	n = split(state, f, / > /)
	out = ""
	for (i = 1; i <= n; i++) {
		x = f[i]
		gsub(/\.(isra|constprop|part|cold|llvm|lto_priv|localalias)(\.[0-9]+)*/, "", x)
		gsub(/0x[0-9a-fA-F]+/, "0x?", x)
		sub(/^[ \t]+/, "", x); sub(/[ \t]+$/, "", x)
		out = out (i > 1 ? " > " : "") x
	}
	print class; print out; print verdict
}' <<<"$line"

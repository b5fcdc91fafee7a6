#!/usr/bin/env bash
# The environment a known-findings line asks for one reproducer:
#   reproducer-env.sh KNOWN_FINDINGS FILE
# prints the VAR=value words of the line whose "Reproducer: VAR=value ...
# with <path>" names FILE (a path relative to the top of the repo), or
# nothing.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: reproducer-env.sh KNOWN_FINDINGS FILE" >&2; exit 2; }
[ -f "$1" ] || { echo "reproducer-env: $1: no such known-findings file" >&2; exit 2; }
{ grep -F "$2" "$1" || true; } |
	sed -n 's/.*Reproducer: \(\([A-Z_][A-Z0-9_]*=[^ ]* \)*\)with .*/\1/p' | head -n1

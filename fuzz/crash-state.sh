#!/usr/bin/env bash
# The class, normalized crash state and registry verdict of one finding:
#   crash-state.sh [-k FINDINGS] TARGET LOG
# Three lines; exit 1 when LOG shows no finding, 2 on bad usage. The
# classification is fuzz/crashlog.py's.
exec python3 "$(dirname "$0")/crashlog.py" state "$@"

#!/usr/bin/env bash
# Classify one crash log and look it up in the findings registry:
#   crash-match.sh [-k FINDINGS] TARGET LOG
# "known|new TARGET | CLASS | STATE"; exit 0 known, 1 new, 2 no finding.
# The classification is fuzz/crashlog.py's.
exec python3 "$(dirname "$0")/crashlog.py" match "$@"

#!/usr/bin/env bash
# Gate check 6: every committed corpus input (corpus/regression/<target>/)
# and every past crasher (corpus/crashers/<target>/) through the target's
# ASan+UBSan replayer; fuzz/replay.py (gate) does it and documents it.
#   gate-regress.sh DIR BDIR REPRO_ENV TARGET...
exec python3 "$(dirname "$0")/../fuzz/replay.py" gate "$@"

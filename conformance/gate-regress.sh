#!/usr/bin/env bash
# Gate check 6: every committed corpus input (corpus/regression/<target>/)
# and every past crasher (lib/findings.py crashers: corpus/open-findings/<id>/)
# through the target's
# ASan+UBSan replayer (fuzz/replay.py gate documents it), then the
# single-defect inputs and the measure of the checks they prove
# (conformance/gate_single_defect.py).
#   gate-regress.sh DIR BDIR REPRO_ENV TARGET...
set -eu
here=$(dirname "$0")
python3 "$here/../fuzz/replay.py" gate "$@"
exec python3 "$here/gate_single_defect.py" "$1" "$2"

#!/usr/bin/env bash
# Replays one input on the ASan+UBSan replayer and says what it shows:
#   repro.sh REPLAYER INPUT TARGET FINDINGS
# Exits 1 when the problem reproduces, 0 when the input runs clean, 2 on
# bad usage; fuzz/replay.py (one) does it and documents it.
exec python3 "$(dirname "$0")/replay.py" one "$@"

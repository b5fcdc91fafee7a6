# The gate runner's own programs (conformance/gate.py, check 8):
#   gate-frames  decodes files through the tree's zstd, one line per file
#   gate-speed   compression ratio and speed per level
PROGRAMS += $(B)/bin/gate-frames $(B)/bin/gate-speed
gate-frames_SRCS := conformance/gate_frames.c
gate-speed_SRCS := conformance/gate_speed.c

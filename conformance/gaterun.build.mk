# The gate runner's own programs (conformance/gate.py, check 8):
#   gate-frames  decodes files through the tree's zstd, one line per file
PROGRAMS += $(B)/bin/gate-frames
gate-frames_SRCS := conformance/gate_frames.c

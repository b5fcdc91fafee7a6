# The spec generator (fuzz/spec/spec.h): frames and their content built
# from choices, by its own encoders. It includes only its own headers and
# fuzz_input.h, never the oracle's (tests/layers.py checks it).
LIB_SRCS += $(sort $(wildcard fuzz/spec/spec_*.c))

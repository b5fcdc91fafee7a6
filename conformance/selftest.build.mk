# The build's known-answer self-test (make selftest; gate check 2): the
# kernel's zstd against the reference, before any fuzzing or gating.
LIB_SRCS += conformance/selftest.c
PROGRAMS += $(B)/bin/kh-selftest
kh-selftest_SRCS := conformance/selftest_main.c

# Harness code about the kernel side: wrapper helpers and the build self-test.
LIB_SRCS += kernel/kz.c kernel/selftest.c
PROGRAMS += $(B)/bin/kh-selftest
kh-selftest_SRCS := kernel/selftest_main.c

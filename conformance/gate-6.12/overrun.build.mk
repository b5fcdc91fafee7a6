# How far unzstd()'s one-buffer mode writes past its output, and the slack
# that makes it clean (conformance/gate-6.12.md): $(B)/bin/unzstd-overrun.
PROGRAMS += $(B)/bin/unzstd-overrun
unzstd-overrun_SRCS := conformance/gate-6.12/unzstd-overrun.c

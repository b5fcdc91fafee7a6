# fanotify-capture: real fanotify read() buffers from the running kernel,
# each with its manifest (driven by corpus/fanotify-capture.sh). The
# manifest and expected-FID code is shared with the conformance check.
LIB_SRCS += corpus/capture_manifest.c corpus/capture_fid.c
PROGRAMS += $(B)/bin/fanotify-capture
fanotify-capture_SRCS := corpus/fanotify_capture.c corpus/capture_run.c \
	corpus/capture_expect.c corpus/capture_event_scenarios.c \
	corpus/capture_error_scenarios.c

# fanotify-capture: real fanotify read() buffers from the running kernel,
# each with its manifest (driven by tools/capture/fanotify-capture.sh). The
# manifest and expected-FID code is shared with the conformance check.
LIB_SRCS += tools/capture/capture_manifest.c tools/capture/capture_fid.c
PROGRAMS += $(B)/bin/fanotify-capture
fanotify-capture_SRCS := tools/capture/fanotify_capture.c tools/capture/capture_run.c \
	tools/capture/capture_expect.c tools/capture/capture_event_scenarios.c \
	tools/capture/capture_error_scenarios.c

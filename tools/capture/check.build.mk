# fanotify-captures: captured kernel buffers checked against their manifests
# by the reference parser, its serializer and the sample. The checks are in
# the harness library for the unit tests too.
LIB_SRCS += tools/capture/capture_check.c tools/capture/capture_decoded.c tools/capture/capture_compare.c \
	tools/capture/capture_sample_check.c
PROGRAMS += $(B)/bin/fanotify-captures
fanotify-captures_SRCS := tools/capture/fanotify_captures.c

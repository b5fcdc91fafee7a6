# fanotify-captures: captured kernel buffers checked against their manifests
# by the reference parser, its serializer and the sample. The checks are in
# the harness library for the unit tests too.
LIB_SRCS += conformance/capture_check.c conformance/capture_decoded.c conformance/capture_compare.c \
	conformance/capture_sample_check.c
PROGRAMS += $(B)/bin/fanotify-captures
fanotify-captures_SRCS := conformance/fanotify_captures.c

# fanotify-captures: captured kernel buffers checked against their manifests
# by the reference parser, its serializer and the sample.
PROGRAMS += $(B)/bin/fanotify-captures
fanotify-captures_SRCS := conformance/fanotify_captures.c conformance/capture_decoded.c \
	conformance/capture_compare.c conformance/capture_sample_check.c \
	corpus/capture_manifest.c corpus/capture_fid.c

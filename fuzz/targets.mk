# The fuzz targets: one fuzz/<name>.c each, defining LLVMFuzzerTestOneInput.
# Read by both the variant build and the top-level goals.
ZSTD_TARGETS := decompress_oneshot decompress_stream compress_oneshot \
	compress_stream frame_header unzstd
FANOTIFY_TARGETS := fanotify_sample fanotify_reference fanotify_structured
FUZZ_TARGETS := $(ZSTD_TARGETS) $(FANOTIFY_TARGETS)

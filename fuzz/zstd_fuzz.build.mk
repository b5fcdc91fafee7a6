# Helpers of the fuzz targets: the parameter reader, the overhead timer and
# what the zstd targets share.
LIB_SRCS += fuzz/fuzz_input.c fuzz/fuzz_timing.c fuzz/zstd_fuzz.c fuzz/zstd_dict.c \
	fuzz/zstd_params.c fuzz/compress_check.c fuzz/caller_shapes.c \
	fuzz/spec_frames_stats.c

# The reference zstd (Debian's static libzstd), reached only through these
# files: whole-buffer calls, reference frames for the seeds, the benchmark's
# calls. Only they include <zstd.h>.
LIB_SRCS += ref/ref_zstd.c ref/ref_seeds.c

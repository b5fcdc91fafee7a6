# kz-bench: kernel zstd against reference zstd, side by side in one
# process (make bench). The statistics helper is in the harness library
# for its unit test.
LIB_SRCS += bench/bench_stats.c
PROGRAMS += $(B)/bin/kz-bench
kz-bench_SRCS := bench/bench_main.c bench/bench_row.c bench/bench_output.c \
	bench/bench_kernel.c bench/bench_ref.c ref/ref_bench.c

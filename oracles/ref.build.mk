# Reference implementations and verdict logic.
LIB_SRCS += oracles/ref_zstd.c

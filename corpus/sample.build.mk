# Seed data and generators.
LIB_SRCS += corpus/sample_data.c
LIB_SRCS += corpus/path_walk.c

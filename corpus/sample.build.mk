# Seed data and generators.
LIB_SRCS += corpus/sample_data.c

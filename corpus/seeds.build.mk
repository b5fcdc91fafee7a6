# The seed generator of the zstd targets: the seed catalogue is in the
# harness library (the tests use it too), the program writes it out.
LIB_SRCS += corpus/frame_build.c corpus/seeds.c corpus/seeds_plain.c corpus/seeds_params.c \
	corpus/seeds_frames.c corpus/seeds_ref_frames.c corpus/seeds_built_frames.c \
	oracles/ref_seeds.c
PROGRAMS += $(B)/bin/gen-seeds
gen-seeds_SRCS := corpus/gen_seeds.c

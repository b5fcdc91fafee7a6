# The seed generator of the zstd targets: the seed catalogue is in the
# harness library (the tests use it too), the program writes it out.
LIB_SRCS += tools/seeds/frame_build.c tools/seeds/seed_sink.c tools/seeds/seeds.c tools/seeds/seeds_plain.c tools/seeds/seeds_params.c tools/seeds/seeds_dict.c \
	tools/seeds/seeds_frames.c tools/seeds/seeds_ref_frames.c tools/seeds/seeds_built_frames.c \
	tools/seeds/seeds_testmgr.c tools/seeds/single_defect.c tools/seeds/seeds_spec.c
PROGRAMS += $(B)/bin/gen-seeds
gen-seeds_SRCS := tools/seeds/gen_seeds.c
# The single-defect inputs of the decoder's checks (corpus/single-defect/).
PROGRAMS += $(B)/bin/gen-single-defect
gen-single-defect_SRCS := tools/seeds/gen_single_defect.c
# The spec generator's frames and content from one spec_frames input.
PROGRAMS += $(B)/bin/spec-emit
spec-emit_SRCS := tools/seeds/spec_emit.c

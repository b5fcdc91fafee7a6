# The seed generator of the zstd targets: the seed catalogue is in the
# harness library (the tests use it too), the program writes it out.
LIB_SRCS += tools/seeds/frame_build.c tools/seeds/seed_sink.c tools/seeds/seeds.c tools/seeds/seeds_plain.c tools/seeds/seeds_params.c tools/seeds/seeds_dict.c \
	tools/seeds/seeds_frames.c tools/seeds/seeds_ref_frames.c tools/seeds/seeds_built_frames.c tools/seeds/seeds_big_frames.c \
	tools/seeds/seeds_testmgr.c tools/seeds/single_defect.c tools/seeds/single_defect_frames.c tools/seeds/single_defect_cases.c \
	tools/seeds/single_defect_drive.c tools/seeds/single_defect_seq.c tools/seeds/single_defect_entropy.c \
	tools/seeds/single_defect_x2.c tools/seeds/fb_entropy.c tools/seeds/single_defect_text.c \
	tools/seeds/single_defect_api.c tools/seeds/single_defect_api_run.c tools/seeds/seeds_spec.c \
	tools/seeds/seeds_callers.c
PROGRAMS += $(B)/bin/gen-seeds
gen-seeds_SRCS := tools/seeds/gen_seeds.c
# The single-defect inputs of the decoder's checks (corpus/single-defect/).
PROGRAMS += $(B)/bin/gen-single-defect
gen-single-defect_SRCS := tools/seeds/gen_single_defect.c
# The single-defect API cases of the compressor's checks and the wrapper modules.
PROGRAMS += $(B)/bin/gen-single-defect-api
gen-single-defect-api_SRCS := tools/seeds/gen_single_defect_api.c
# The spec generator's frames and content from one spec_frames input.
PROGRAMS += $(B)/bin/spec-emit
spec-emit_SRCS := tools/seeds/spec_emit.c
# gen-seeds' table of targets and their seeds, from the targets' manifest.
$(B)/obj/tools/seeds/seeds.o: $(B)/gen/seed_table.h
$(B)/gen/seed_table.h: fuzz/targets.tsv fuzz/targets.py
	@mkdir -p $(@D)
	$(call say,GEN,$@)python3 fuzz/targets.py seed-table >$@.tmp && mv $@.tmp $@

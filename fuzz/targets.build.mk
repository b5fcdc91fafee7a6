# Each target built the way its variant wants, always at $(B)/fuzz/<target>:
#   fuzz          libFuzzer binary
#   afl, cmplog   AFL++ persistent-mode binary (libAFLDriver), the input
#                 copied to the heap first (fuzz/afl_aligned_input.c)
#   other         standalone replayer (fuzz/replay_main.c)
# A target's own extra objects: <target>_EXTRA (object paths).
include fuzz/targets.mk
FUZZ_BINS := $(addprefix $(B)/fuzz/,$(FUZZ_TARGETS))

AFL_WRAP := -Wl,--wrap=LLVMFuzzerTestOneInput

ifeq ($(ENGINE),libfuzzer)
FUZZ_MAIN :=
else ifeq ($(ENGINE),afl)
FUZZ_MAIN := $(B)/obj/fuzz/afl_aligned_input.o $(AFL_DRIVER)
FUZZ_LDFLAGS := $(AFL_WRAP) -lstdc++
else ifeq ($(ENGINE),ossfuzz)
# OSSFUZZ_AFL=1 (build.sh, FUZZING_ENGINE=afl): the same heap copy.
FUZZ_MAIN := $(if $(OSSFUZZ_AFL),$(B)/obj/fuzz/afl_aligned_input.o)
FUZZ_LDFLAGS := $(if $(OSSFUZZ_AFL),$(AFL_WRAP))
else
FUZZ_MAIN := $(B)/obj/fuzz/replay_main.o
endif

# Kept, not removed as an intermediate of the pattern rule below.
.SECONDARY: $(B)/obj/fuzz/afl_aligned_input.o

.PHONY: fuzzers
fuzzers: $(FUZZ_BINS)
	@:

.SECONDEXPANSION:
fuzz_link = $(call say,LD,$@)$(CC) $(VLDFLAGS) -o $@ $(filter-out $(LINK_LIBS),$^) $(LINK_LIBS) \
	-lm -lpthread $(FUZZ_LDFLAGS) $(if $(filter ossfuzz,$(ENGINE)),$(LIB_FUZZING_ENGINE) $(OSSFUZZ_LDLIBS))
$(B)/fuzz/%: $(B)/obj/fuzz/%.o $$($$*_EXTRA) $(FUZZ_MAIN) $$(LINK_LIBS)
	@mkdir -p $(@D)
	$(fuzz_link)

# The bare builds, make fuzz-measure's yardstick: fuzz/bare.c, one kernel
# call per input, compiled once per target it knows (FUZZ_BARE_<target>)
# into $(B)/fuzz/bare/<target>, linked as the targets are (the rule above).
# The targets it knows are its FUZZ_BARE_<target> branches (as fuzz/measure.py reads them).
BARE_TARGETS := $(sort $(patsubst defined(FUZZ_BARE_%),%,$(shell \
	grep -o 'defined(FUZZ_BARE_[A-Za-z0-9_]*)' fuzz/bare.c)))
BARE_BINS := $(addprefix $(B)/fuzz/bare/,$(BARE_TARGETS))

# A static pattern: a pattern rule from fuzz/bare.c would also offer make
# a way to remake the objects' .d files (the built-in %: %.o).
BARE_OBJS := $(addprefix $(B)/obj/fuzz/bare/,$(addsuffix .o,$(BARE_TARGETS)))
$(BARE_OBJS): $(B)/obj/fuzz/bare/%.o: fuzz/bare.c $(HARNESS_FLAGS)
	@mkdir -p $(@D)
	$(call say,CC,$< $*)$(CC) $(VFLAGS) $(HARNESS_CFLAGS) $(HARNESS_INC) $(INC_fuzz) \
		-DFUZZ_BARE_$*=1 -c $< -o $@

$(BARE_BINS): $(B)/fuzz/bare/%: $(B)/obj/fuzz/bare/%.o $(FUZZ_MAIN) $$(LINK_LIBS)
	@mkdir -p $(@D)
	$(fuzz_link)

.PHONY: bare-fuzzers
bare-fuzzers: $(BARE_BINS)
	@:

# Each target built the way its variant wants, always at $(B)/fuzz/<target>:
#   fuzz          libFuzzer binary
#   afl, cmplog   AFL++ persistent-mode binary (libAFLDriver)
#   other         standalone replayer (fuzz/replay_main.c)
# A target's own extra objects: <target>_EXTRA (object paths).
include fuzz/targets.mk
FUZZ_BINS := $(addprefix $(B)/fuzz/,$(FUZZ_TARGETS))

ifeq ($(ENGINE),libfuzzer)
FUZZ_MAIN :=
else ifeq ($(ENGINE),afl)
FUZZ_MAIN := $(AFL_DRIVER)
else ifeq ($(ENGINE),ossfuzz)
FUZZ_MAIN :=
else
FUZZ_MAIN := $(B)/obj/fuzz/replay_main.o
endif

.PHONY: fuzzers
fuzzers: $(FUZZ_BINS)

.SECONDEXPANSION:
$(B)/fuzz/%: $(B)/obj/fuzz/%.o $$($$*_EXTRA) $(FUZZ_MAIN) $(LINK_LIBS)
	@mkdir -p $(@D)
	$(CC) $(VLDFLAGS) -o $@ $(filter-out $(LINK_LIBS),$^) $(LINK_LIBS) -lm -lpthread $(if $(filter afl,$(ENGINE)),-lstdc++) \
		$(if $(filter ossfuzz,$(ENGINE)),$(LIB_FUZZING_ENGINE) $(OSSFUZZ_LDLIBS))

# Compiler and flags of each build variant. One variant, one build folder.
#   plain  gcc -O2, kernel-like flags: benchmarks and stack measurement
#   asan   clang, ASan+UBSan: replayers, tests, reproduction
#   fuzz   clang libFuzzer with ASan+UBSan
#   afl    afl-clang-fast with ASan+UBSan, libAFLDriver
#   cmplog afl-clang-fast CMPLOG build (AFL_LLVM_CMPLOG=1)
#   cov    clang source-based coverage
#   msan   clang MemorySanitizer with origins: replayers, repro (VARIANT=msan)
#   fuzz-msan  clang libFuzzer with MemorySanitizer (make fuzz VARIANT=msan)
#   ossfuzz CC/CFLAGS/LIB_FUZZING_ENGINE of an OSS-Fuzz build environment
# COVFLAGS: the fuzzer's coverage instrumentation (libFuzzer's edges and
# comparisons), which build.mk gives only the code under test and what
# shapes its input (COV_SRCS), never the oracles and references: their
# edges are noise to the fuzzer and cost to each input. Empty where the
# compiler instruments everything itself (afl, cmplog) or where coverage
# is the point of the build (cov).
# Quiet output as Kbuild's: one short line per step ("  CC  fuzz/unzstd.c"),
# the full commands with V=1. $(call say,TAG,WHAT) starts a recipe line.
ifeq ($(V),1)
say =
else
say = @printf '  %-7s %s\n' '$(1)' '$(2)';
export AFL_QUIET := 1
endif

CLANG ?= clang-14
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZDEF := -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
COVFLAGS :=
# MemorySanitizer: every byte read must have been written. Every library
# linked in must be instrumented too (the references are built from source:
# ref/ref.build.mk), and no assembly (its writes are not seen).
MSAN := -fsanitize=memory -fsanitize-memory-track-origins -fno-omit-frame-pointer \
	-DZSTD_DISABLE_ASM

ifeq ($(VARIANT),plain)
CC := gcc
VFLAGS := -O2 -g
VLDFLAGS :=
override ENGINE := standalone
else ifeq ($(VARIANT),asan)
CC := $(CLANG)
VFLAGS := -O1 -g $(SAN) $(FUZZDEF)
VLDFLAGS := $(SAN)
override ENGINE := standalone
else ifeq ($(VARIANT),fuzz)
CC := $(CLANG)
VFLAGS := -O1 -g $(SAN) $(FUZZDEF)
COVFLAGS := -fsanitize=fuzzer-no-link
VLDFLAGS := $(SAN) -fsanitize=fuzzer
override ENGINE := libfuzzer
else ifeq ($(VARIANT),msan)
CC := $(CLANG)
VFLAGS := -O1 -g $(MSAN) $(FUZZDEF)
VLDFLAGS := $(MSAN)
override ENGINE := standalone
else ifeq ($(VARIANT),fuzz-msan)
CC := $(CLANG)
VFLAGS := -O1 -g $(MSAN) $(FUZZDEF)
COVFLAGS := -fsanitize=fuzzer-no-link
VLDFLAGS := $(MSAN) -fsanitize=fuzzer
override ENGINE := libfuzzer
else ifeq ($(VARIANT),afl)
CC := afl-clang-fast
VFLAGS := -O1 -g $(SAN) $(FUZZDEF)
VLDFLAGS := $(SAN)
override ENGINE := afl
else ifeq ($(VARIANT),cmplog)
CC := AFL_LLVM_CMPLOG=1 afl-clang-fast
VFLAGS := -O1 -g $(FUZZDEF)
VLDFLAGS :=
override ENGINE := afl
else ifeq ($(VARIANT),cov)
CC := $(CLANG)
VFLAGS := -O0 -g -fprofile-instr-generate -fcoverage-mapping $(FUZZDEF)
VLDFLAGS := -fprofile-instr-generate
override ENGINE := standalone
else ifeq ($(VARIANT),ossfuzz)
# OSS-Fuzz / ClusterFuzzLite (ci/oss-fuzz/build.sh): the build environment's
# compiler (CC=) and flags (OSSFUZZ_CFLAGS=$$CFLAGS); the engine is linked
# in from LIB_FUZZING_ENGINE (a flag or a library) with OSSFUZZ_LDLIBS.
# Its coverage flags (libFuzzer's -fsanitize=fuzzer-no-link, any
# -fsanitize-coverage=) split off as the fuzz variant's; AFL++'s compiler
# instruments everything whatever the flags.
OSSFUZZ_COV := -fsanitize=fuzzer-no-link -fsanitize-coverage=%
COVFLAGS := $(filter $(OSSFUZZ_COV),$(OSSFUZZ_CFLAGS))
VFLAGS := $(filter-out $(OSSFUZZ_COV),$(OSSFUZZ_CFLAGS)) $(FUZZDEF)
VLDFLAGS := $(OSSFUZZ_CFLAGS)
OSSFUZZ_LDLIBS ?= -lstdc++
override ENGINE := ossfuzz
else
$(error unknown VARIANT '$(VARIANT)': plain asan fuzz msan fuzz-msan afl cmplog cov ossfuzz)
endif

AFL_DRIVER ?= /usr/lib/afl/libAFLDriver.a

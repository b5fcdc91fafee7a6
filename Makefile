# kzfuzz: fuzzing and conformance harness for the kernel's zstd wrapper
# and the fanotify FAN_FS_ERROR sample parser. The one entry point.
#
# Use:
#   make, make all         build (plain and ASan+UBSan variants): build-plain, build-asan
#   make fuzz              fuzz campaigns (TARGETS=, SECONDS=, ENGINE=libfuzzer|afl, JOBS=, TIMEOUT=)
#   make findings          the campaigns' findings, known ones marked
#   make repro INPUT=file  replay one input under ASan+UBSan (TARGET=, PARAMS="name=value ...")
#   make check-msan        every committed corpus input and crasher replayed under
#                          MemorySanitizer (in make check: the tree under test only)
#   make corpus-update     new-coverage inputs into corpus/regression/ (TARGETS=, CORPUS_MAX_LEN=)
#   make check             every test, on two trees (SECOND_TREE=, SECOND_BUILD=)
#   make gate              pre-merge conformance gate (BASELINE_SRC=, SECONDS=); gate-short,
#                          gate-planted; knobs SPEED_THRESHOLD, GATE_STACK_GROWTH,
#                          GATE_FUZZ_JOBS, GATE_SHORT_SECONDS, GATE_SHORT_RUNS,
#                          GATE_BASE_RULE, GATE_SHORT_BASE_RULE, GATE_PLANTED_BUGS
#   make kunit             the golden vectors, single-defect inputs, API contract cases and
#                          round trips as a KUnit suite in a scratch copy of the tree, UML
#                          with KASAN (KUNIT_PLANT=patch);
#                          not in make check (a cold build is over 10 min); gate check 9
#   make kunit-answers     re-record this tree's lines of conformance/golden/kernel-answers.txt
#                          (the kernel's answers the suite and gate-golden expect)
#   make gate-calibrate    the gate's false-alarm figure: make gate CALIBRATE_RUNS times
#                          (10) on the unmodified tree (GATE_BASE_RULE=0: without the base)
#   make gate-speed-calibrate  trust in the gate's speed verdict (CALIBRATE_RUNS=,
#                          CALIBRATE_PCTS=, CALIBRATE_WHOLE_PCTS=, CALIBRATE_STAGES=, CALIBRATE_DIR=)
#   make bench             benchmarks (BASELINE_SRC=, BENCH_PARTS=, BENCH_ARGS=, BENCH_RUN=, BENCH_CORPUS=)
#   make fuzz-measure      exec/s judged, bare and old (MEASURE_SECONDS=, MEASURE_RUNS=,
#                          MEASURE_CORPUS=, MEASURE_TARGETS=, MEASURE_OLD=; VARIANT=msan:
#                          the MemorySanitizer build too, and judged/msan)
#   make coverage          llvm-cov report of the committed corpus (CORPUS=, TARGETS=)
#   make coverage-trend    coverage over time while fuzzing (SECONDS=, INTERVAL=, TARGETS=)
#   make coverage-checks, coverage-single-defect   the measure of lib/zstd's checks
#   make seeds             deterministic seed corpora of the zstd targets
#   make single-defect     regenerate corpus/single-defect/
#   make spec-stats        what spec_frames' inputs reached
#   make capture-fanotify  refresh corpus/fanotify-captures/ (root, loop devices)
#   make selftest          the known-answer self-test (every fuzz and gate command runs it)
#   make deps              install missing Debian packages (ci/install-deps.sh)
#   make clean             remove $(BUILD)
#   make help              this text
# The checks, each a goal of its own (make check runs CHECKS in this order,
# and test-gate-known on the second tree):
#   python-tests test-args test-crash-state coverage-regions-test test-layers
#   foundation-tests unit-tests check-regression check-single-defect
#   test-single-defect fanotify-check check-captures test-tree-content
#   test-repro-crashers test-fuzz-resume test-fuzz-kill test-fuzz-lock
#   test-fuzz-diskfull test-corpus-update check-msan test-ossfuzz-build gate-short
#   check-second-tree test-gate-known
#   (test-ossfuzz-build OSSFUZZ_MSAN=1 adds the SANITIZER=memory build, a
#   cold instrumented build left out of make check for its time)
# Used by other goals and scripts: fuzz-build, check-start, gate-build-asan,
#   gate-build-plain, gate-build-fuzz, gate-build-replayers, gate-ab-side, gate-where.
#
# Everywhere: KERNEL_SRC=/path/to/linux or debian:VERSION selects the tree
# under test (default Debian's linux-source-6.1); BUILD= the build folder
# (default build); FUZZ_WORK=, FINDINGS= where campaigns keep their state;
# ZSTD_NEXT_CACHE= where zstd 1.5.7 is kept; VARIANT=msan makes fuzz, repro
# and findings' commands use MemorySanitizer (builds msan, fuzz-msan; default
# asan: ASan+UBSan), ZSTD_DEB_SRC_CACHE= where its libzstd 1.5.4 source is
# kept; V=1 shows the commands. Bad
# values are refused in one line before anything is built.
BUILD ?= build
KERNEL_SRC ?=
VARIANT ?= asan
SECONDS ?= 60
export SECONDS

# The variables the user set, checked first, before anything is staged,
# installed or built: one line naming the problem (tools/make_args.py; the
# environment's it reads itself).
quote = '$(subst ','\'',$(1))'
user_args = $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(call quote,$(v)=$($(v)))))
ifneq ($(filter-out clean help,$(or $(MAKECMDGOALS),all)),)
ARGS_ERR := $(shell tools/make_args.py --goals '$(MAKECMDGOALS)' $(user_args) 2>&1 >/dev/null)
ifneq ($(ARGS_ERR),)
$(error $(ARGS_ERR))
endif
endif

NO_TREE_GOALS := clean help deps
ifneq ($(filter-out $(NO_TREE_GOALS),$(or $(MAKECMDGOALS),all)),)
$(shell mkdir -p $(BUILD))
TREE_DIR := $(shell kernel/prepare-tree.sh $(BUILD) '$(KERNEL_SRC)' 2>$(BUILD)/prepare-tree.err)
ifeq ($(TREE_DIR),)
$(error $(shell tail -n1 $(BUILD)/prepare-tree.err))
endif
TREE_ID := $(notdir $(TREE_DIR))
BDIR := $(BUILD)/$(TREE_ID)
$(info $(shell cat $(TREE_DIR)/tree.txt))
include $(TREE_DIR)/tree.mk
# TARGETS and TARGET again, now that the tree's API level is known.
ifneq ($(TARGETS)$(TARGET),)
ARGS_ERR := $(shell tools/make_args.py --goals '$(MAKECMDGOALS)' --tree-api '$(KTREE_API_LEVEL)' $(user_args) 2>&1 >/dev/null)
ifneq ($(ARGS_ERR),)
$(error $(ARGS_ERR))
endif
endif
# The findings registry as this tree sees it (lib/findings.py): entries of
# its kernel zstd version only, in every script make runs.
export KZ_ZSTD_VERSION := $(KTREE_ZSTD_VERSION)
# The second reference, upstream zstd 1.5.7 (ref/zstd-next.sh); without it
# the build says why in one line and goes on with the distro's libzstd.
ZSTD_NEXT_CACHE ?= $(BUILD)/zstd-next
ZSTD_NEXT := $(shell ref/zstd-next.sh $(ZSTD_NEXT_CACHE) 2>$(BUILD)/zstd-next.err)
ifeq ($(ZSTD_NEXT),)
$(info $(shell cat $(BUILD)/zstd-next.err))
endif
# MemorySanitizer builds libzstd 1.5.4 from Debian's source (ref/zstd-deb-src.sh),
# fetched only when a goal needs it.
ZSTD_DEB_SRC_CACHE ?= $(BUILD)/zstd-deb-src
ifneq ($(filter msan,$(VARIANT))$(filter check check-msan,$(MAKECMDGOALS)),)
ZSTD_DEB_SRC := $(shell ref/zstd-deb-src.sh $(ZSTD_DEB_SRC_CACHE) 2>$(BUILD)/zstd-deb-src.err)
$(if $(ZSTD_DEB_SRC),,$(info $(shell tail -n1 $(BUILD)/zstd-deb-src.err)))
endif
endif

# The variants VARIANT= selects: the replayer's and the fuzzer's.
SAN_VARIANT := $(if $(filter msan,$(VARIANT)),msan,asan)
SAN_FUZZ_VARIANT := $(if $(filter msan,$(VARIANT)),fuzz-msan,fuzz)

# Build goals in one variant: $(call variant,asan,goals...)
variant = $(MAKE) --no-print-directory -f build.mk VARIANT=$(1) TREE_DIR=$(TREE_DIR) \
	ZSTD_NEXT=$(ZSTD_NEXT) ZSTD_NEXT_ERR=$(abspath $(BUILD))/zstd-next.err \
	ZSTD_DEB_SRC=$(ZSTD_DEB_SRC) ZSTD_DEB_SRC_ERR=$(abspath $(BUILD))/zstd-deb-src.err B=$(BDIR)/$(1) $(2)
ASAN_BIN := $(BDIR)/asan/bin

# Goals run one after another; each variant's own build is parallel (-j).
.NOTPARALLEL:

.PHONY: all deps build-plain build-asan selftest check clean help
all: build-plain build-asan

deps:
	@ci/install-deps.sh

build-plain: deps
	+@$(call variant,plain,programs)

build-asan: deps
	+@$(call variant,asan,programs)

# Every fuzz and gate command runs behind this: a broken build gives false findings.
selftest: build-asan
	@$(ASAN_BIN)/kh-selftest >$(BDIR)/selftest.log 2>&1 || \
		{ grep -E 'FAIL|broken' $(BDIR)/selftest.log | head -n 20; \
		  echo "selftest: refusing to go on: the build of $(TREE_ID) fails its known-answer self-test (log: $(BDIR)/selftest.log)"; exit 1; }
	@tail -n1 $(BDIR)/selftest.log

# Every folder's *.goals.mk: the user-facing goals of that part.
# What a check could not do here, one "goal: reason" line each (skip_note);
# make check lists them in its last lines: a skip never reads as a pass.
CHECK_SKIPS := $(BUILD)/check-skips.txt
skip_note = echo "$(1): skipped: $(2)" >>$(CHECK_SKIPS)
include $(sort $(wildcard */*.goals.mk */*/*.goals.mk))

# make check runs these, in this order: the cheap ones first, so that a
# broken build or harness shows in seconds; the campaigns, the OSS-Fuzz
# build and the short gate last.
CHECKS := python-tests test-args test-crash-state coverage-regions-test selftest test-layers foundation-tests unit-tests \
	check-regression check-single-defect test-single-defect fanotify-check check-captures \
	test-tree-content test-repro-crashers \
	test-fuzz-resume test-fuzz-kill test-fuzz-lock test-fuzz-diskfull test-corpus-update \
	check-msan test-ossfuzz-build gate-short check-second-tree

# The second tree (default Debian's linux-source-6.12): make check runs the
# checks that depend on the tree again on it, in a build directory of its
# own (tests/check-second-tree.sh); SECOND_TREE= (empty) skips them, said
# as a skip.
SECOND_TREE ?= debian:6.12
SECOND_BUILD ?= $(BUILD)/second-tree
SECOND_RESULT := $(BUILD)/second-tree-result.txt
SECOND_CHECKS := selftest foundation-tests unit-tests check-regression test-repro-crashers gate-short \
	test-gate-known

.PHONY: check-second-tree
check-second-tree:
	+@MAKE='$(MAKE)' MAKE_ARGS='ZSTD_NEXT_CACHE=$(abspath $(ZSTD_NEXT_CACHE))' \
		tests/check-second-tree.sh '$(SECOND_TREE)' '$(SECOND_BUILD)' '$(SECOND_RESULT)' \
		'$(CHECK_SKIPS)' $(SECOND_CHECKS)

.PHONY: check-start
check-start:
	@mkdir -p $(BUILD) && : >$(CHECK_SKIPS) && rm -f $(SECOND_RESULT)
	@$(if $(ZSTD_NEXT),:,$(call skip_note,zstd-1.5.7,every check judged with the distro's libzstd alone: $(shell cat $(BUILD)/zstd-next.err)))

check: check-start $(CHECKS)
	@n=$$(wc -l <$(CHECK_SKIPS)); \
	trees="on $(KTREE_KERNEL_VERSION) (zstd $(KTREE_ZSTD_VERSION)); $$(cat $(SECOND_RESULT))"; \
	if [ "$$n" -gt 0 ]; then \
		sed 's/^/check: /' $(CHECK_SKIPS); \
		echo "check: all passed $$trees; $$n skipped (listed above; not passes)"; \
	else \
		echo "check: all passed $$trees; nothing skipped"; \
	fi

clean:
	rm -rf $(BUILD)

help:
	@sed -n '1,/^BUILD/p' Makefile | sed -n 's/^# \{0,1\}//p'

# Fuzzing operations: campaigns, findings, reproduction.
#   make fuzz [TARGETS="a b"] [SECONDS=n] [ENGINE=libfuzzer|afl] [JOBS=n] [TIMEOUT=s]
#       each target in turn for SECONDS with JOBS workers, live progress,
#       summary in $(FUZZ_WORK)/summary.txt; corpus in $(FUZZ_WORK)/<target>/corpus
#   make corpus-update [TARGETS="a b"] [CORPUS_MAX_LEN=n]
#       adds the working corpus's inputs that give new coverage to
#       corpus/regression/<target>/ (on request only; then git status)
#   make findings      the findings table ($(FINDINGS)/<target>/<class>-<hash>/)
#   make repro INPUT=file [TARGET=name] [PARAMS="level=19 windowLog=18"]
#       replays one input on the ASan+UBSan replayer, symbolized; exits
#       non-zero when the problem reproduces
#   VARIANT=msan: fuzz, repro and findings under MemorySanitizer instead (the
#       fuzz-msan and msan builds; work and findings in folders of their own)
# FUZZ_WORK, FINDINGS: where campaigns keep their state (outside the repo).
.PHONY: fuzz fuzz-build findings repro corpus-update test-crash-state test-fuzz-resume test-corpus-update \
	test-repro-crashers test-fuzz-kill test-fuzz-lock test-fuzz-diskfull
include fuzz/targets.mk
ENGINE ?= libfuzzer
JOBS ?= $(shell nproc)
TIMEOUT ?= 10
FUZZ_SEL := $(or $(TARGETS),$(FUZZ_TARGETS))
MSAN_SUFFIX := $(if $(filter msan,$(VARIANT)),-msan)
FUZZ_WORK ?= $(BUILD)/work/$(TREE_ID)$(MSAN_SUFFIX)
FINDINGS ?= $(BUILD)/findings/$(TREE_ID)$(MSAN_SUFFIX)
KNOWN_FINDINGS := corpus/findings.txt
FAN_SEEDS := $(FUZZ_WORK)/seeds-fanotify
# What a finding's reproduce command needs beyond INPUT.
REPRO_ARGS := $(if $(filter-out build,$(BUILD)),BUILD=$(BUILD))$(if $(KERNEL_SRC), KERNEL_SRC=$(KERNEL_SRC))$(if $(MSAN_SUFFIX), VARIANT=msan)
CORPUS_MAX_LEN ?= 65536

# The launcher every campaign starts its fuzzers with: they die with the
# campaign, however it ends (fuzz/kz_spawn.c). A plain C program of ours.
KZ_SPAWN := $(BDIR)/tools/kz-spawn
$(KZ_SPAWN): fuzz/kz_spawn.c
	@mkdir -p $(@D)
	@gcc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -o $@ $<

# The variants a campaign runs: the libFuzzer build always (it triages),
# AFL++ and its CMPLOG build for ENGINE=afl.
FUZZ_VARIANTS := $(SAN_FUZZ_VARIANT) $(if $(filter afl,$(ENGINE)),afl cmplog)

# $(call fuzz_build,TARGETS,WHO): the libFuzzer build of TARGETS, quiet
# unless it fails; WHO names the goal in the error line.
fuzz_build = $(call variant,fuzz,$(addprefix $(BDIR)/fuzz/fuzz/,$(1))) >$(BDIR)/fuzz-build-fuzz.log 2>&1 || \
	{ tail -n 20 $(BDIR)/fuzz-build-fuzz.log; echo "$(2): the fuzz build failed"; exit 1; }

fuzz-build: selftest $(KZ_SPAWN)
	+@for v in $(FUZZ_VARIANTS); do \
		$(call variant,$$v,$(addprefix $(BDIR)/$$v/fuzz/,$(FUZZ_SEL))) >$(BDIR)/fuzz-build-$$v.log 2>&1 || \
		{ tail -n 20 $(BDIR)/fuzz-build-$$v.log; echo "fuzz: the $$v build failed ($(BDIR)/fuzz-build-$$v.log)"; exit 1; }; \
	done
	@if [ ! -d $(BDIR)/seeds ] || [ $(ASAN_BIN)/gen-seeds -nt $(BDIR)/seeds ]; then \
		$(MAKE) --no-print-directory BUILD=$(BUILD) KERNEL_SRC='$(KERNEL_SRC)' seeds; fi
	@if [ ! -d $(FAN_SEEDS) ] || [ $(ASAN_BIN)/fanotify-seeds -nt $(FAN_SEEDS) ]; then \
		rm -rf $(FAN_SEEDS).tmp && mkdir -p $(FAN_SEEDS).tmp/all && \
		$(ASAN_BIN)/fanotify-seeds $(FAN_SEEDS).tmp/all && \
		for t in $(FANOTIFY_TARGETS); do ln -s all $(FAN_SEEDS).tmp/$$t; done && \
		rm -rf $(FAN_SEEDS) && mv $(FAN_SEEDS).tmp $(FAN_SEEDS); fi

fuzz: fuzz-build
	@rc=0; KZ_REPRO_ARGS='$(REPRO_ARGS)' KZFUZZ_FUZZ_VARIANT=$(SAN_FUZZ_VARIANT) fuzz/campaign.py -e $(ENGINE) -b $(BDIR) -T $(TREE_DIR) \
		-w $(FUZZ_WORK) -f $(FINDINGS) -k $(KNOWN_FINDINGS) -s $(SECONDS) -j $(JOBS) \
		-o $(TIMEOUT) -S corpus/regression -S $(BDIR)/seeds -S $(FAN_SEEDS) $(FUZZ_SEL) || rc=$$?; \
	case " $(FUZZ_SEL) " in *" spec_frames "*) \
		$(call variant,asan,$(BDIR)/asan/fuzz/spec_frames) >/dev/null 2>&1 && \
		fuzz/spec/spec-stats.sh $(BDIR)/asan/fuzz/spec_frames $(FUZZ_WORK)/spec_frames/corpus || :;; esac; \
	exit $$rc

corpus-update: selftest
	+@$(call fuzz_build,$(FUZZ_SEL),corpus-update)
	@fuzz/corpus-update.sh $(BDIR) $(FUZZ_WORK) corpus/regression $(CORPUS_MAX_LEN) $(FUZZ_SEL)

findings:
	@fuzz/findings.sh $(FINDINGS) $(KNOWN_FINDINGS)

# The target comes from TARGET=, the finding's record or the input's path.
repro: selftest
	+@t=$$(fuzz/repro-target.sh '$(INPUT)' '$(TARGET)' $(FUZZ_TARGETS)) || exit 2; \
	$(call variant,$(SAN_VARIANT),$(BDIR)/$(SAN_VARIANT)/fuzz/$$t) >$(BDIR)/repro-build.log 2>&1 || \
		{ tail -n 20 $(BDIR)/repro-build.log; echo "repro: building the $$t replayer failed"; exit 2; }; \
	KZFUZZ_PARAMS='$(PARAMS)' fuzz/repro.sh $(BDIR)/$(SAN_VARIANT)/fuzz/$$t '$(INPUT)' $$t $(KNOWN_FINDINGS)

# Crash states of canned sanitizer logs.
test-crash-state:
	@tests/test-crash-state.sh

# The campaign's data logic (fuzz/campaign.py): options, the fuzzers'

# A campaign killed half-way and run again loses no finding, keeps its corpus.
test-fuzz-resume: selftest $(KZ_SPAWN)
	+@$(call fuzz_build,unzstd,test-fuzz-resume)
	@tests/test-fuzz-resume.sh $(BDIR) $(TREE_DIR) $(BUILD)/test-fuzz-resume

# SIGKILL of a campaign's whole group, three times: nothing left running,
# every finding kept by the next run.
test-fuzz-kill: selftest $(KZ_SPAWN)
	+@$(call fuzz_build,unzstd,test-fuzz-kill)
	@tests/test-fuzz-kill.sh $(BDIR) $(TREE_DIR) $(BUILD)/test-fuzz-kill

# One campaign per work directory; a stale lock is taken over.
test-fuzz-lock: selftest
	+@tests/test-fuzz-lock.sh $(abspath $(BUILD))/test-fuzz-lock BUILD=$(BUILD) $(if $(KERNEL_SRC),KERNEL_SRC=$(KERNEL_SRC))

# A full disk under triage and a campaign (a tmpfs; skipped where none can be mounted).
test-fuzz-diskfull: selftest $(KZ_SPAWN)
	+@$(call fuzz_build,unzstd,test-fuzz-diskfull)
	@rc=0; tests/test-fuzz-diskfull.sh $(BDIR) $(TREE_DIR) $(abspath $(BUILD))/test-fuzz-diskfull || rc=$$?; \
	case $$rc in 0) ;; 77) $(call skip_note,test-fuzz-diskfull,needs a tmpfs it can mount (root)) ;; *) exit 1 ;; esac

# make repro reproduces every committed crasher, as its class.
test-repro-crashers: selftest
	+@tests/test-repro-crashers.sh BUILD=$(BUILD) $(if $(KERNEL_SRC),KERNEL_SRC=$(KERNEL_SRC))

# corpus-update keeps the committed files, adds only new coverage, leaves
# out crashers and big files, and a second run adds nothing.
test-corpus-update: selftest
	+@$(call fuzz_build,unzstd,test-corpus-update)
	@tests/test-corpus-update.sh $(BDIR) $(BUILD)/test-corpus-update

# The OSS-Fuzz build contract: ci/oss-fuzz/build.sh with the libFuzzer and
# the AFL++ environments and SANITIZER=memory (two targets, the reference
# built from libzstd 1.5.4's source as check-msan's: its cache), every
# fuzzer run over its seed corpus, judging
# with zstd 1.5.7 where make had it (its cache: nothing fetched again);
# then libFuzzer on SECOND_TREE (debian:6.12), whose newer-API targets
# fuzz a few seconds each. Its objects stay in $(BUILD)/ossfuzz-test, so a
# second run is quick.
.PHONY: test-ossfuzz-build
test-ossfuzz-build: deps
	+@KZFUZZ_ZSTD_NEXT_CACHE=$(abspath $(ZSTD_NEXT_CACHE)) KZFUZZ_ZSTD_DEB_SRC_CACHE=$(abspath $(ZSTD_DEB_SRC_CACHE)) \
		KZFUZZ_OSSFUZZ_MSAN=$(OSSFUZZ_MSAN) tests/test-ossfuzz-build.sh $(BUILD)/ossfuzz-test '$(SECOND_TREE)' || rc=$$?; \
	case $${rc:-0} in 0) ;; 77) $(call skip_note,test-ossfuzz-build,second tree $(SECOND_TREE) cannot be staged here) ;; *) exit 1 ;; esac; \
	if [ -s $(BUILD)/ossfuzz-test/msan.skip ]; then $(call skip_note,test-ossfuzz-build,$$(cat $(BUILD)/ossfuzz-test/msan.skip)); fi

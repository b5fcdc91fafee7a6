# make coverage        llvm-cov report of the committed corpus (CORPUS=dir of <target>/)
# make coverage-trend  fuzz each target SECONDS and plot coverage over time
#                      (TARGETS=, SECONDS=, INTERVAL= seconds between snapshots)
# Targets whose fuzz/<target>.c does not exist yet, or whose build fails,
# are skipped with a note.
.PHONY: coverage coverage-trend
include fuzz/targets.mk
COV_DIR := $(BDIR)/coverage
# The committed corpus: corpus/regression/<target>/, and corpus/single-defect/
# through the decoding targets (SINGLE_DEFECT_TARGETS).
CORPUS ?= corpus/regression
INTERVAL ?= 10
COV_TARGETS = $(foreach t,$(or $(TARGETS),$(FUZZ_TARGETS)),$(if $(wildcard fuzz/$(t).c),$(t)))
COV_MISSING = $(foreach t,$(or $(TARGETS),$(FUZZ_TARGETS)),$(if $(wildcard fuzz/$(t).c),,$(t)))
# Builds one replayer or fuzzer per target in variant $(1), a failure is a note.
build_each = for t in $(COV_TARGETS); do \
		$(call variant,$(1),$(BDIR)/$(1)/fuzz/$$t) >$(BDIR)/$(1)-$$t.build.log 2>&1 || \
		echo "$(2): $$t: skipped: build failed ($(BDIR)/$(1)-$$t.build.log)"; \
	done
note_missing = $(foreach t,$(COV_MISSING),echo "$(1): $(t): skipped: no fuzz/$(t).c yet";)

coverage: deps
	@$(call note_missing,coverage)
	@mkdir -p $(BDIR)
	+@$(call build_each,cov,coverage)
	@$(if $(filter corpus/regression,$(CORPUS)),COV_ALSO_DIR=$(SINGLE_DEFECT_DIR) \
		COV_ALSO_TARGETS='$(SINGLE_DEFECT_TARGETS)') \
		tools/coverage/coverage.sh $(BDIR)/cov/fuzz $(TREE_DIR)/src $(CORPUS) $(COV_DIR) $(COV_TARGETS)
	+@$(MAKE) --no-print-directory coverage-single-defect || echo "coverage: single-defect branches: not all proved"
	+@$(MAKE) --no-print-directory coverage-checks || echo "coverage: checks: the measure failed (stale entry or failing input)"

coverage-trend: deps
	@$(call note_missing,coverage-trend)
	@mkdir -p $(BDIR)
	+@$(call build_each,cov,coverage-trend)
	+@$(call build_each,fuzz,coverage-trend)
	@tools/coverage/coverage-trend.sh $(BDIR) $(TREE_DIR)/src $(CORPUS) $(BDIR)/coverage-trend \
		$(SECONDS) $(INTERVAL) $(COV_TARGETS)

# The region resolver of make coverage, on a made-up source, and its
# pieces' unit tests (part of make check).
.PHONY: coverage-regions-test
coverage-regions-test:
	@tests/test-coverage-regions.sh

# make coverage-single-defect: each single-defect input (corpus/single-defect/:
# the decoder's frames, the compressor's and the modules' API cases) run alone
# by the cov variant's generator, and llvm-cov's branch count read at its
# check's line: proved when the check's error branch is taken.
.PHONY: coverage-single-defect
SINGLE_DEFECT_GENS := $(BDIR)/cov/bin/gen-single-defect $(BDIR)/cov/bin/gen-single-defect-api
coverage-single-defect: deps
	+@$(call variant,cov,$(SINGLE_DEFECT_GENS)) >$(BDIR)/cov-gen-single-defect.build.log 2>&1 || \
		{ echo "coverage-single-defect: build failed ($(BDIR)/cov-gen-single-defect.build.log)"; exit 1; }
	@tools/coverage/single-defect-branches.sh $(TREE_DIR)/src corpus/single-defect \
		$(BDIR)/coverage-single-defect $(SINGLE_DEFECT_GENS)

# make coverage-checks: the measure of lib/zstd's checks (checks_measure.py):
# per file, its error returns, those the unreachable lists of the tree's
# zstd version (unreachable_lists.py) name, and the
# reachable ones a single-defect input proves (make check-single-defect's
# verdicts, frames and API cases, and, after make coverage-single-defect, its
# check's branch taken). Writes $(BDIR)/coverage/checks.txt; exit 1 on a
# stale entry or a failing input.
.PHONY: coverage-checks
COV_BRANCHES := $(BDIR)/coverage-single-defect/branches.txt
coverage-checks: build-asan
	@mkdir -p $(COV_DIR)
	@$(ASAN_BIN)/gen-single-defect check $(SINGLE_DEFECT_DIR) $(TREE_DIR)/src/lib/zstd \
		>$(COV_DIR)/checks-single-defect.log 2>&1 || true
	@$(ASAN_BIN)/gen-single-defect-api check $(SINGLE_DEFECT_DIR) $(TREE_DIR)/src/lib/zstd \
		>$(COV_DIR)/checks-single-defect-api.log 2>&1 || true
	@$(if $(wildcard $(COV_BRANCHES)),,echo "coverage-checks: no $(COV_BRANCHES) (make coverage-single-defect): proved by error code only")
	@lists=$$(tools/coverage/unreachable_lists.py) || exit 1; \
	tools/coverage/checks_measure.py --zstd $(KZ_ZSTD_VERSION) $(if $(wildcard $(COV_BRANCHES)),--branches $(COV_BRANCHES)) \
		$(TREE_DIR)/src/lib/zstd $$lists \
		$(SINGLE_DEFECT_DIR) $(COV_DIR)/checks-single-defect.log $(COV_DIR)/checks-single-defect-api.log \
		>$(COV_DIR)/checks.txt.tmp; \
		rc=$$?; mv $(COV_DIR)/checks.txt.tmp $(COV_DIR)/checks.txt; cat $(COV_DIR)/checks.txt; exit $$rc

# make gate: the pre-merge conformance gate (conformance/gate.py): builds
# the harness against the tree, runs the eight checks, prints the summary
# table and writes $(BUILD)/gate/<run>/report.{tap,junit.xml}. Exit 0 only
# when nothing new was found.
#   make gate [KERNEL_SRC=tree] [BASELINE_SRC=tree] [SECONDS=n]
#   make gate-short      the same with GATE_SHORT_SECONDS per target and the check
#                        programs' --quick subsets (make check runs it)
#   make gate-planted    planted-bug tests of the gate (tests/test-gate-planted.sh)
# Knobs: GATE_SPEED_LOSS (percent, default 5), GATE_STACK_GROWTH (bytes per
# entry point, default 64), GATE_FUZZ_JOBS (default 2).
.PHONY: gate gate-short gate-planted gate-py-tests gate-build-asan gate-build-plain gate-build-fuzz gate-where
GATE_SHORT_SECONDS ?= 5
BASELINE_SRC ?=
GATE_ARGS = --build '$(BUILD)' --kernel-src '$(KERNEL_SRC)' --baseline-src '$(BASELINE_SRC)'

gate:
	@MAKE='$(MAKE)' conformance/gate.py $(GATE_ARGS) --seconds '$(SECONDS)'

gate-short:
	@MAKE='$(MAKE)' conformance/gate.py $(GATE_ARGS) --seconds '$(GATE_SHORT_SECONDS)' --quick
	@sed -n 's/^ok [0-9]* - \([^ ]*\) # SKIP \(.*\)/\1 \2/p' $(BUILD)/gate/latest/report.tap | \
		while read -r c why; do $(call skip_note,gate-short,gate check $$c: $$why); done

gate-planted:
	@MAKE='$(MAKE)' tests/test-gate-planted.sh '$(BUILD)' '$(GATE_SHORT_SECONDS)'

# The unit tests of gate.py and gate_report.py (python3 unittest).
gate-py-tests:
	@out=$$(PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s tests -p 'test_gate_py.py' 2>&1) || \
		{ printf '%s\n' "$$out"; echo "gate-py-tests: failed"; exit 1; }; \
	echo "gate-py-tests: $$(printf '%s\n' "$$out" | grep -m1 '^Ran '), all passed"

# What gate.py builds, one variant each, and where the tree's builds are.
gate-build-asan:
	+@$(call variant,asan,programs fuzzers)

gate-build-plain:
	+@$(call variant,plain,programs)

gate-build-fuzz:
	+@$(call variant,fuzz,fuzzers)

gate-where:
	@echo "gate-where: bdir=$(BDIR) tree_dir=$(TREE_DIR) tree_id=$(TREE_ID)"

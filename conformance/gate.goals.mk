# make gate: the pre-merge conformance gate (conformance/gate.py): builds
# the harness against the tree, runs the eight checks, prints the summary
# table and writes $(BUILD)/gate/<run>/report.{tap,junit.xml}. Exit 0 only
# when nothing new was found.
#   make gate [KERNEL_SRC=tree] [BASELINE_SRC=tree] [SECONDS=n]
#   make gate-short      the same, with the fuzz check over each target's starting
#                        corpus only (GATE_SHORT_RUNS=0: no mutations, the same
#                        verdict on every machine) and the check programs'
#                        --quick subsets (make check runs it)
#   make gate-planted    planted-bug tests of the gate (tests/test-gate-planted.sh);
#                        GATE_PLANTED_BUGS="window checksum" plants only those
# Knobs: SPEED_THRESHOLD (percent, default -5), GATE_STACK_GROWTH (bytes per
# entry point, default 64), GATE_FUZZ_JOBS (default 2), GATE_BASE_RULE (1; 0:
# the fuzz check's new findings fail without being replayed on the base tree).
.PHONY: gate gate-short gate-planted gate-build-asan gate-build-plain gate-build-fuzz gate-where \
	gate-ab-side gate-build-replayers
GATE_SHORT_SECONDS ?= 5
# gate-short runs each libFuzzer binary over its starting corpus, without
# mutations (gate_fuzz.py): the same verdict on every machine. Time-boxed
# fuzzing is make gate's and make fuzz's.
GATE_SHORT_RUNS ?= 0
# make check's gate-short checks the harness on an unmodified tree, which
# would be its own base: every finding it reproduces would be pre-existing.
# So gate-short judges without the base rule unless GATE_SHORT_BASE_RULE=1
# (the planted-bug tests set it: their base is the unmodified tree).
GATE_SHORT_BASE_RULE ?= 0
BASELINE_SRC ?=
GATE_ARGS = --build '$(BUILD)' --kernel-src '$(KERNEL_SRC)' --baseline-src '$(BASELINE_SRC)'

gate:
	@MAKE='$(MAKE)' conformance/gate.py $(GATE_ARGS) --seconds '$(SECONDS)'

gate-short:
	@MAKE='$(MAKE)' GATE_FUZZ_RUNS='$(GATE_SHORT_RUNS)' GATE_BASE_RULE='$(GATE_SHORT_BASE_RULE)' \
		conformance/gate.py $(GATE_ARGS) \
		--seconds '$(GATE_SHORT_SECONDS)' --quick
	@sed -n 's/^ok [0-9]* - \([^ ]*\) # SKIP \(.*\)/\1 \2/p' $(BUILD)/gate/latest/report.tap | \
		while read -r c why; do $(call skip_note,gate-short,gate check $$c: $$why); done

# GATE_PLANTED_BUGS: the bugs to plant (default: every one).
GATE_PLANTED_BUGS ?=
gate-planted:
	@MAKE='$(MAKE)' tests/test-gate-planted.sh '$(BUILD)' '$(GATE_SHORT_SECONDS)' $(GATE_PLANTED_BUGS)

# What gate.py builds, one variant each, and where the tree's builds are.
gate-build-asan:
	+@$(call variant,asan,programs fuzzers)

gate-build-plain:
	+@$(call variant,plain,programs)

# The base tree's ASan replayers, which judge the fuzz check's new findings
# (conformance/gate_base.py).
gate-build-replayers:
	+@$(call variant,asan,fuzzers)

# This tree's kernel side for another tree's kz-ab (gate check 8, make bench).
gate-ab-side: build-plain
	+@$(call variant,plain,$(BDIR)/plain/ab/base-side.o)

gate-build-fuzz:
	+@$(call variant,fuzz,fuzzers)

gate-where:
	@echo "gate-where: bdir=$(BDIR) tree_dir=$(TREE_DIR) tree_id=$(TREE_ID) zstd_next=$(ZSTD_NEXT)"

# The speed verdict's calibration on this machine (conformance/gate-speed-calibrate.sh):
# false alarms on two copies of one tree, and which injected slowdowns the
# check catches. CALIBRATE_RUNS rounds; CALIBRATE_PCTS percent slowdowns
# of each of CALIBRATE_STAGES (the stage rows, one at a time);
# CALIBRATE_WHOLE_PCTS percent slowdowns of the whole decompressor.
# CALIBRATE_DIR (default: a new folder per run) accumulates: the same
# folder with more rounds goes on where it stopped.
CALIBRATE_RUNS ?= 20
CALIBRATE_PCTS ?= 10
CALIBRATE_WHOLE_PCTS ?= 5
CALIBRATE_STAGES ?= raw-blocks,rle-blocks,huf1-lits,huf4-lits,huf4-skew,seq-short,seq-long,checksum,dstream-4k,dstream-all
CALIBRATE_DIR ?= $(BUILD)/calibrate/$(shell date -u +%Y%m%dT%H%M%SZ)
.PHONY: gate-speed-calibrate
gate-speed-calibrate: build-plain
	+@conformance/gate-speed-calibrate.sh $(CALIBRATE_DIR) $(BUILD) $(BDIR) $(CALIBRATE_RUNS) \
		'$(CALIBRATE_PCTS)' '$(CALIBRATE_WHOLE_PCTS)' $(CALIBRATE_STAGES)

# The gate's false-alarm figure (conformance/gate_calibrate.py): make gate
# CALIBRATE_RUNS times (10 unless given) on KERNEL_SRC, one at a time, each
# run into CALIBRATE_DIR/run-N/; prints "F of N runs failed" and, per
# failing run, its checks and findings; then how many would have failed
# with the base rule off (derived from the runs' pre-existing findings,
# listed per run). GATE_BASE_RULE=0 measures the classification alone. CALIBRATE_DIR accumulates, as above.
GATE_CALIBRATE_RUNS = $(if $(filter command line environment,$(origin CALIBRATE_RUNS)),$(CALIBRATE_RUNS),10)
.PHONY: gate-calibrate
gate-calibrate:
	@MAKE='$(MAKE)' conformance/gate_calibrate.py '$(CALIBRATE_DIR)' '$(GATE_CALIBRATE_RUNS)' \
		BUILD='$(BUILD)' KERNEL_SRC='$(KERNEL_SRC)' BASELINE_SRC='$(BASELINE_SRC)' \
		SECONDS='$(SECONDS)' $(if $(GATE_BASE_RULE),GATE_BASE_RULE='$(GATE_BASE_RULE)')

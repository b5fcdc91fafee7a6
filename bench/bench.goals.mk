# make bench: kernel zstd against reference zstd (kz-bench, plain build,
# one process, interleaved CPU-time samples), against a baseline tree
# with BASELINE_SRC=/path, and the harness throughput of every fuzz
# target (plain and ASan+UBSan replayers). Results: $(BUILD)/bench/<run>/.
#   BENCH_PARTS=zstd,throughput   what to run (default both)
#   BENCH_ARGS='-l 1,3 -m oneshot'  more kz-bench options
#   BENCH_RUN=name                the run's folder (default: UTC time)
#   BENCH_CORPUS=dir:dir          corpus roots (default corpus/regression;
#                                 targets without one replay gen-seeds' seeds)
include fuzz/targets.mk
.PHONY: bench
BENCH_RUN ?= $(shell date -u +%Y%m%dT%H%M%SZ)
BENCH_PARTS ?= zstd,throughput
BENCH_ARGS ?=
BENCH_CORPUS ?= corpus/regression
BENCH_PLAIN := $(BDIR)/plain
BENCH_BASE_B :=

ifneq ($(filter bench,$(MAKECMDGOALS)),)
ifneq ($(BASELINE_SRC),)
BENCH_BASE_TREE := $(shell kernel/prepare-tree.sh $(BUILD) '$(BASELINE_SRC)' 2>$(BUILD)/prepare-baseline.err)
ifeq ($(BENCH_BASE_TREE),)
$(error BASELINE_SRC: $(shell tail -n1 $(BUILD)/prepare-baseline.err))
endif
BENCH_BASE_B := $(BUILD)/$(notdir $(BENCH_BASE_TREE))/plain
endif
endif

bench: build-plain build-asan
	+@$(call variant,plain,fuzzers)
	+@$(call variant,asan,fuzzers)
	$(if $(BENCH_BASE_B),@$(MAKE) --no-print-directory -f build.mk VARIANT=plain \
		TREE_DIR=$(BENCH_BASE_TREE) B=$(BENCH_BASE_B) $(BENCH_BASE_B)/bin/kz-bench)
	@BENCH_BIN=$(BENCH_PLAIN)/bin/kz-bench BENCH_LABEL=$(TREE_ID) \
	 BENCH_TREE_SRC=$(TREE_DIR)/src BENCH_KZSTD_OBJ=$(BENCH_PLAIN)/kzstd.o \
	 BENCH_BASE_BIN=$(if $(BENCH_BASE_B),$(BENCH_BASE_B)/bin/kz-bench) \
	 BENCH_BASE_LABEL=$(if $(BENCH_BASE_B),$(notdir $(BENCH_BASE_TREE))) \
	 BENCH_ARGS='$(BENCH_ARGS)' BENCH_PARTS=$(BENCH_PARTS) \
	 BENCH_FUZZ='plain=$(BENCH_PLAIN)/fuzz asan=$(BDIR)/asan/fuzz' \
	 BENCH_CORPUS=$(BENCH_CORPUS) BENCH_GEN_SEEDS=$(BENCH_PLAIN)/bin/gen-seeds \
	 BENCH_TARGETS='$(FUZZ_TARGETS)' \
	 bench/bench.sh $(BUILD)/bench/$(BENCH_RUN)

# make bench: kernel zstd against reference zstd (kz-bench, plain build,
# one process, interleaved CPU-time samples); with BASELINE_SRC=/path, this
# tree against the baseline tree in one process (kz-ab: per-stage rows and
# levels, each with its 95% interval and verdict); and the harness
# throughput of every fuzz target (plain and ASan+UBSan replayers).
# Results: $(BUILD)/bench/<run>/.
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

bench: build-plain build-asan
	+@$(call variant,plain,fuzzers)
	+@$(call variant,asan,fuzzers)
	+@ab=; if [ -n '$(BASELINE_SRC)' ]; then \
		ab=$$(bench/ab-build.sh $(BUILD) $(BDIR) '$(BASELINE_SRC)' $(BDIR)/bench-ab-build.log) || exit 1; \
	fi; \
	BENCH_BIN=$(BENCH_PLAIN)/bin/kz-bench BENCH_LABEL=$(TREE_ID) \
	 BENCH_TREE_SRC=$(TREE_DIR)/src BENCH_KZSTD_OBJ=$(BENCH_PLAIN)/kzstd.o \
	 BENCH_AB_BIN=$$ab BENCH_BASE_LABEL=$$(basename "$$(dirname "$$ab")" | sed 's/^vs-//') \
	 BENCH_ARGS='$(BENCH_ARGS)' BENCH_PARTS=$(BENCH_PARTS) \
	 BENCH_FUZZ='plain=$(BENCH_PLAIN)/fuzz asan=$(BDIR)/asan/fuzz' \
	 BENCH_CORPUS=$(BENCH_CORPUS) BENCH_GEN_SEEDS=$(BENCH_PLAIN)/bin/gen-seeds \
	 BENCH_TARGETS='$(FUZZ_TARGETS)' \
	 bench/bench.sh $(BUILD)/bench/$(BENCH_RUN)

# make seeds: the deterministic seed corpus of the zstd targets, written to
# $(BDIR)/seeds/<target>/ (generated beside it, then renamed into place).
.PHONY: seeds
SEEDS_DIR := $(BDIR)/seeds

seeds: build-asan
	@rm -rf $(SEEDS_DIR).tmp
	@$(ASAN_BIN)/gen-seeds $(SEEDS_DIR).tmp $(ZSTD_TARGETS)
	@rm -rf $(SEEDS_DIR) && mv $(SEEDS_DIR).tmp $(SEEDS_DIR)
	@echo "seeds: $(SEEDS_DIR)"

# make single-defect: writes corpus/single-defect/ (inputs, controls, MANIFEST)
# from tools/seeds/single_defect.c, and the compressor's and modules' API
# cases (api/*.txt, MANIFEST-api) from tools/seeds/single_defect_api.c.
# make check-single-defect (in make check): the committed inputs are what
# they make, the kernel rejects each input with its check's error code, each
# API case's call fails with its check's error code (or NULL), both
# libraries decode each control (an API control round-trips), each check's
# text is still in its function in the tree under test, and the compressor's
# unreachable-check list is not stale; per file, checks proved.
.PHONY: single-defect check-single-defect
SINGLE_DEFECT_DIR := corpus/single-defect

single-defect: build-asan
	@rm -rf $(SINGLE_DEFECT_DIR)
	@$(ASAN_BIN)/gen-single-defect write $(SINGLE_DEFECT_DIR)
	@$(ASAN_BIN)/gen-single-defect-api write $(SINGLE_DEFECT_DIR)
	@echo "single-defect: $(SINGLE_DEFECT_DIR)"

check-single-defect: build-asan
	@$(ASAN_BIN)/gen-single-defect check $(SINGLE_DEFECT_DIR) $(TREE_DIR)/src/lib/zstd
	@$(ASAN_BIN)/gen-single-defect-api check $(SINGLE_DEFECT_DIR) $(TREE_DIR)/src/lib/zstd \
		corpus/unreachable.txt corpus/unreachable-checks-compress.txt

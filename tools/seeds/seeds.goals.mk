# make seeds: the deterministic seed corpus of the zstd targets, written to
# $(BDIR)/seeds/<target>/ (generated beside it, then renamed into place).
.PHONY: seeds
SEEDS_DIR := $(BDIR)/seeds

seeds: build-asan
	@rm -rf $(SEEDS_DIR).tmp
	@$(ASAN_BIN)/gen-seeds $(SEEDS_DIR).tmp $(ZSTD_TARGETS)
	@rm -rf $(SEEDS_DIR) && mv $(SEEDS_DIR).tmp $(SEEDS_DIR)
	@echo "seeds: $(SEEDS_DIR)"

# make single-defect: writes corpus/single-defect/ (inputs, controls, MANIFEST,
# WAYS: how check decodes each input, which make kunit's suite does too)
# from tools/seeds/single_defect*.c, and the compressor's and modules' API
# cases (api/*.txt, MANIFEST-api) from tools/seeds/single_defect_api.c.
# make check-single-defect (in make check): the committed inputs are what
# they make, the kernel rejects each input with its check's error code, each
# API case's call fails with its check's error code (or NULL), both
# libraries decode each control (an API control round-trips), each check's
# text is still in its function in the tree under test; inputs and
# controls replay through the decompression targets with no finding.
# (The measure of reachable checks is make coverage-checks and the gate's.)
.PHONY: single-defect check-single-defect
SINGLE_DEFECT_DIR := corpus/single-defect
# The inputs and controls also replay, with no finding, through these targets.
SINGLE_DEFECT_TARGETS := $(FRAME_TARGETS)

# Only what the generators write is replaced (MANIFEST*, their folders).
single-defect: build-asan
	@rm -rf $(SINGLE_DEFECT_DIR).tmp
	@$(ASAN_BIN)/gen-single-defect write $(SINGLE_DEFECT_DIR).tmp
	@$(ASAN_BIN)/gen-single-defect-api write $(SINGLE_DEFECT_DIR).tmp
	@mkdir -p $(SINGLE_DEFECT_DIR) && for f in $(SINGLE_DEFECT_DIR).tmp/*; do \
		rm -rf $(SINGLE_DEFECT_DIR)/$${f##*/} && mv $$f $(SINGLE_DEFECT_DIR)/; done
	@rmdir $(SINGLE_DEFECT_DIR).tmp
	@echo "single-defect: $(SINGLE_DEFECT_DIR)"

check-single-defect: build-asan
	+@$(call variant,asan,$(addprefix $(BDIR)/asan/fuzz/,$(SINGLE_DEFECT_TARGETS)))
	@$(ASAN_BIN)/gen-single-defect check $(SINGLE_DEFECT_DIR) $(TREE_DIR)/src/lib/zstd
	@$(ASAN_BIN)/gen-single-defect-api check $(SINGLE_DEFECT_DIR) $(TREE_DIR)/src/lib/zstd
	@for t in $(SINGLE_DEFECT_TARGETS); do \
		log=$(BDIR)/single-defect-$$t.log; \
		$(BDIR)/asan/fuzz/$$t $(SINGLE_DEFECT_DIR) >$$log 2>&1 || \
			{ echo "check-single-defect: $$t: a finding on $(SINGLE_DEFECT_DIR) ($$log)"; exit 1; }; \
		echo "check-single-defect: $$t: $$(grep -c '^replay: $(SINGLE_DEFECT_DIR)' $$log) files, no finding"; \
	done

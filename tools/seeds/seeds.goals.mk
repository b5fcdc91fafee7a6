# make seeds: the deterministic seed corpus of the zstd targets, written to
# $(BDIR)/seeds/<target>/ (generated beside it, then renamed into place).
.PHONY: seeds
SEEDS_DIR := $(BDIR)/seeds

seeds: build-asan
	@rm -rf $(SEEDS_DIR).tmp
	@$(ASAN_BIN)/gen-seeds $(SEEDS_DIR).tmp $(ZSTD_TARGETS)
	@rm -rf $(SEEDS_DIR) && mv $(SEEDS_DIR).tmp $(SEEDS_DIR)
	@echo "seeds: $(SEEDS_DIR)"

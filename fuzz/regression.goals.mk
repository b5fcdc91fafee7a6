# make check-regression: every committed zstd corpus (corpus/regression/<target>/)
# replayed through its target's ASan+UBSan replayer. Part of make check.
# The fanotify corpora are replayed by fanotify-check.
.PHONY: check-regression
include fuzz/targets.mk
REGRESSION_TARGETS = $(foreach t,$(ZSTD_TARGETS),$(if $(wildcard corpus/regression/$(t)/*),$(t)))

check-regression: build-asan
	+@$(call variant,asan,$(addprefix $(BDIR)/asan/fuzz/,$(REGRESSION_TARGETS)))
	@fail=0; for t in $(REGRESSION_TARGETS); do \
		log=$(BDIR)/regression-$$t.log; \
		if $(BDIR)/asan/fuzz/$$t corpus/regression/$$t >$$log 2>&1; then \
			echo "check-regression: $$t: $$(tail -n1 $$log)"; \
		else \
			echo "check-regression: $$t: FAILED: $$(grep -m1 -E '==KZFUZZ==|ERROR' $$log) (log: $$log)"; fail=1; \
		fi; \
	done; [ $$fail -eq 0 ]

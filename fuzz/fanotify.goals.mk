# make fanotify-check: the fanotify sample's reproducers, the seeds and the
# decoder (fuzz/fanotify-check.sh), on the ASan+UBSan build (the fanotify
# corpora are check-regression's). Part of make check.

.PHONY: fanotify-check

fanotify-check: build-asan
	+@$(call variant,asan,$(addprefix $(BDIR)/asan/fuzz/,$(FANOTIFY_TARGETS)))
	@fuzz/fanotify-check.sh $(ASAN_BIN) $(BDIR)/asan/fuzz

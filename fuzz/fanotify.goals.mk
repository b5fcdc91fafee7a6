# make fanotify-check: the fanotify targets' corpora, reproducers, seeds and
# decoder (fuzz/fanotify-check.sh), on the ASan+UBSan build. Part of make check.
.PHONY: fanotify-check

fanotify-check: build-asan
	+@$(call variant,asan,$(addprefix $(BDIR)/asan/fuzz/,fanotify_sample fanotify_reference fanotify_structured))
	@fuzz/fanotify-check.sh $(ASAN_BIN) $(BDIR)/asan/fuzz

# Real fanotify buffers: the checked-in captures (corpus/fanotify-captures/)
# checked against their manifests by the reference parser, its serializer
# and the sample; then fresh captures from the running kernel where it can
# (root, loop devices, ext4), skipped with one line saying why where not.
.PHONY: check-captures capture-fanotify
CAPTURES_DIR := corpus/fanotify-captures
FRESH_CAPTURES := $(BDIR)/captures-fresh

check-captures: build-asan
	@$(ASAN_BIN)/fanotify-captures $(CAPTURES_DIR)
	@rm -rf $(FRESH_CAPTURES); rc=0; \
	tools/capture/fanotify-capture.sh $(ASAN_BIN)/fanotify-capture $(FRESH_CAPTURES) >$(BDIR)/capture.log || rc=$$?; \
	cat $(BDIR)/capture.log; \
	case $$rc in \
	0) $(ASAN_BIN)/fanotify-captures $(FRESH_CAPTURES) ;; \
	77) echo "check-captures: no fresh capture here (see above); the checked-in ones passed"; \
	    $(call skip_note,check-captures,fresh capture from the running kernel: $$(sed -n 's/.*skipped: //p' $(BDIR)/capture.log | tail -n1)) ;; \
	*) echo "check-captures: fresh capture failed"; exit 1 ;; \
	esac

# Refresh the checked-in set from the running kernel (needs root, loop devices).
capture-fanotify: build-asan
	@tools/capture/fanotify-capture.sh $(ASAN_BIN)/fanotify-capture $(CAPTURES_DIR)
	@$(ASAN_BIN)/fanotify-captures -v $(CAPTURES_DIR)

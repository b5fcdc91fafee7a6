# Unit tests of the harness itself (cmocka), built in the ASan+UBSan variant.
# Each program runs from the top of the repo, with KZ_TREE_DIR, KZ_BUILD and
# KZ_BDIR telling it where the staged tree and the builds are.
.PHONY: unit-tests

unit-tests: build-asan
	+@$(call variant,asan,tests)
	@fail=0; for t in $(patsubst tests/%.c,$(BDIR)/asan/tests/%,$(wildcard tests/test_*.c)); do \
		KZ_TREE_DIR=$(TREE_DIR) KZ_BUILD=$(BUILD) KZ_BDIR=$(BDIR) $$t || fail=1; \
	done; \
	[ $$fail -eq 0 ] || { echo "unit-tests: some tests failed"; exit 1; }

# Symbol isolation and bad-input behaviour, from the shell.
.PHONY: foundation-tests
foundation-tests: build-asan build-plain
	@tests/test-foundation.sh $(BUILD) $(BDIR)

# The build follows the tree's content, not its timestamps.
.PHONY: test-tree-content
test-tree-content: build-asan
	+@tests/test-tree-content.sh $(abspath $(BUILD))/test-tree-content BUILD=$(BUILD)

# Bad variables refused first, in one line, before anything is built
# (tools/make_args.py), from a copy with no build/.
.PHONY: test-args
test-args:
	@tests/test-args.sh

# The layers depend only downward, and no file cycle is left (tests/layers.py).
.PHONY: test-layers
test-layers: build-asan
	@tests/test-layers.sh $(BDIR)/asan/obj

# The Python unit tests (tests/test_<module>.py, unittest): no build needed.
.PHONY: python-tests
python-tests:
	@fail=0; for t in tests/test_*.py; do \
		out=$$(python3 $$t 2>&1) || { echo "$$out"; fail=1; }; \
		echo "python-tests: $$t: $$(echo "$$out" | tail -n1)"; \
	done; [ $$fail -eq 0 ]

# The gate's known paths (a stack finding's ceiling, a single-defect case's
# reason) excuse only what the registry says: a copy of the tree with two
# bugs planted must fail both (tests/test-gate-known.sh; make check runs it
# on the second tree, whose zstd version has such entries).
.PHONY: test-gate-known
test-gate-known: build-asan build-plain
	+@MAKE='$(MAKE)' tests/test-gate-known.sh $(abspath $(BUILD))/test-gate-known $(BUILD) $(BDIR) \
		$(TREE_DIR) $(CHECK_SKIPS)

# check-single-defect fails, naming the check, on a changed input, a stale
# entry, and a copy of the tree with a check removed (tests/test-single-defect.sh).
.PHONY: test-single-defect
test-single-defect: build-asan
	+@MAKE='$(MAKE)' tests/test-single-defect.sh $(abspath $(BUILD))/test-single-defect $(BUILD) $(BDIR) $(TREE_DIR)

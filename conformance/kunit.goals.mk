# make kunit: the harness's vectors as a KUnit suite built and run in a
# scratch copy of the tree under test, on UML x86_64 with KASAN
# (conformance/kunit_run.py; conformance/README-gate.md "make kunit").
#   make kunit [KERNEL_SRC=tree] [KUNIT_PLANT=patch]
# Not in make check: a cold UML build takes over 10 min (RESULTS.md).
.PHONY: kunit
# KUNIT_PLANT: a patch (-p1) applied to the scratch copy (planted-bug tests).
KUNIT_PLANT ?=
kunit:
	@nice -n 15 conformance/kunit_run.py --build '$(BUILD)' --kernel-src '$(KERNEL_SRC)' \
		--zstd '$(KTREE_ZSTD_VERSION)' --kver '$(KTREE_KERNEL_VERSION)' --tree-id '$(TREE_ID)' \
		--plant '$(KUNIT_PLANT)' --api '$(TREE_DIR)/api.txt'

# kunit-answers: this tree's lines of conformance/golden/kernel-answers.txt
# (the kernel's one-shot answer on every must-fail golden vector, which
# make kunit's suite expects) re-recorded from its userspace build;
# gate-golden fails while the file disagrees with it.
# Run once per tree (KERNEL_SRC=debian:6.12 too) and review the diff.
.PHONY: kunit-answers
kunit-answers:
	+@$(call variant,asan,$(ASAN_BIN)/gate-golden)
	@$(ASAN_BIN)/gate-golden --record-kernel

# The fuzz targets, from their manifest (fuzz/targets.tsv, read by
# fuzz/targets.py): one fuzz/<name>.c each, defining LLVMFuzzerTestOneInput.
# Read by both the variant build and the top-level goals. Which targets a
# tree gets depends on the entry points its include/linux/zstd.h declares
# (KTREE_API_LEVEL of $(TREE_DIR)/tree.mk, kernel/zstd-api.sh): a reader
# that has not included tree.mk but names TREE_DIR gets it here; one that
# names neither gets the 5.16 targets.
ifeq ($(KTREE_API_LEVEL),)
ifneq ($(TREE_DIR),)
-include $(TREE_DIR)/tree.mk
endif
endif
fuzz_targets = $(shell python3 fuzz/targets.py list --api '$(or $(KTREE_API_LEVEL),5.16)' $(1))
ZSTD_TARGETS := $(call fuzz_targets,--seeds gen)
FANOTIFY_TARGETS := $(call fuzz_targets,--seeds fanotify)
# The targets of a newer API than 5.16 (dictionaries and allocator-backed
# contexts, Linux 6.12+), whether or not this tree has them.
ZSTD_DICT_TARGETS := $(filter-out $(shell python3 fuzz/targets.py list --api 5.16),$(shell python3 fuzz/targets.py list))
FUZZ_TARGETS := $(ZSTD_TARGETS) $(FANOTIFY_TARGETS)
ifeq ($(strip $(FUZZ_TARGETS)),)
$(error fuzz/targets.tsv: no targets read (fuzz/targets.py list))
endif
# The targets whose inputs are zstd frames with their trailer (the
# single-defect replays, gate check 8's frames).
FRAME_TARGETS := $(call fuzz_targets,--input frame)

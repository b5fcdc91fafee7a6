# The fuzz targets: one fuzz/<name>.c each, defining LLVMFuzzerTestOneInput.
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
ZSTD_TARGETS := decompress_oneshot decompress_stream compress_oneshot \
	compress_stream frame_header unzstd spec_frames
# Dictionaries and allocator-backed contexts (Linux 6.12+).
ZSTD_DICT_TARGETS := decompress_ddict compress_cdict
ifneq ($(findstring dictionaries,$(KTREE_API_LEVEL)),)
ifneq ($(findstring allocators,$(KTREE_API_LEVEL)),)
ZSTD_TARGETS += $(ZSTD_DICT_TARGETS)
endif
endif
FANOTIFY_TARGETS := fanotify_sample fanotify_reference fanotify_structured
FUZZ_TARGETS := $(ZSTD_TARGETS) $(FANOTIFY_TARGETS)

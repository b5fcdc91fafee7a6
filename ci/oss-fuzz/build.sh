#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build of kzfuzz: OSS-Fuzz's entry point, run
# with $SRC, $OUT, $WORK, $CC, $CFLAGS, $LIB_FUZZING_ENGINE and $SANITIZER.
# Every fuzz target of fuzz/targets.tsv, its .options, seed corpus and
# dictionary into $OUT: ci/oss-fuzz/build.py does it and documents it
# (KERNEL_SRC, KZFUZZ_SRC, KZFUZZ_REF_LIB, KZFUZZ_ZSTD_NEXT_CACHE,
# KZFUZZ_TARGETS, KZFUZZ_JOBS).
exec python3 "${KZFUZZ_SRC:-$SRC/kzfuzz}/ci/oss-fuzz/build.py"

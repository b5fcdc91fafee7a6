#!/bin/bash -eu
# ClusterFuzzLite build: the OSS-Fuzz build script of the project, as it is.
exec "$SRC/kzfuzz/ci/oss-fuzz/build.sh"

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every kernel object (kernel/kernel.mk). Compiler
 * wrappers define FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION on their own
 * (afl-clang-fast adds -D...=1 after the caller's flags, so filtering the
 * flags or -U cannot remove it); in lib/zstd it turns the frame's dictID
 * check off, and the kernel would not be the kernel. A forced include is
 * read after every command-line definition.
 */
#undef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION

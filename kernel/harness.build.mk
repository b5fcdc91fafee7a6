# Harness code about the kernel side: whole-buffer wrapper helpers.
LIB_SRCS += kernel/kz.c

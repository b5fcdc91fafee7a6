# Seed data and generators.
LIB_SRCS += lib/sample_data.c
LIB_SRCS += lib/path_walk.c
LIB_SRCS += lib/name_list.c
LIB_SRCS += lib/file_read.c
LIB_SRCS += lib/file_write.c

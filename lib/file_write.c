// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>

#include "file_write.h"

int lib_file_write(const char *path, const void *buf, size_t len)
{
	char tmp[4200];
	FILE *f;
	int ok, err;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	f = fopen(tmp, "wb");
	if (!f)
		return -1;
	ok = fwrite(buf, 1, len, f) == len;
	err = errno;
	ok = !fclose(f) && ok;
	if (!ok || rename(tmp, path)) {
		err = errno ? errno : err;
		remove(tmp);
		errno = err;
		return -1;
	}
	return 0;
}

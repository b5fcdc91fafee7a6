// SPDX-License-Identifier: GPL-2.0
/*
 * fanotify-capture: record real fanotify read() buffers from the running
 * kernel, each with the manifest of what it must decode to. The scratch
 * ext4 filesystem, its corruption and remounts are fanotify-capture.sh's job.
 *
 *   fanotify-capture probe                      exit 77 if fanotify FID mode is missing
 *   fanotify-capture list events|errors         scenario names
 *   fanotify-capture prepare-errors MNT STATE   make errors/bad_dir, save FIDs
 *   fanotify-capture run NAME MNT OUTDIR [STATE]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture_run.h"

#define PROG	"fanotify-capture"

static int usage(void)
{
	fprintf(stderr, "usage: " PROG " probe | list events|errors | prepare-errors MNT STATE | run NAME MNT OUTDIR [STATE]\n");
	return 2;
}

static int probe(void)
{
	int fd = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID, O_RDONLY);

	if (fd < 0) {
		printf(PROG ": skipped: fanotify_init(FAN_REPORT_FID): %s (needs root and Linux 5.1+)\n",
		       strerror(errno));
		return CAPTURE_SKIP;
	}
	close(fd);
	return CAPTURE_OK;
}

static int list(const char *what)
{
	const struct capture_scenario *s = capture_event_scenarios;
	unsigned int i, n = capture_event_scenario_count;

	if (!strcmp(what, "errors")) {
		s = capture_error_scenarios;
		n = capture_error_scenario_count;
	} else if (strcmp(what, "events")) {
		return usage();
	}
	for (i = 0; i < n; i++)
		printf("%s\n", s[i].name);
	return CAPTURE_OK;
}

static int save_fid(struct manifest *state, const char *key, const char *path)
{
	char err[CAPTURE_ERRLEN];
	struct capture_fid fid;

	if (capture_fid_of_path(&fid, path, err, sizeof(err))) {
		fprintf(stderr, PROG ": %s\n", err);
		return -1;
	}
	capture_fid_write(state, key, &fid);
	return 0;
}

/* The objects the corruption will hit, and their FIDs while still sound. */
static int prepare_errors(const char *mnt, const char *state_path)
{
	static struct manifest state;
	char base[4096], bad_dir[4200];

	snprintf(base, sizeof(base), "%s/errors", mnt);
	snprintf(bad_dir, sizeof(bad_dir), "%s/bad_dir", base);
	if ((mkdir(base, 0755) && errno != EEXIST) ||
	    (mkdir(bad_dir, 0755) && errno != EEXIST)) {
		fprintf(stderr, PROG ": mkdir under %s: %s\n", base, strerror(errno));
		return CAPTURE_FAIL;
	}
	manifest_init(&state);
	if (save_fid(&state, "base", base) || save_fid(&state, "bad_dir", bad_dir))
		return CAPTURE_FAIL;
	if (manifest_save(&state, state_path)) {
		fprintf(stderr, PROG ": write %s: %s\n", state_path, strerror(errno));
		return CAPTURE_FAIL;
	}
	return CAPTURE_OK;
}

static int run(int argc, char **argv)
{
	static struct manifest state;
	const struct capture_scenario *s = capture_find(argv[0]);
	char err[CAPTURE_ERRLEN];
	int ret;

	if (!s) {
		fprintf(stderr, PROG ": unknown scenario '%s' (see: " PROG " list events|errors)\n", argv[0]);
		return 2;
	}
	if (argc > 3 && manifest_load(&state, argv[3], err, sizeof(err))) {
		fprintf(stderr, PROG ": %s\n", err);
		return CAPTURE_FAIL;
	}
	ret = capture_run(s, argv[1], argc > 3 ? &state : NULL, argv[2], err, sizeof(err));
	if (ret == CAPTURE_SKIP)
		printf(PROG ": %s: skipped: this kernel refuses it: %s\n", s->name, err);
	else if (ret != CAPTURE_OK)
		fprintf(stderr, PROG ": %s: %s\n", s->name, err);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "probe"))
		return probe();
	if (argc == 3 && !strcmp(argv[1], "list"))
		return list(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "prepare-errors"))
		return prepare_errors(argv[2], argv[3]);
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "run"))
		return run(argc - 2, argv + 2);
	return usage();
}

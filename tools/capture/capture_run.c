// SPDX-License-Identifier: GPL-2.0
/* One capture: group, mark, trigger, one read(), buffer and manifest saved. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "capture_run.h"

#define READ_BUF_SIZE	65536
#define EVENT_WAIT_MS	5000

const struct capture_scenario *capture_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < capture_event_scenario_count; i++)
		if (!strcmp(capture_event_scenarios[i].name, name))
			return &capture_event_scenarios[i];
	for (i = 0; i < capture_error_scenario_count; i++)
		if (!strcmp(capture_error_scenarios[i].name, name))
			return &capture_error_scenarios[i];
	return NULL;
}

static void describe(struct manifest *m, const struct capture_scenario *s)
{
	struct utsname u;

	manifest_setf(m, "", "format", "1");
	manifest_setf(m, "", "name", "%s", s->name);
	if (!uname(&u))
		manifest_setf(m, "", "kernel", "%s", u.release);
	manifest_setf(m, "", "filesystem", "ext4");
	manifest_setf(m, "", "trigger", "%s", s->trigger);
	manifest_setf(m, "", "init_flags", "0x%x", FAN_CLASS_NOTIF | s->init_flags);
	manifest_setf(m, "", "mark", "FAN_MARK_FILESYSTEM");
	manifest_setf(m, "", "mark_mask", "0x%llx", (unsigned long long)s->mask);
}

/* A group and a mark, or CAPTURE_SKIP when this kernel has not the feature. */
static int open_group(const struct capture_scenario *s, const char *mnt,
		      int *fd, char *err, size_t errlen)
{
	int e;

	*fd = fanotify_init(FAN_CLASS_NOTIF | s->init_flags, O_RDONLY | O_CLOEXEC);
	if (*fd < 0) {
		e = errno;
		snprintf(err, errlen, "fanotify_init(0x%x): %s", FAN_CLASS_NOTIF | s->init_flags,
			 strerror(e));
		return e == EINVAL || e == EPERM ? CAPTURE_SKIP : CAPTURE_FAIL;
	}
	if (fanotify_mark(*fd, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, s->mask, AT_FDCWD, mnt)) {
		e = errno;
		snprintf(err, errlen, "fanotify_mark(FAN_MARK_FILESYSTEM, 0x%llx) on %s: %s",
			 (unsigned long long)s->mask, mnt, strerror(e));
		close(*fd);
		return e == EINVAL || e == EOPNOTSUPP || e == ENODEV ? CAPTURE_SKIP : CAPTURE_FAIL;
	}
	return CAPTURE_OK;
}

/* The lowest free descriptor: where the read's first pidfd will land. */
static int lowest_free_fd(void)
{
	int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);

	if (fd >= 0)
		close(fd);
	return fd;
}

/* The pidfd the read installed at fd must be one of this process. */
static int check_pidfd(int fd, char *err, size_t errlen)
{
	char path[64], line[256];
	int pid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "pidfd %d: %s", fd, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Pid: %d", &pid) == 1)
			break;
	fclose(f);
	if (pid != (int)getpid()) {
		snprintf(err, errlen, "fd %d is not a pidfd of this process (Pid: %d)", fd, pid);
		return -1;
	}
	close(fd);
	return 0;
}

static int expect_pidfds(struct capture_ctx *ctx, int first_fd, char *err, size_t errlen)
{
	int fd = first_fd;
	char prefix[64];
	unsigned int i;

	for (i = 0; i < ctx->nevents; i++) {
		if (!ctx->has_pidfd[i])
			continue;
		if (check_pidfd(fd, err, errlen))
			return -1;
		snprintf(prefix, sizeof(prefix), "event.%u.pidfd", i);
		manifest_setf(ctx->expect, prefix, "pidfd", "%d", fd++);
	}
	return 0;
}

static ssize_t read_events(int fd, void *buf, char *err, size_t errlen)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	if (poll(&p, 1, EVENT_WAIT_MS) != 1) {
		snprintf(err, errlen, "no event within %d ms", EVENT_WAIT_MS);
		return -1;
	}
	n = read(fd, buf, READ_BUF_SIZE);
	if (n <= 0)
		snprintf(err, errlen, "read: %s", n ? strerror(errno) : "end of file");
	return n;
}

static int save_bin(const char *path, const void *buf, size_t len)
{
	char tmp[4200];
	int fd, ok;

	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	ok = write(fd, buf, len) == (ssize_t)len;
	ok = !close(fd) && ok;
	if (!ok || rename(tmp, path)) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

static int save(const struct capture_scenario *s, const struct manifest *m,
		const char *outdir, const void *buf, size_t len, char *err, size_t errlen)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s.bin", outdir, s->name);
	if (save_bin(path, buf, len))
		goto fail;
	snprintf(path, sizeof(path), "%s/%s.manifest", outdir, s->name);
	if (manifest_save(m, path))
		goto fail;
	return CAPTURE_OK;
fail:
	snprintf(err, errlen, "write %s: %s", path, strerror(errno));
	return CAPTURE_FAIL;
}

/* After the mark: trigger, read once, check pidfds, save. */
static int capture_marked(const struct capture_scenario *s, struct capture_ctx *ctx,
			  int fd, const char *outdir, char *err, size_t errlen)
{
	static uint8_t buf[READ_BUF_SIZE];
	uint32_t total;
	int first_fd;
	ssize_t n;

	if (s->trigger_fn(ctx)) {
		snprintf(err, errlen, "trigger: %s", ctx->err);
		return CAPTURE_FAIL;
	}
	expect_finish(ctx, &total);
	first_fd = lowest_free_fd();
	n = read_events(fd, buf, err, errlen);
	if (n <= 0 || expect_pidfds(ctx, first_fd, err, errlen))
		return CAPTURE_FAIL;
	return save(s, ctx->expect, outdir, buf, (size_t)n, err, errlen);
}

int capture_run(const struct capture_scenario *s, const char *mnt,
		const struct manifest *state, const char *outdir,
		char *err, size_t errlen)
{
	static struct manifest expect;
	struct capture_ctx ctx;
	int fd, ret;

	memset(&ctx, 0, sizeof(ctx));
	ctx.mnt = mnt;
	ctx.state = state;
	ctx.expect = &expect;
	manifest_init(&expect);
	describe(&expect, s);
	if (s->prepare && s->prepare(&ctx)) {
		snprintf(err, errlen, "prepare: %s", ctx.err);
		return CAPTURE_FAIL;
	}
	ret = open_group(s, mnt, &fd, err, errlen);
	if (ret != CAPTURE_OK)
		return ret;
	ret = capture_marked(s, &ctx, fd, outdir, err, errlen);
	close(fd);
	return ret;
}

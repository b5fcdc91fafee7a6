// SPDX-License-Identifier: GPL-2.0
/*
 * kz-spawn: runs a command in a process group of its own, and makes sure
 * that nothing it started outlives the process that started kz-spawn.
 *
 *   kz-spawn COMMAND [ARG...]
 *
 * The campaign starts every fuzzer through it. kz-spawn leaves the
 * caller's process group (so a signal to the campaign's group does not
 * stop it half-way), becomes the subreaper of everything below it, and
 * asks the kernel for SIGTERM when its parent dies (PR_SET_PDEATHSIG).
 * When the parent dies, however it died (SIGKILL included), kz-spawn
 * SIGKILLs every process below it, waits for them, and exits. Other
 * signals are the command's business: the campaign signals the whole
 * group, so the command has them already. When the command ends,
 * whatever it left running is killed too, and kz-spawn exits with the
 * command's status (128 + signal when it was killed).
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROG "kz-spawn"

/* Parent pid and process group of pid, from /proc/PID/stat. */
static int proc_stat(pid_t pid, pid_t *ppid, pid_t *pgrp)
{
	char path[64], buf[512], *p;
	FILE *f;
	int ret = -1;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(buf, sizeof(buf), f))
		goto out;
	/* The command name may hold spaces: fields resume after its ')'. */
	p = strrchr(buf, ')');
	if (p && sscanf(p + 1, " %*c %d %d", ppid, pgrp) == 2)
		ret = 0;
out:
	fclose(f);
	return ret;
}

/*
 * SIGKILLs every process of our group and every child of ours (orphans
 * of the group re-parent to us, the subreaper). Returns how many it hit.
 */
static int kill_below(pid_t self)
{
	struct dirent *de;
	pid_t pid, ppid, pgrp;
	int hit = 0;
	DIR *d;

	d = opendir("/proc");
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		pid = (pid_t)atoi(de->d_name);
		if (pid <= 0 || pid == self || proc_stat(pid, &ppid, &pgrp))
			continue;
		if (ppid == self || pgrp == self) {
			kill(pid, SIGKILL);
			hit++;
		}
	}
	closedir(d);
	return hit;
}

static void reap_all(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

/* Kills and reaps everything below us, until nothing is left (bounded). */
static void teardown(pid_t self)
{
	int round;

	for (round = 0; round < 200; round++) {
		reap_all();
		if (!kill_below(self))
			return;
		usleep(20000);
	}
	fprintf(stderr, PROG ": processes below pid %d would not die\n", (int)self);
}

static pid_t start(char **argv, const sigset_t *old, pid_t self)
{
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	/* The command dies with us, should we be killed outright. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != self)
		_exit(127);
	sigprocmask(SIG_SETMASK, old, NULL);
	execvp(argv[0], argv);
	fprintf(stderr, PROG ": %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

static int exit_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

/* Waits for the command; returns its exit code, or -1 if the parent died. */
static int supervise(pid_t child, pid_t parent, const sigset_t *set)
{
	siginfo_t info;
	int status, sig;
	pid_t pid;

	for (;;) {
		if (getppid() != parent)
			return -1;
		sig = sigwaitinfo(set, &info);
		if (sig < 0)
			continue;
		if (sig != SIGCHLD)
			continue;
		while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
			if (pid == child)
				return exit_code(status);
	}
}

int main(int argc, char **argv)
{
	pid_t parent = getppid(), self = getpid(), child;
	sigset_t set, old;
	int ret;

	if (argc < 2) {
		fprintf(stderr, "usage: " PROG " COMMAND [ARG...]\n");
		return 2;
	}
	setsid();
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, &old);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	/* The parent may have died before the request above was made. */
	if (getppid() != parent)
		return 1;
	child = start(argv + 1, &old, self);
	if (child < 0) {
		fprintf(stderr, PROG ": fork: %s\n", strerror(errno));
		return 1;
	}
	ret = supervise(child, parent, &set);
	teardown(self);
	return ret < 0 ? 1 : ret;
}

#!/usr/bin/env python3
"""A fuzzing campaign: each target in turn for SECONDS, JOBS workers each.

  campaign.py -e ENGINE -b BDIR -T TREE_DIR -w WORK -f FINDINGS -k BASELINE
              -s SECONDS -j JOBS [-o TIMEOUT] [-S SEEDS_ROOT]... TARGET...

ENGINE libfuzzer: the fuzz build in fork mode (-fork=JOBS, crashes,
  timeouts and OOMs ignored so that it goes on after a finding).
ENGINE afl: a main instance (CMPLOG build) and JOBS-1 secondaries.
Working corpus: WORK/<target>/corpus, sha1-named files, shared by both
engines; seeded, each run, with SEEDS_ROOT/<target>/ through a libFuzzer
merge (whose crashing or hanging seeds become findings), merged again at
the end (libFuzzer -merge=1, or afl-cmin over it and the AFL queues).
Findings: fuzz/triage.py into FINDINGS/<target>/.
Progress: a line per target (redrawn on a terminal, every 10 s otherwise);
the summary table goes to WORK/summary-ENGINE.txt and WORK/summary.txt.
SIGINT/SIGTERM: the fuzzers stop, what they found is merged and triaged
(minimization left for the next run), and the exit status is 130/143; a
later run picks up anything an abrupt end left behind (job corpora, AFL
output, inputs not yet triaged). Every fuzzer runs under kz-spawn, which
kills it when the campaign dies, SIGKILL included. One campaign per WORK
(fuzz/work-lock.sh). A full disk stops the campaign with one line; files
are written under temporary names and renamed, and corpus files whose
bytes do not match their sha1 name (cut short) are dropped, never used.
"""
import getopt
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True      # no __pycache__ in the source tree
import campaign_stats as stats      # noqa: E402
import crashlog                     # noqa: E402
import fs_write                     # noqa: E402
import max_len                      # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
USAGE = ('usage: campaign.py -e ENGINE -b BDIR -T TREE_DIR -w WORK -f FINDINGS '
         '-k BASELINE -s SECONDS -j JOBS [-o TIMEOUT] [-S SEEDS_ROOT]... TARGET...')
# work-lock.sh holds the lock on this descriptor; every child inherits it,
# so a leftover of a killed run keeps the work directory locked until the
# next run's work_lock kills it.
LOCK_FD = 9
# Set while the campaign re-runs itself under work_lock (see take_lock).
LOCKED_ENV = 'KZ_CAMPAIGN_LOCKED'
# AFL++ in a container: no CPU governor or affinity to set, no core_pattern
# to fix; sanitizers as AFL++ wants them (abort, no symbolizing).
AFL_ENV = {'AFL_SKIP_CPUFREQ': '1', 'AFL_NO_AFFINITY': '1',
           'AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES': '1', 'AFL_NO_UI': '1',
           'AFL_SKIP_CRASHES': '1', 'AFL_IGNORE_UNKNOWN_ENVS': '1'}
AFL_SANITIZERS = {
    'ASAN_OPTIONS': 'abort_on_error=1:symbolize=0:detect_leaks=0:malloc_context_size=0:'
                    'allocator_may_return_null=0:detect_odr_violation=0:handle_segv=0:'
                    'handle_sigbus=0:handle_abort=0:handle_sigfpe=0:handle_sigill=0',
    'UBSAN_OPTIONS': 'halt_on_error=1:abort_on_error=1:symbolize=0:print_stacktrace=0'}
# AFL++'s own input limit (MAX_FILE of its config.h: the size of the
# shared-memory test case libAFLDriver reads; afl-fuzz takes a bigger -G):
# a target's max_len over it is cut to it under AFL++.
AFL_MAX_FILE = 1 << 20
# The libFuzzer build a campaign runs: fuzz (ASan+UBSan), or fuzz-msan
# (MemorySanitizer: make fuzz VARIANT=msan).
FUZZ_VARIANT = os.environ.get('KZFUZZ_FUZZ_VARIANT', 'fuzz')


class Stop(Exception):
    """The campaign ends now with status 1; the message says why."""


def eprint(line):
    # A signal handler may print too: one unbuffered write per line.
    os.write(2, (line + '\n').encode())


def die(why):
    raise Stop(f'campaign: {why}')


def positive(text):
    return re.fullmatch(r'[1-9][0-9]*', text) is not None


def parse_args(argv):
    """The options as a dict and the targets; Stop on a usage error, with
    the messages of the shell's getopts and checks."""
    opts = {'e': 'libfuzzer', 'b': '', 'T': '', 'w': '', 'f': '', 'k': '',
            's': '', 'j': '', 'o': '10', 'S': []}
    try:
        pairs, targets = getopt.getopt(argv, 'e:b:T:w:f:k:s:j:o:S:')
    except getopt.GetoptError as e:
        what = 'option requires an argument' if 'requires' in e.msg else 'illegal option'
        eprint(f'{sys.argv[0]}: {what} -- {e.opt}')
        die(USAGE)
    for opt, value in pairs:
        if opt == '-S':
            opts['S'].append(value)
        else:
            opts[opt[1]] = value
    if not targets:
        die('no target given')
    if opts['e'] not in ('libfuzzer', 'afl'):
        die(f'ENGINE={opts["e"]}: unknown engine (libfuzzer or afl)')
    for opt, name in (('s', 'SECONDS'), ('j', 'JOBS'), ('o', 'TIMEOUT')):
        if not positive(opts[opt]):
            die(f'{name}={opts[opt]}: not a positive number')
    # The shell named each by its variable's first letter: -t for -T, -b
    # for -k. Kept, as the messages are.
    for opt, letter in (('b', 'b'), ('T', 't'), ('w', 'w'), ('f', 'f'), ('k', 'b')):
        if not opts[opt]:
            die(f'-{letter}: missing')
    return opts, targets


def check_builds(bdir, engine, targets):
    spawn = os.path.join(bdir, 'tools/kz-spawn')
    if not os.access(spawn, os.X_OK):
        die(f'{spawn}: not built (the launcher that stops the fuzzers with the campaign)')
    for t in targets:
        builds = [(FUZZ_VARIANT, 'libFuzzer')]
        if engine == 'afl':
            builds += [('afl', 'AFL'), ('cmplog', 'CMPLOG')]
        for variant, name in builds:
            path = f'{bdir}/{variant}/fuzz/{t}'
            if not os.access(path, os.X_OK):
                die(f'{t}: no {name} build at {path}')


def take_lock(work):
    """Runs the campaign again under fuzz/work-lock.sh's work_lock, which
    takes WORK/.lock on LOCK_FD, or exits with one line. The exec keeps our
    pid, the one work_lock records."""
    if os.environ.pop(LOCKED_ENV, None) == work:
        return
    script = 'set -euo pipefail; . "$1"; work_lock "$2" campaign; shift 2; exec "$@"'
    argv = ['bash', '-c', script, 'campaign', os.path.join(HERE, 'work-lock.sh'),
            work, sys.executable, sys.argv[0]] + sys.argv[1:]
    sys.stdout.flush()
    os.execvpe('bash', argv, dict(os.environ, **{LOCKED_ENV: work}))


def now():
    return int(time.time())


def ignore_interrupts():
    """What the shell gave the commands it ran in the background: SIGINT
    and SIGQUIT ignored (the campaign forwards them to the groups)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGQUIT, signal.SIG_IGN)


def exit_code(returncode):
    """A Popen return code as the shell's $?: 128 + signal when killed."""
    return 128 - returncode if returncode < 0 else returncode


def open_log(path):
    """path opened for a command's output, or None when it cannot be (the
    command is not run then, as a failed shell redirection)."""
    try:
        return open(path, 'wb')
    except OSError as e:
        eprint(f'campaign: {path}: {e.strerror}')
        return None


def rm_rf(*paths):
    for p in paths:
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p, ignore_errors=True)
        elif os.path.lexists(p):
            os.unlink(p)


def copy_new(src, dst, link=False):
    """The files of src (not hidden) into dst, those not there already;
    failures are left for the corpus checks (cp -n of the shell)."""
    try:
        names = sorted(os.listdir(src))
    except OSError:
        return
    for name in names:
        s, d = os.path.join(src, name), os.path.join(dst, name)
        if name.startswith('.') or not os.path.isfile(s) or os.path.lexists(d):
            continue
        try:
            if link:
                os.link(s, d)
            else:
                shutil.copyfile(s, d)
        except OSError:
            pass


def read_text(path):
    try:
        with open(path, 'rb') as f:
            return f.read().decode(errors='replace')
    except OSError:
        return ''


class Campaign:
    def __init__(self, opts, targets):
        self.engine, self.targets = opts['e'], targets
        self.secs, self.jobs, self.tmo = int(opts['s']), int(opts['j']), int(opts['o'])
        self.seeds, self.baseline = opts['S'], opts['k']
        self.work, self.findings = opts['w'], opts['f']
        self.bdir, self.tree = opts['b'], opts['T']
        self.spawn = os.path.join(self.bdir, 'tools/kz-spawn')
        self.merge_secs = os.environ.get('KZ_MERGE_SECONDS') or '300'
        self.stop, self.status = False, 0
        self.signals = 0        # signals seen, to wake the waits
        self.groups = []        # process groups of the running commands
        self.procs = []
        self.state = {t: 'queued' for t in targets}
        self.rows, self.summary = {}, []
        self.tty = sys.stdout.isatty()
        self.shown = 0
        self.fuzz_start = self.deadline = self.art0 = 0
        self.max_len = {}       # per target, from fuzz/targets.tsv (setup)

    # Signals and process groups.

    def on_signal(self, signum, _frame):
        self.signals += 1
        if self.stop:
            return
        self.stop, self.status = True, 128 + signum
        eprint('campaign: interrupted: stopping the fuzzers, keeping corpus and findings')
        self.kill_groups(signal.SIGINT)

    def trap_signals(self):
        # A signal ignored when we started stays ignored, as in the shell.
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) != signal.SIG_IGN:
                signal.signal(sig, self.on_signal)

    def kill_groups(self, sig):
        """Signals the process groups we started (each command runs under
        kz-spawn, in a group of its own)."""
        for g in self.groups:
            try:
                os.killpg(g, sig)
            except OSError:
                pass

    def start(self, argv, out=None, env=None):
        """Starts argv under kz-spawn in its own process group; None when
        its output file cannot be opened."""
        log = open_log(out) if out else None
        if out and not log:
            return None
        sys.stdout.flush()
        proc = subprocess.Popen([self.spawn] + argv, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT if log else None,
                                env=dict(os.environ, **(env or {})), pass_fds=lock_fds(),
                                preexec_fn=ignore_interrupts)
        if log:
            log.close()
        self.groups.append(proc.pid)
        self.procs.append(proc)
        return proc

    def run_group(self, argv, out=None, env=None):
        """Runs argv under kz-spawn and waits for it, or for a signal:
        after one that stops the campaign, the group has 2 s, then
        SIGKILL. Returns its status."""
        proc = self.start(argv, out, env)
        if not proc:
            return 1
        seen = self.signals
        while proc.poll() is None:
            time.sleep(0.1)
            if self.signals != seen:
                seen = self.signals
                if self.stop:
                    time.sleep(2)
                    self.kill_groups(signal.SIGKILL)
        self.groups, self.procs = [], []
        return exit_code(proc.returncode)

    def sleep(self, secs):
        """Sleeps, cut short by a signal that stops the campaign."""
        end = time.time() + secs
        while not self.stop and time.time() < end:
            time.sleep(min(0.1, end - time.time()))

    # Writes.

    def stop_on_write_failure(self, where, what, failed=False):
        """Stops on a full disk (or another failed write), keeping what is whole."""
        if fs_write.disk_full(where) or failed:
            raise Stop(f'campaign: {what}: {fs_write.write_failure(where)}: stopped; '
                       'the corpus and findings written so far are kept')

    def swap_corpus(self, c):
        """The corpus after a merge into C.merge: swapped in with renames;
        an interrupted swap is undone by restore_corpus."""
        if not os.path.isdir(c + '.merge'):
            return
        n = fs_write.drop_damaged(c + '.merge')
        if n > 0:
            rm_rf(c + '.merge')
            self.stop_on_write_failure(c, f'merging into {c} ({n} files cut short)', failed=True)
        rm_rf(c + '.old')
        os.rename(c, c + '.old')
        os.rename(c + '.merge', c)
        rm_rf(c + '.old')

    def restore_corpus(self, c):
        if not os.path.isdir(c) and os.path.isdir(c + '.old'):
            os.rename(c + '.old', c)
        rm_rf(c + '.merge', c + '.old')
        os.makedirs(c, exist_ok=True)
        n = fs_write.drop_damaged(c)
        if n:
            eprint(f'campaign: {c}: dropped {n} inputs cut short by an earlier write failure')

    # Merges and salvage.

    def fuzzer(self, t, variant=None):
        return f'{self.bdir}/{variant or FUZZ_VARIANT}/fuzz/{t}'

    def lf_merge(self, t, w, dirs):
        """libFuzzer merge of dirs into corpus.merge, bounded; inputs that
        crashed or hung the merge are copied to the artifacts as
        crash-<sha1>."""
        ctl = f'{w}/merge.ctl'
        rm_rf(f'{w}/corpus.merge', ctl)
        os.makedirs(f'{w}/corpus.merge', exist_ok=True)
        # -max_len: a merge's default (1 MiB) would cut bigger inputs.
        self.run_group(['timeout', '-k', '5', self.merge_secs, self.fuzzer(t), '-merge=1',
                        f'-timeout={self.tmo}', '-rss_limit_mb=2048', f'-max_len={self.max_len[t]}',
                        f'-merge_control_file={ctl}', f'{w}/corpus.merge'] + dirs,
                       out=f'{w}/merge.log')
        if 'MERGE-OUTER: successful' not in read_text(f'{w}/merge.log'):
            eprint(f'campaign: {t}: merge did not finish ({w}/merge.log); corpus left as it was')
            rm_rf(f'{w}/corpus.merge')
            return
        try:
            self.keep_merge_crashes(t, w, stats.unfinished_inputs(read_text(ctl)))
        except Stop as e:
            # The shell ran this loop in a pipe's subshell: a failed copy
            # said so and ended the loop, not the campaign.
            eprint(str(e))
        rm_rf(ctl)

    def keep_merge_crashes(self, t, w, inputs):
        for f in inputs:
            if not os.path.isfile(f):
                continue
            sha = fs_write.sha1_of(f)
            if not fs_write.save_copy(f, f'{w}/artifacts/crash-{sha}'):
                self.stop_on_write_failure(f'{w}/artifacts', f'{t}: keeping {f}', failed=True)
            print(f'campaign: {t}: an input crashes or hangs: {f} (kept as artifacts/crash-{sha})')
            # Out of the working corpus (never out of a seed folder).
            if f.startswith(f'{w}/corpus/'):
                rm_rf(f)

    def keep_job_corpora(self, w):
        """The corpora of libFuzzer's fork-mode jobs into the corpus."""
        for d in sorted(glob.glob(f'{w}/tmp/libFuzzerTemp.*/C*/')):
            copy_new(d, f'{w}/corpus')
        rm_rf(f'{w}/tmp')
        os.makedirs(f'{w}/tmp')

    def salvage(self, t, w):
        """Everything a killed run left: job corpora of libFuzzer's fork
        mode, an AFL output folder, artifacts not yet triaged."""
        self.keep_job_corpora(w)
        if os.path.isdir(f'{w}/afl-run'):
            self.afl_finish(t, w)
        self.triage_artifacts(t, w)

    def triage_artifacts(self, t, w):
        """Triage runs under kz-spawn too (what it runs must not outlive
        the campaign), and to its end after an interrupt: its budget is cut
        then, and a second interrupt stops it."""
        was_stopped, self.stop = self.stop, False
        for kind in ('crash', 'timeout', 'oom', 'leak'):
            files = sorted(glob.glob(f'{w}/artifacts/{kind}-*'))
            if not files:
                continue
            rc = self.run_group(['env', f'KZ_FUZZBIN={self.fuzzer(t)}',
                                 f'KZ_AFLBIN={self.fuzzer(t, "afl")}',
                                 os.path.join(HERE, 'triage.py'), t, kind] + files)
            if rc != 0:
                self.stop_on_write_failure(self.findings, f'{t}: triage')
                eprint(f'campaign: {t}: triage failed')
        self.stop = self.stop or was_stopped

    def afl_finish(self, t, w):
        """AFL output -> artifacts (crashes, hangs) and corpus (afl-cmin of
        the queues)."""
        run, union = f'{w}/afl-run', f'{w}/afl-union'
        for f in sorted(glob.glob(f'{run}/*/crashes/id:*')) + sorted(glob.glob(f'{run}/*/hangs/id:*')):
            if not os.path.isfile(f):
                continue
            kind = 'timeout' if '/hangs/' in f else 'crash'
            if not fs_write.save_copy(f, f'{w}/artifacts/{kind}-{fs_write.sha1_of(f)}'):
                self.stop_on_write_failure(f'{w}/artifacts', f'{t}: keeping {f}', failed=True)
        rm_rf(union, f'{w}/corpus.merge')
        os.makedirs(union, exist_ok=True)
        os.makedirs(f'{w}/corpus.merge', exist_ok=True)
        copy_new(f'{w}/corpus', union, link=True)
        for f in sorted(glob.glob(f'{run}/*/queue/id:*')):
            if not os.path.isfile(f):
                continue
            # AFL++ hard-links the seeds it started from: already there.
            dst = f'{union}/{fs_write.sha1_of(f)}'
            if not os.path.lexists(dst):
                shutil.copyfile(f, dst)
        n = stats.count_files(union)
        self.run_group(['timeout', '-k', '5', self.merge_secs, 'afl-cmin', '-i', union,
                        '-o', f'{w}/corpus.merge', '-m', 'none', '-t', str(self.tmo * 1000),
                        '--', self.fuzzer(t, 'afl')],
                       out=f'{w}/cmin.log', env=AFL_SANITIZERS)
        if stats.count_files(f'{w}/corpus.merge') > 0:
            # afl-cmin keeps the names, all sha1 already: libFuzzer's naming.
            self.swap_corpus(f'{w}/corpus')
        else:
            eprint(f'campaign: {t}: afl-cmin gave nothing ({w}/cmin.log); '
                   f'the corpus keeps all {n} inputs')
            rm_rf(f'{w}/corpus.merge')
            copy_new(union, f'{w}/corpus')
        rm_rf(union, run)

    # Progress.

    def live_stats(self, t):
        """Live figures of a running target: execs exec/s coverage corpus."""
        elapsed = now() - self.fuzz_start
        w = f'{self.work}/{t}'
        if self.engine == 'libfuzzer':
            return stats.lf_stats(read_text(f'{w}/fuzz.log'), elapsed)
        texts = [read_text(p) for p in sorted(glob.glob(f'{w}/afl-run/*/fuzzer_stats'))]
        return stats.afl_stats(texts, elapsed)

    def new_inputs(self, t):
        w = f'{self.work}/{t}'
        if self.engine == 'libfuzzer':
            return stats.count_files(f'{w}/artifacts') - self.art0
        return afl_found(f'{w}/afl-run')

    def rows_now(self):
        """One row per target: finished rows as recorded, the running one live."""
        rows = []
        for t in self.targets:
            if self.state[t] == 'fuzzing':
                left = max(self.deadline - now(), 0)
                rows.append((t, 'fuzzing', *self.live_stats(t), f'{self.new_inputs(t)} new',
                             f'{left}s'))
            elif t in self.rows:
                rows.append((t, self.state[t], *self.rows[t], '0s'))
            else:
                rows.append((t, self.state[t], '-', '-', '-', '-', '-', f'{self.secs}s'))
        return rows

    def show(self):
        lines = stats.progress_lines(self.rows_now())
        if self.tty:
            up = f'\033[{self.shown}A' if self.shown > 0 else ''
            sys.stdout.write(up + ''.join(l + '\x1b[K\n' for l in lines))
            self.shown = len(lines)
        else:
            sys.stdout.write(''.join(l + '\n' for l in lines if stats.is_live_line(l)))
        sys.stdout.flush()

    def findings_of(self, t):
        """Distinct findings of a target and how many of them are known."""
        n = k = 0
        try:
            entries = crashlog.findings.load(self.baseline)
        except crashlog.findings.RegistryError:
            entries = None      # nothing is known, as crash-state said
        for d in sorted(glob.glob(f'{self.findings}/{t}/*/')):
            if not os.path.isfile(f'{d}/finding.txt'):
                continue
            n += 1
            try:
                with open(f'{d}/report.txt', encoding='utf-8', errors='replace') as f:
                    known = entries is not None and crashlog.judge(entries, t, f.read())[2]
            except (OSError, crashlog.NoFinding):
                known = False
            k += known
        return n, k

    # Fuzzing.

    def start_fuzzers(self, t, w, dict_file):
        if self.engine == 'libfuzzer':
            self.start([self.fuzzer(t), f'-fork={self.jobs}', '-ignore_crashes=1',
                        '-ignore_timeouts=1', '-ignore_ooms=1', f'-max_total_time={self.secs}',
                        f'-timeout={self.tmo}', '-rss_limit_mb=2048', f'-max_len={self.max_len[t]}',
                        f'-artifact_prefix={w}/artifacts/'] +
                       ([f'-dict={dict_file}'] if dict_file else []) +
                       ['-print_final_stats=1', f'{w}/corpus'],
                       out=f'{w}/fuzz.log', env={'TMPDIR': f'{w}/tmp'})
            return
        rm_rf(f'{w}/afl-run')
        for i in range(self.jobs):
            role = ['-M', 'main', '-c', self.fuzzer(t, 'cmplog')] if i == 0 else ['-S', f's{i}']
            self.start(['afl-fuzz'] + role + ['-i', f'{w}/corpus', '-o', f'{w}/afl-run'] +
                       (['-x', dict_file] if dict_file else []) +
                       ['-V', str(self.secs), '-t', f'{self.tmo * 1000}+', '-m', 'none',
                        '-G', str(min(self.max_len[t], AFL_MAX_FILE)),
                        '--', self.fuzzer(t, 'afl')],
                       out=f'{w}/afl-{i}.log', env=AFL_SANITIZERS)
            if i == 0:
                time.sleep(1)

    def fuzz(self, t, w, dict_file):
        """Runs the fuzzers of t to their end, or to a signal; returns the
        seconds fuzzed and the last figures."""
        self.state[t] = 'fuzzing'
        self.start_fuzzers(t, w, dict_file)
        last, self.shown = 0, 0
        while not self.stop:
            if not any(p.poll() is None for p in self.procs):
                break
            if now() > self.deadline + 60:
                self.kill_groups(signal.SIGINT)
                time.sleep(5)
                self.kill_groups(signal.SIGKILL)
            if self.tty or now() - last >= 10:
                self.show()
                last = now()
            self.sleep(1)
        secs = now() - self.fuzz_start
        live = self.live_stats(t)
        if self.tty:
            self.show()
        self.kill_groups(signal.SIGINT)
        time.sleep(1)
        self.kill_groups(signal.SIGKILL)
        for p in self.procs:
            p.wait()
        self.groups, self.procs = [], []
        return secs, live

    def merge_after(self, t, w):
        """The new inputs into the corpus, even after a signal."""
        was_stopped, self.stop = self.stop, False
        if self.engine == 'libfuzzer':
            self.keep_job_corpora(w)
            self.lf_merge(t, w, [f'{w}/corpus'])
            self.swap_corpus(f'{w}/corpus')
        else:
            self.afl_finish(t, w)
        self.stop = self.stop or was_stopped

    def fuzz_target(self, t):
        w = f'{self.work}/{t}'
        self.state[t] = 'preparing'
        fuzz_secs, live = 0, stats.NO_STATS
        os.makedirs(f'{w}/artifacts', exist_ok=True)
        os.makedirs(f'{w}/tmp', exist_ok=True)
        self.restore_corpus(f'{w}/corpus')
        self.salvage(t, w)
        before, (found, _) = stats.count_files(f'{w}/corpus'), self.findings_of(t)
        print(f'campaign: {t}: resuming from {before} corpus inputs, {found} findings so far; '
              'adding the seeds', flush=True)
        dirs = [f'{w}/corpus'] + [f'{s}/{t}' for s in self.seeds if os.path.isdir(f'{s}/{t}')]
        if not self.stop:
            self.lf_merge(t, w, dirs)
            self.swap_corpus(f'{w}/corpus')
        if stats.count_files(f'{w}/corpus') == 0:
            with open(f'{w}/corpus/seed-empty', 'w') as f:
                f.write('kzfuzz')
        before = stats.count_files(f'{w}/corpus')
        dict_file = os.path.join(HERE, '..', 'corpus', 'dicts', f'{t}.dict')
        dict_file = dict_file if os.path.isfile(dict_file) else ''
        self.art0 = stats.count_files(f'{w}/artifacts')
        self.fuzz_start = now()
        self.deadline = self.fuzz_start + self.secs
        if not self.stop:
            fuzz_secs, live = self.fuzz(t, w, dict_file)
        self.state[t] = 'merging'
        self.stop_on_write_failure(w, f'{t}: fuzzing')
        self.merge_after(t, w)
        raw = stats.count_files(f'{w}/artifacts') - self.art0
        self.state[t] = 'triage'
        if self.stop:
            os.environ.update(KZ_MIN_SECONDS='0', KZ_TRIAGE_SECONDS='60')
        self.triage_artifacts(t, w)
        found, known = self.findings_of(t)
        self.state[t] = 'interrupted' if self.stop else 'done'
        after = stats.count_files(f'{w}/corpus')
        self.rows[t] = stats.done_row(live, after, found)
        self.summary.append(stats.summary_row(t, self.engine, fuzz_secs, live, before, after,
                                              raw, found, known))

    def run(self):
        started = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())
        for t in self.targets:
            if self.stop:
                break
            self.fuzz_target(t)
        self.write_summary(started)
        return self.status

    def write_summary(self, started):
        """The summary table, written then renamed."""
        with open(f'{self.tree}/tree.txt', errors='replace') as f:
            tree_text = f.read()
        text = stats.summary_text(self.engine, self.secs, self.jobs, started, self.stop,
                                  tree_text, self.summary, self.findings)
        mine, common = f'{self.work}/summary-{self.engine}', f'{self.work}/summary'
        with open(mine + '.tmp', 'w') as f:
            f.write(text)
        os.replace(mine + '.tmp', mine + '.txt')
        shutil.copyfile(mine + '.txt', common + '.tmp')
        os.replace(common + '.tmp', common + '.txt')
        sys.stdout.write('\n' + read_text(common + '.txt'))
        sys.stdout.flush()


def afl_found(run):
    """Crashing and hanging inputs AFL++ has saved so far."""
    return sum(1 for d, _, files in os.walk(run) for f in files
               if f.startswith('id:') and os.path.basename(d) in ('crashes', 'hangs'))


def fd_open(fd):
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False


def lock_fds():
    return (LOCK_FD,) if fd_open(LOCK_FD) else ()


def setup(argv):
    """Checks the command line and the builds, takes the lock; the campaign."""
    opts, targets = parse_args(argv)
    check_builds(opts['b'], opts['e'], targets)
    # mkdir says why it cannot.
    if subprocess.run(['mkdir', '-p', opts['w'], opts['f']]).returncode != 0:
        die(f'cannot create {opts["w"]} or {opts["f"]}')
    for o in 'wfbT':
        if not os.path.isdir(opts[o]):
            die(f'cd: {opts[o]}: No such file or directory')
        opts[o] = os.path.abspath(opts[o])
    try:
        table = max_len.read_table()
        lens = {t: max_len.max_len(t, table) for t in targets}
    except max_len.MaxLenError as e:
        die(str(e))
    take_lock(opts['w'])
    campaign = Campaign(opts, targets)
    campaign.max_len = lens
    # Triage after each target: SECONDS, at least 2 and at most 5 minutes.
    os.environ['KZ_TRIAGE_SECONDS'] = (os.environ.get('KZ_TRIAGE_SECONDS') or
                                       str(min(max(campaign.secs, 120), 300)))
    os.environ.update(KZ_FINDINGS=campaign.findings, KZ_TREE_DIR=campaign.tree,
                      KZ_BASELINE=campaign.baseline, KZ_ENGINE=campaign.engine,
                      KZ_TIMEOUT=str(campaign.tmo), **AFL_ENV)
    return campaign


def main(argv):
    # Until the campaign traps them, signals end it as they end a shell.
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) != signal.SIG_IGN:
            signal.signal(sig, signal.SIG_DFL)
    sys.stdout.reconfigure(line_buffering=True)
    try:
        campaign = setup(argv)
        campaign.trap_signals()
        return campaign.run()
    except Stop as e:
        sys.stdout.flush()
        eprint(str(e))
        return 1
    except OSError as e:
        sys.stdout.flush()
        eprint(f'campaign: {e.filename or ""}: {e.strerror}')
        return 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Files crash inputs of one target as findings.

    triage.py TARGET KIND FILE...

KIND: how the engine filed them (crash, timeout, oom, leak; libFuzzer's
artifact prefix or AFL's crashes/hangs), used when a file does not
reproduce. Each file is copied into FINDINGS/TARGET/.incoming/ first, then
replayed by the libFuzzer build to get its class and crash state
(fuzz/crashlog.py); same class and state = one finding
FINDINGS/TARGET/<class>-<hash>/, which keeps:
  input        the first input (more/: a few more, hits: sha1 of every one)
  input.min    the minimized input, when it keeps the class and state
  report.txt   the sanitizer/oracle report of input; finding.txt the record
A file already counted (its sha1 in some hits) is skipped, so triage may
run again over the same files. A full disk stops triage with one line
before anything is recorded from a report it may have cut short; the input
stays in .incoming for the next triage.

Environment (set by the campaign and the Makefile):
  KZ_FINDINGS KZ_FUZZBIN (libFuzzer binary) KZ_TREE_DIR KZ_BASELINE (the
  findings registry); KZ_ENGINE=libfuzzer|afl, KZ_AFLBIN (AFL binary, for
  afl-tmin); KZ_TIMEOUT (s, default 10), KZ_MIN_SECONDS (minimization
  bound, default 20; 0 leaves minimization pending), KZ_TRIAGE_SECONDS
  (budget, default 600), KZ_REPRO_ARGS (extra make repro args)
"""
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'lib'))
sys.path.insert(0, HERE)
import crashlog  # noqa: E402
import findings  # noqa: E402
import fs_write  # noqa: E402

ASAN = 'symbolize=1:handle_abort=1:detect_leaks=1:allocator_may_return_null=0'
UBSAN = 'print_stacktrace=1:report_error_type=1:halt_on_error=1:symbolize=1'


class Stop(Exception):
    """Triage ends here; the message is its one line."""


def sha1_text(text):
    return hashlib.sha1(text.encode()).hexdigest()


def quiet(argv, log, cwd=None, env=None):
    """Runs argv, its output to log; its exit status does not matter."""
    with open(log, 'wb') as out:
        subprocess.call(argv, stdout=out, stderr=subprocess.STDOUT, cwd=cwd, env=env)


def package_version(name):
    try:
        return subprocess.run(['dpkg-query', '-W', '-f=${Version}', name],
                              capture_output=True, text=True).stdout
    except OSError:
        return ''


def versions():
    try:
        cc = subprocess.run(['clang-14', '--version'], capture_output=True,
                            text=True).stdout.split('\n')[0]
    except OSError:
        cc = ''
    return '%s; afl++ %s; reference libzstd %s' % (cc or 'clang-14 ?',
                                                  package_version('afl++') or '?',
                                                  package_version('libzstd-dev') or '?')


def record_field(text, key):
    for line in text.splitlines():
        if line.startswith(key + ': '):
            return line[len(key) + 2:]
    return ''


class Triage:
    def __init__(self, target, kind, env):
        self.target, self.kind = target, kind
        self.findings = env['KZ_FINDINGS']
        self.fuzzbin = os.path.realpath(env['KZ_FUZZBIN'])
        self.tree_dir = env['KZ_TREE_DIR']
        self.entries = findings.load(env['KZ_BASELINE'])
        self.engine = env.get('KZ_ENGINE') or 'libfuzzer'
        self.timeout = int(env.get('KZ_TIMEOUT') or 10)
        self.min_s = int(env.get('KZ_MIN_SECONDS') or 20)
        self.budget = int(env.get('KZ_TRIAGE_SECONDS') or 600)
        self.repro_args = env.get('KZ_REPRO_ARGS', '')
        afl = env.get('KZ_AFLBIN', '')
        self.aflbin = os.path.realpath(afl) if afl and os.path.exists(afl) else afl
        self.tdir = os.path.join(self.findings, target)
        self.inc = os.path.join(self.tdir, '.incoming')

    def say(self, msg):
        print('triage: %s: %s' % (self.target, msg), flush=True)

    def replay(self, path, log):
        """One run of path through the libFuzzer build."""
        quiet(['timeout', '-k', '5', str(self.timeout * 3 + 30), self.fuzzbin,
               '-timeout=%d' % self.timeout, '-rss_limit_mb=2048', path], log)

    def classify(self, path, log):
        """(class, state, known|new) of the input at path, its log kept."""
        self.replay(path, log)
        try:
            with open(log, encoding='utf-8', errors='replace') as f:
                text = f.read()
            cls, state, known = crashlog.judge(self.entries, self.target, text)
        except crashlog.NoFinding:
            return 'unreproducible:' + self.kind, '(does not reproduce)', 'new'
        return cls, crashlog.normalize(state), 'known' if known else 'new'

    def run_minimizer(self, d, cls, tmp):
        """The engine's minimizer on d/input into tmp/min; its name."""
        if self.engine == 'afl' and os.access(self.aflbin or '', os.X_OK):
            env = dict(os.environ, AFL_NO_UI='1',
                       ASAN_OPTIONS='abort_on_error=1:symbolize=0:detect_leaks=0:'
                                    'allocator_may_return_null=1',
                       UBSAN_OPTIONS='halt_on_error=1:abort_on_error=1:symbolize=0')
            hang = ['-H'] if cls == 'timeout' else []
            quiet(['timeout', '-k', '5', str(self.min_s), 'afl-tmin'] + hang +
                  ['-m', 'none', '-t', str(self.timeout * 1000), '-i', d + '/input',
                   '-o', tmp + '/min', '--', self.aflbin], tmp + '/log', env=env)
            return 'afl-tmin'
        quiet(['timeout', '-k', '5', str(self.min_s + 30), self.fuzzbin,
               '-minimize_crash=1',
               '-max_total_time=%d' % self.min_s, '-timeout=%d' % self.timeout,
               '-rss_limit_mb=2048', '-artifact_prefix=%s/' % tmp,
               '-exact_artifact_path=%s/min' % tmp, d + '/input'], tmp + '/log', cwd=tmp)
        return 'libFuzzer -minimize_crash'

    def minimize(self, d, cls, state):
        """d/input.min when it keeps class and state; says what happened."""
        d = os.path.abspath(d)
        tmp = d + '/.min'
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        if self.min_s <= 0:
            return 'pending (campaign interrupted; the next triage minimizes it)'
        out = self.run_minimizer(d, cls, tmp)
        m = tmp + '/min'
        if not os.path.isfile(m) or not os.path.getsize(m) or \
           fs_write.sha1_of(m) == fs_write.sha1_of(d + '/input'):
            said = 'none smaller within %ds (%s)' % (self.min_s, out)
        elif self.classify(m, tmp + '/min.log')[:2] == (cls, state):
            os.replace(tmp + '/min.log', d + '/report.min.txt')
            os.replace(m, d + '/input.min')
            said = 'input.min, %d bytes (%s, %ds bound)' % (
                os.path.getsize(d + '/input.min'), out, self.min_s)
        else:
            said = ('dropped: the %ds %s result no longer gives this class and state'
                    % (self.min_s, out))
        shutil.rmtree(tmp, ignore_errors=True)
        return said

    def write_record(self, d, cls, state, sha, minimized, known, final):
        with open(d + '/report.txt', encoding='utf-8', errors='replace') as f:
            site = [l.split(':', 1)[1].strip() for l in f.read().splitlines()
                    if l.startswith('  site:')]
        with open(os.path.join(self.tree_dir, 'tree.txt')) as f:
            tree = f.read().rstrip('\n')
        lines = ['target: ' + self.target, 'class: ' + cls, 'state: ' + state,
                 'known: ' + known]
        # Where the oracle placed the difference: frame, block, part, output offset.
        lines += ['site: ' + site[0]] if site else []
        lines += ['input: input (%d bytes, sha1 %s)' % (os.path.getsize(d + '/input'), sha),
                  'minimized: ' + minimized, 'engine: ' + self.engine,
                  'found: ' + time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime()),
                  'tree: ' + tree, 'versions: ' + versions(),
                  'reproduce: make repro INPUT=%s/input%s' % (
                      os.path.realpath(final), ' ' + self.repro_args if self.repro_args else '')]
        with open(d + '/finding.tmp', 'w') as f:
            f.write('\n'.join(lines) + '\n')
        os.replace(d + '/finding.tmp', d + '/finding.txt')

    def seen(self, sha):
        for hits in glob.glob(self.tdir + '/*/hits'):
            with open(hits) as f:
                if sha in f.read().split('\n'):
                    return True
        return False

    def one(self, path):
        sha = fs_write.sha1_of(path)
        if self.seen(sha):
            return
        kept = os.path.join(self.inc, sha)
        # The input first, before anything runs it.
        if not os.path.exists(kept) and not fs_write.save_copy(path, kept):
            raise Stop('%s: cannot keep %s: %s; nothing filed'
                       % (self.target, path, fs_write.write_failure(self.inc)))
        cls, state, known = self.classify(kept, kept + '.log')
        # A report cut short by a full disk would misclassify the input.
        if fs_write.disk_full(self.inc):
            raise Stop('%s: %s: %s not filed (it stays in %s)'
                       % (self.target, fs_write.write_failure(self.inc), sha, self.inc))
        d = '%s/%s-%s' % (self.tdir, cls.replace(':', '-'), sha1_text(cls + '|' + state)[:10])
        if os.path.isdir(d):
            self.seen_again(d, sha, kept, cls, state)
            return
        new = '%s/.new-%s' % (self.tdir, sha)
        shutil.rmtree(new, ignore_errors=True)
        os.makedirs(new)
        shutil.copyfile(kept, new + '/input')
        os.replace(kept + '.log', new + '/report.txt')
        with open(new + '/hits', 'w') as f:
            f.write(sha + '\n')
        minimized = self.minimize(new, cls, state)
        self.write_record(new, cls, state, sha, minimized, known, d)
        os.replace(new, d)
        os.unlink(kept)
        self.say('new finding %s | %s (%s)' % (cls, state, known))

    def seen_again(self, d, sha, kept, cls, state):
        with open(d + '/hits', 'a') as f:
            f.write(sha + '\n')
        more = d + '/more'
        if (len(os.listdir(more)) if os.path.isdir(more) else 0) < 10:
            os.makedirs(more, exist_ok=True)
            os.replace(kept, os.path.join(more, sha))
        for f in (kept, kept + '.log'):
            if os.path.exists(f):
                os.unlink(f)
        with open(d + '/hits') as f:
            n = len(f.read().splitlines())
        self.say('%s | %s: seen again (%d hits)' % (cls, state, n))

    def minimize_pending(self):
        """Findings whose minimization was left pending get it now."""
        if self.min_s <= 0:
            return
        for rec in sorted(glob.glob(self.tdir + '/*/finding.txt')):
            with open(rec) as f:
                text = f.read()
            if '\nminimized: pending' not in '\n' + text:
                continue
            said = self.minimize(os.path.dirname(rec), record_field(text, 'class'),
                                 record_field(text, 'state'))
            lines = ['minimized: ' + said if l.startswith('minimized: ') else l
                     for l in text.splitlines()]
            with open(rec + '.tmp', 'w') as f:
                f.write('\n'.join(lines) + '\n')
            os.replace(rec + '.tmp', rec)

    def run(self, files):
        """Leftovers of an interrupted triage first, then the files given,
        within the time budget; what is left stays for the next triage."""
        t0, left = time.time(), 0
        for path in sorted(glob.glob(self.inc + '/*')) + files:
            if path.endswith(('.log', '.tmp')) or '.tmp.' in os.path.basename(path):
                continue
            if not os.path.isfile(path):
                continue
            if not fs_write.sha1_named_intact(path):
                print('triage: %s: %s was cut short when it was written (its bytes do not '
                      'match its sha1 name); left out' % (self.target, path), file=sys.stderr)
                os.replace(path, os.path.join(os.path.dirname(path),
                                              'damaged-' + os.path.basename(path)))
                continue
            if time.time() - t0 >= self.budget:
                left += 1
                continue
            self.one(path)
        if left:
            self.say('%ds budget spent; %d inputs left for the next triage' % (self.budget, left))
        self.minimize_pending()


def setup(argv, env):
    if len(argv) < 2:
        raise Stop('usage: triage.py TARGET KIND FILE...')
    for var in ('KZ_FINDINGS', 'KZ_FUZZBIN', 'KZ_TREE_DIR', 'KZ_BASELINE'):
        if not env.get(var):
            raise Stop('%s: not set' % var)
    if not os.access(env['KZ_FUZZBIN'], os.X_OK):
        raise Stop('%s: no libFuzzer build of %s' % (env['KZ_FUZZBIN'], argv[0]))
    try:
        t = Triage(argv[0], argv[1], env)
    except findings.RegistryError as err:
        raise Stop(str(err))
    try:
        os.makedirs(t.inc, exist_ok=True)
    except OSError:
        raise Stop('%s: cannot create %s: %s' % (t.target, t.inc,
                                                  fs_write.write_failure(t.findings)))
    # The options every reproduction runs with: symbolized, abort gives a stack.
    os.environ['ASAN_OPTIONS'] = env.get('KZ_ASAN_OPTIONS') or ASAN
    os.environ['UBSAN_OPTIONS'] = env.get('KZ_UBSAN_OPTIONS') or UBSAN
    if not os.environ.get('ASAN_SYMBOLIZER_PATH'):
        os.environ['ASAN_SYMBOLIZER_PATH'] = (shutil.which('llvm-symbolizer-14') or
                                              shutil.which('llvm-symbolizer') or '')
    # Findings half-built by a triage that was stopped: their input is
    # still in .incoming.
    for d in glob.glob(t.tdir + '/.new-*'):
        shutil.rmtree(d, ignore_errors=True)
    return t


def main(argv):
    try:
        t = setup(argv, os.environ)
    except Stop as why:
        print('triage: %s' % why, file=sys.stderr)
        return 1
    try:
        t.run(argv[2:])
    except Stop as why:
        print('triage: %s' % why, file=sys.stderr)
        return 1
    except OSError:
        # Any failed write ends triage: say why in one line.
        print('triage: %s: stopped: %s; the inputs not yet filed stay in %s'
              % (t.target, fs_write.write_failure(t.tdir), t.inc), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

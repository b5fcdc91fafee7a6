#!/usr/bin/env python3
"""Replaying committed inputs on a target's replayer: the one replay
implementation behind make check, make repro and the gate.

    replay.py corpus NAME LOGDIR BINDIR TARGET...
        each target's regression corpus (corpus/regression/<target>/) must
        replay cleanly; one line per target (check-regression)
    replay.py explained NAME LOGDIR BINDIR TARGET...
        as corpus, but an input whose failure the registry knows (a finding
        entry of its class and crash state) is explained, listed, not a
        failure: a target whose corpus fails is replayed one input at a
        time (check-msan: its references differ from the ASan build's)
    replay.py msan-crashers NAME LOGDIR BINDIR EXPECT TARGET...
        each committed crasher on its target's MemorySanitizer replayer
        must do what EXPECT (corpus/crashers-msan.txt) says of it: run
        clean, or fail with the class it names and a crash state a finding
        of the registry knows; a crasher it does not name, or a line naming
        no crasher, fails (check-msan)
    replay.py crashers NAME LOGDIR BINDIR TARGET...
        each committed crasher (a crash-class finding's reproducer in its
        folder corpus/open-findings/<id>/: lib/findings.py crashers) must
        still fail, with its entry's class, and the registry must know it
        (fanotify-check); an oom one on BDIR/fuzz/fuzz/<target> (BINDIR
        is BDIR/asan/fuzz) with libFuzzer's 2 GB malloc limit, as the gate
    replay.py gate DIR BDIR REPRO_ENV TARGET...
        both, every crash judged: the gate's regression check (check 6)
    replay.py one REPLAYER INPUT TARGET REGISTRY
        one input, its report shown, then its class and state (make repro)

A committed reproducer replays with the VAR=value words its registry entry
gives it. Classification is fuzz/crashlog.py's.
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TOP, 'lib'))
sys.path.insert(0, HERE)
import crashlog  # noqa: E402
import findings  # noqa: E402

def files_under(d):
    """Every file under d, hidden ones left out, sorted as sort(1) in C."""
    out = []
    for root, dirs, names in os.walk(d):
        dirs[:] = [x for x in dirs if not x.startswith('.')]
        out += [os.path.join(root, n) for n in names if not n.startswith('.')]
    return sorted(out, key=lambda p: p.encode())


def run(argv, log, env_words=(), timeout=None, tee=False):
    """Runs argv (under timeout(1) when asked), output to log; exit status."""
    env = dict(os.environ)
    env.update(w.split('=', 1) for w in env_words)
    if timeout:
        argv = ['timeout'] + list(timeout) + list(argv)
    with open(log, 'wb') as out:
        if not tee:
            return subprocess.call(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        for chunk in iter(lambda: p.stdout.read1(65536), b''):
            out.write(chunk)
            sys.stderr.buffer.write(chunk)
            sys.stderr.flush()
        return p.wait()


def read(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read()


def first_line(log, pattern):
    for line in read(log).splitlines():
        if re.search(pattern, line):
            return line
    return ''


def last_line(log):
    lines = read(log).splitlines()
    return lines[-1] if lines else ''


class Judge:
    """The registry, and a crash log's verdict against it."""
    def __init__(self, registry):
        self.entries = findings.load(registry)
        # As the user wrote it, or from the top of the repo.
        top = TOP + os.sep
        self.registry = registry[len(top):] if registry.startswith(top) else registry

    def env(self, path):
        return findings.reproducer_env(self.entries, os.path.relpath(os.path.abspath(path), TOP))

    def names(self, path):
        """Does an entry list path among its reproducers?"""
        rel = os.path.normpath(path)
        return any(os.path.normpath(p) == rel for e in self.entries for _, p in e.reproducer_list())

    def verdict(self, target, log):
        """(match status as crash-match's exit, its line)."""
        try:
            cls, state, known = crashlog.judge(self.entries, target, read(log))
        except crashlog.NoFinding:
            return 2, 'crash-match: %s: no finding in the log' % log
        line = '%s %s | %s | %s' % ('known' if known else 'new', target, cls, state)
        return (0 if known else 1), line


def corpus(name, logdir, bindir, targets):
    fail = 0
    for t in targets:
        log = os.path.join(logdir, 'regression-%s.log' % t)
        if run([os.path.join(bindir, t), os.path.join('corpus/regression', t)], log) == 0:
            print('%s: %s: %s' % (name, t, last_line(log)))
        else:
            why = first_line(log, r'==KZFUZZ==|ERROR|runtime error')
            print('%s: %s: FAILED: %s (log: %s)' % (name, t, why, log))
            fail = 1
    return fail


def explained_one(name, t, bindir, f, log, judge):
    """0 when f replays clean or its failure is known, else 1."""
    if run([os.path.join(bindir, t), f], log, judge.env(f)) == 0:
        return 0
    try:
        cls, state = crashlog.classify(read(log))
    except crashlog.NoFinding:
        cls, state = 'no finding', ''
    e = findings.match(judge.entries, t, cls, state)
    if e is None:
        print('%s: %s: %s: FAILED: new: %s | %s (log: %s)' % (name, t, f, cls, state, log))
        return 1
    print('%s: %s: %s: explained: %s (%s)' % (name, t, f, e.id, cls))
    return 0


def explained(name, logdir, bindir, targets, judge):
    fail = 0
    for t in targets:
        log = os.path.join(logdir, 'regression-%s.log' % t)
        if run([os.path.join(bindir, t), os.path.join('corpus/regression', t)], log) == 0:
            print('%s: %s: %s' % (name, t, last_line(log)))
            continue
        files = files_under(os.path.join('corpus/regression', t))
        bad = sum(explained_one(name, t, bindir, f, '%s.%d' % (log, i), judge)
                  for i, f in enumerate(files))
        print('%s: %s: %d inputs one at a time, %d failing unexplained'
              % (name, t, len(files), bad))
        fail |= bad > 0
    return int(fail)


def msan_expectations(path):
    """{crasher path: expected outcome} of EXPECT: 'path | clean|CLASS | why'
    lines, '#' comments. ValueError on a line of another shape."""
    out = {}
    for n, line in enumerate(read(path).splitlines(), 1):
        if not line.strip() or line.startswith('#'):
            continue
        fields = [x.strip() for x in line.split(' | ')]
        if len(fields) != 3 or not all(fields) or fields[0] in out:
            raise ValueError('%s:%d: want one "path | clean|CLASS | why" line per crasher'
                             % (path, n))
        out[fields[0]] = fields[1]
    return out


def msan_crasher(name, t, f, want, log, judge, bindir):
    """0 when crasher f does under MSan what EXPECT says (want), else 1."""
    rc = run([os.path.join(bindir, t), f], log, judge.env(f),
             timeout=['-s', 'ABRT', '-k', '5', '300'])
    try:
        cls, state = crashlog.classify(read(log)) if rc else ('clean', '')
    except crashlog.NoFinding:
        cls, state = 'no finding (exit %d)' % rc, last_line(log)
    if cls != want:
        print('%s: %s: expected %s under MSan, got %s %s (log: %s)'
              % (name, f, want, cls, state, log))
        return 1
    if rc and findings.match(judge.entries, t, cls, state) is None:
        print('%s: %s: fails as expected (%s), but no entry knows its state: %s (log: %s)'
              % (name, f, cls, state, log))
        return 1
    return 0


def msan_crashers(name, logdir, bindir, expect, targets, judge):
    try:
        want = msan_expectations(expect)
    except (OSError, ValueError) as err:
        print('%s: %s' % (name, err))
        return 1
    fail = n = clean = 0
    seen = set()
    for t in targets:
        for f, _, _ in findings.crashers(judge.entries, t):
            n += 1
            seen.add(f)
            if f not in want:
                print('%s: %s: %s says nothing of it (clean, or the class it fails with)'
                      % (name, f, expect))
                fail = 1
                continue
            clean += want[f] == 'clean'
            fail |= msan_crasher(name, t, f, want[f],
                                 os.path.join(logdir, 'crasher-%d.log' % n), judge, bindir)
    for f in sorted(set(want) - seen):
        if not os.path.isfile(f):
            print('%s: %s: names %s, which is no crasher' % (name, expect, f))
            fail = 1
    if not fail:
        print('%s: %d crashers of %s as %s says: %d fail as their class (known), '
              '%d run clean' % (name, n, ', '.join(targets), expect, n - clean, clean))
    return fail


def crasher_argv(bdir, t, cls, timeout=None):
    """The command a committed crasher of class cls replays with (without
    its file). An oom one needs libFuzzer's malloc limit (2 GB, its -rss_limit_mb): the ASan
    replayer lets the kernel overcommit an 8 GB window and goes on. The
    libFuzzer binary of BDIR's fuzz variant gives it when it is built."""
    fuzzbin = os.path.join(bdir, 'fuzz/fuzz', t)
    if cls == 'oom' and os.access(fuzzbin, os.X_OK):
        return [fuzzbin, '-rss_limit_mb=2048'] + (['-timeout=%d' % timeout] if timeout else [])
    return [os.path.join(bdir, 'asan/fuzz', t)]


def crashers(name, logdir, bindir, targets, judge):
    fail = n = 0
    # BINDIR is BDIR/asan/fuzz.
    bdir = os.path.dirname(os.path.dirname(os.path.abspath(bindir)))
    for t in targets:
        for f, _, want in findings.crashers(judge.entries, t):
            n += 1
            log = os.path.join(logdir, 'crasher-%d.log' % n)
            argv = crasher_argv(bdir, t, want)
            if want == 'oom' and len(argv) == 1:
                print('%s: %s: not replayed: an oom crasher needs the libFuzzer binary (%s)'
                      % (name, f, os.path.join(bdir, 'fuzz/fuzz', t)))
                fail = 1
                continue
            rc = run(argv + [f], log, judge.env(f))
            if rc == 0:
                print('%s: %s: no longer fails' % (name, f))
                fail = 1
                continue
            mrc, line = judge.verdict(t, log)
            cls = line.split(' | ')[1].replace(':', '-') if mrc < 2 else '?'
            if cls != want:
                print('%s: %s: fails, but not as %s: %s' % (name, f, want, line))
                fail = 1
            elif mrc != 0:
                print('%s: %s: not known to %s: %s' % (name, f, judge.registry, line))
                fail = 1
            elif not judge.names(f):
                print('%s: %s: no entry of %s names it' % (name, f, judge.registry))
                fail = 1
    if not fail:
        print('%s: %d crashers of %s reproduce, each as its entry\'s class, each known'
              % (name, n, ', '.join(targets)))
    return fail


def sanitizer_defaults(asan, ubsan):
    """The options a replay runs with unless the caller set its own."""
    os.environ.setdefault('ASAN_OPTIONS', asan)
    os.environ.setdefault('UBSAN_OPTIONS', ubsan)
    # The MemorySanitizer replayers (make repro VARIANT=msan, check-msan).
    os.environ.setdefault('MSAN_OPTIONS', 'symbolize=1:handle_abort=1')
    sym = shutil.which('llvm-symbolizer-14') or shutil.which('llvm-symbolizer') or ''
    os.environ.setdefault('ASAN_SYMBOLIZER_PATH', sym)
    os.environ.setdefault('MSAN_SYMBOLIZER_PATH', sym)


def write_then_rename(path, text):
    with open(path + '.tmp', 'w') as f:
        f.write(text)
    os.replace(path + '.tmp', path)


class Gate:
    """The gate's regression check: corpora and crashers, every crash judged."""
    def __init__(self, d, bdir, repro_env, judge):
        self.dir, self.bdir, self.repro_env, self.judge = d, bdir, repro_env, judge
        self.timeout = int(os.environ.get('GATE_REPLAY_TIMEOUT', '120'))
        self.logs = os.path.join(d, 'logs')
        os.makedirs(self.logs, exist_ok=True)
        self.findings = open(os.path.join(d, 'findings.txt'), 'w')
        self.failures = open(os.path.join(d, 'failures'), 'a')
        self.n = dict(inputs=0, crashers=0, still=0, new=0, fixed=0, errors=0, known_inputs=0)

    def fail(self, msg, cmd):
        self.failures.write('%s\t%s\n' % (msg, cmd))
        self.failures.flush()

    def replay(self, t, f, log, cls=None):
        envs = self.judge.env(f)
        argv = crasher_argv(self.bdir, t, cls, self.timeout) if cls else [
            os.path.join(self.bdir, 'asan/fuzz', t)]
        rc = run(argv + [f], log, envs, timeout=[str(self.timeout)])
        with open(log + '.cmd', 'w') as c:
            c.write(''.join(w + ' ' for w in envs) + ' '.join(argv + [f]) + '\n')
        return rc

    def judge_one(self, t, f, log, rc, kind):
        cmd = 'ASAN_OPTIONS=%s UBSAN_OPTIONS=%s %s' % (os.environ['ASAN_OPTIONS'],
                                                      os.environ['UBSAN_OPTIONS'],
                                                      read(log + '.cmd').rstrip('\n'))
        if rc == 124:
            self.findings.write('new %s | timeout | (replay took over %ds) | %s\n'
                                % (t, self.timeout, f))
            self.fail('%s %s: new finding: %s | timeout | replay took over %ds'
                      % (kind, f, t, self.timeout), cmd)
            self.n['new'] += 1
            return
        mrc, line = self.judge.verdict(t, log)
        self.findings.write('%s | %s\n' % (line, f))
        if mrc == 0:
            self.n['still' if kind == 'crasher' else 'known_inputs'] += 1
        elif mrc == 1:
            self.n['new'] += 1
            self.fail('%s %s: new finding: %s' % (kind, f, line[len('new '):]), cmd)
        else:
            self.n['errors'] += 1
            self.fail('%s %s: the replayer failed (status %d) without a finding: %s'
                      % (kind, f, rc, last_line(log)), cmd)

    def regression(self, t):
        reg = os.path.join('corpus/regression', t)
        if not os.path.isdir(reg):
            return
        files = files_under(reg)
        self.n['inputs'] += len(files)
        if self.replay(t, reg, os.path.join(self.logs, '%s.regression.log' % t)) == 0:
            return
        # Replay each file alone, so that every failing input is named.
        for i, f in enumerate(files, 1):
            log = os.path.join(self.logs, '%s.regression.%d.log' % (t, i))
            rc = self.replay(t, f, log)
            if rc:
                self.judge_one(t, f, log, rc, 'regression input')

    def crashers(self, t):
        for i, (f, _, cls) in enumerate(findings.crashers(self.judge.entries, t), 1):
            self.n['crashers'] += 1
            log = os.path.join(self.logs, '%s.crasher.%d.log' % (t, i))
            rc = self.replay(t, f, log, cls)
            if rc == 0:
                self.n['fixed'] += 1
                self.findings.write('fixed %s | - | no longer crashes | %s\n' % (t, f))
            else:
                self.judge_one(t, f, log, rc, 'crasher')

    def run(self, targets):
        for t in targets:
            rep = os.path.join(self.bdir, 'asan/fuzz', t)
            if not os.access(rep, os.X_OK):
                self.fail('%s: no replayer %s' % (t, rep),
                          'make %s gate-build-asan' % self.repro_env)
                self.n['errors'] += 1
                continue
            self.regression(t)
            self.crashers(t)
        # Inputs of a target that no longer exists are not replayed: say so.
        top = 'corpus/regression'
        inputs = [('%s/%s/' % (top, t), t) for t in sorted(os.listdir(top), key=str.encode)
                  if os.path.isdir(os.path.join(top, t))] if os.path.isdir(top) else []
        inputs += [(f, t) for f, t, _ in findings.crashers(self.judge.entries)]
        for d, t in inputs:
            if t in targets:
                continue
            if os.path.isfile('fuzz/%s.c' % t):
                # A target of newer trees' API (fuzz/targets.tsv): not this tree's.
                print('%s: target not built for this tree (API level), not replayed' % d)
                continue
            self.fail('%s: no such target in fuzz/targets.tsv' % d, 'ls %s' % d)
            self.n['errors'] += 1
        self.findings.close()
        self.failures.close()
        n = self.n
        figure = ('%(inputs)d corpus inputs (%(known_inputs)d crash, known), '
                  '%(crashers)d crashers: %(still)d still crash (known), '
                  '%(fixed)d no longer crash, %(new)d new' % n)
        if n['errors']:
            figure += ', %d errors' % n['errors']
        result = 'fail' if n['new'] else ('error' if n['errors'] else 'pass')
        write_then_rename(os.path.join(self.dir, 'figure'), figure + '\n')
        write_then_rename(os.path.join(self.dir, 'result'), result + '\n')
        return 0


# libFuzzer's allocation and RSS limits, given to ASan: an input that runs out
# of memory under libFuzzer fails on the replayer too (make repro, the
# gate's base replays).
REPRO_LIMITS = 'max_allocation_size_mb=2048:hard_rss_limit_mb=2560'


def replay_input(argv, path, log, envs, limit, target, tee=False):
    """One input on a replayer (argv) under timeout(1), stopped with SIGABRT
    after limit seconds (ASan prints where it was); output to log. On a
    timeout the log starts with the harness's timeout line, whose class
    is timeout. The exit status (124 on a timeout)."""
    rc = run(list(argv) + [path], log, envs, tee=tee,
             timeout=['-s', 'ABRT', '-k', '5', str(limit)])
    if rc == 124:
        text = '==KZFUZZ== timeout %s: no verdict within %ds\n' % (target, limit) + read(log)
        write_then_rename(log, text)
    return rc


def one(replayer, path, target, judge):
    """make repro: the report as it comes, then one verdict line."""
    if not os.access(replayer, os.X_OK):
        print('repro: %s: no replayer' % replayer, file=sys.stderr)
        return 2
    limit = int(os.environ.get('REPRO_TIMEOUT', '30'))
    envs = judge.env(path)
    words = ''.join(w + ' ' for w in envs)
    print('repro: %s: %s%s %s' % (target, words, replayer, path), file=sys.stderr)
    log = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'repro.%d.log' % os.getpid())
    try:
        rc = replay_input([replayer], path, log, envs, limit, target, tee=True)
        return one_verdict(rc, path, target, judge, log, limit)
    finally:
        os.unlink(log)


def one_verdict(rc, path, target, judge, log, limit):
    refs = re.findall(r'^kzfuzz: references: (.*)$', read(log), re.M)
    if refs:
        print('repro: %s: judged by %s' % (target, refs[0]))
    if rc == 0:
        print('repro: %s: does not reproduce: %s runs clean on the replayer' % (target, path))
        return 0
    if rc == 124:
        # Stopped by SIGABRT: ASan printed where it was; the class is timeout.
        print('repro: %s: still running after %ds (REPRO_TIMEOUT): a timeout' % (target, limit),
              file=sys.stderr)
    try:
        cls, state, known = crashlog.judge(judge.entries, target, read(log))
    except crashlog.NoFinding:
        print('repro: %s: the replayer failed (exit %d) without a report' % (target, rc))
        return 1
    state = crashlog.normalize(state)
    verdict = 'known: in %s' % judge.registry if known else 'new'
    print('repro: %s: reproduces: %s | %s (%s)' % (target, cls, state, verdict))
    rec = os.path.join(os.path.dirname(path), 'finding.txt')
    if os.path.isfile(rec):
        fields = dict(l.split(': ', 1) for l in read(rec).splitlines() if ': ' in l)
        if '%s | %s' % (fields.get('class'), fields.get('state')) == '%s | %s' % (cls, state):
            print('repro: %s: as recorded in %s' % (target, rec))
        else:
            print('repro: %s: recorded as %s | %s (found by %s, whose limits differ)'
                  % (target, fields.get('class', ''), fields.get('state', ''),
                     fields.get('engine', '')))
    return 1


USAGE = {
    'corpus': 'NAME LOGDIR BINDIR TARGET...',
    'crashers': 'NAME LOGDIR BINDIR TARGET...',
    'explained': 'NAME LOGDIR BINDIR TARGET...',
    'msan-crashers': 'NAME LOGDIR BINDIR EXPECT TARGET...',
    'gate': 'DIR BDIR REPRO_ENV TARGET...',
    'one': 'REPLAYER INPUT TARGET REGISTRY',
}


def main(argv):
    cmd = argv[0] if argv else ''
    args = argv[1:]
    if cmd not in USAGE or len(args) < 4 or (cmd == 'one' and len(args) != 4) or \
            (cmd == 'msan-crashers' and len(args) < 5):
        lines = ['%s %s' % kv for kv in USAGE.items()]
        print('usage: replay.py ' + '\n       replay.py '.join(lines), file=sys.stderr)
        return 2
    try:
        judge = Judge(args[3] if cmd == 'one' else findings.DEFAULT)
    except findings.RegistryError as err:
        print('replay: %s' % err, file=sys.stderr)
        return 2
    if cmd == 'corpus':
        return corpus(args[0], args[1], args[2], args[3:])
    if cmd == 'explained':
        sanitizer_defaults('symbolize=1:handle_abort=1:detect_leaks=1',
                           'print_stacktrace=1:report_error_type=1:halt_on_error=1:symbolize=1')
        return explained(args[0], args[1], args[2], args[3:], judge)
    if cmd == 'msan-crashers':
        sanitizer_defaults('', '')
        return msan_crashers(args[0], args[1], args[2], args[3], args[4:], judge)
    if cmd == 'crashers':
        sanitizer_defaults('symbolize=1:handle_abort=1:detect_leaks=1',
                           'print_stacktrace=1:report_error_type=1:halt_on_error=1:symbolize=1')
        return crashers(args[0], args[1], args[2], args[3:], judge)
    if cmd == 'gate':
        # What gate.py sets: stacks for aborts and UBSan, UBSan error types for the matcher.
        os.environ.setdefault('ASAN_OPTIONS', 'handle_abort=1:detect_leaks=1:symbolize=1')
        os.environ.setdefault('UBSAN_OPTIONS',
                              'print_stacktrace=1:report_error_type=1:halt_on_error=1')
        return Gate(args[0], args[1], args[2], judge).run(args[3:])
    # handle_abort: a harness verdict (abort) gets a stack; the allocation and
    # RSS limits are libFuzzer's, so that an out-of-memory input fails here too.
    sanitizer_defaults('symbolize=1:handle_abort=1:detect_leaks=1:' + REPRO_LIMITS,
                       'print_stacktrace=1:report_error_type=1:halt_on_error=1:symbolize=1')
    return one(args[0], args[1], args[2], judge)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

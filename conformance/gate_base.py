"""Gate check 7's new findings judged against the base tree (issue 22):
a crash that the base build reproduces, with the same class and the same
crash state, was not brought by the change (the pull-request rule of
continuous-fuzzing services, ClusterFuzzLite / CIFuzz).

A module of conformance/gate_fuzz.py (and conformance/gate.py, which
chooses the base and says which it is).

The base: BASELINE_SRC when given; else the unmodified tree of the
candidate's zstd version that the harness knows how to get (BASES:
Debian's linux-source packages); for any other version none, and every
new finding fails.

Judging (gate_fuzz.py calls judge() once, after fuzzing, only when there
are new findings: the base is staged and its ASan replayers built only
then): each new finding's artifact is replayed on the candidate's and on
the base's ASan replayer (fuzz/replay.py's run, with make repro's
allocation limits, so that an out-of-memory input fails on both), each
log classified by fuzz/crashlog.py. Pre-existing: the base's class and
normalized state equal the candidate's (the candidate's replay, or the
fuzzing log's when the replay runs clean). A base that runs clean, or
fails with another class or state, leaves the finding new.
"""
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, 'fuzz'))
import crashlog  # noqa: E402
import replay  # noqa: E402

# zstd version of lib/zstd -> the KERNEL_SRC of its unmodified tree.
BASES = {'1.4.10': 'debian:6.1', '1.5.2': 'debian:6.12'}


class BaseError(Exception):
    """The base cannot judge (cannot be staged or built)."""


def rule_on(environ, no_base_rule=False):
    """The base rule, unless --no-base-rule or GATE_BASE_RULE=0."""
    return not no_base_rule and environ.get('GATE_BASE_RULE', '1') != '0'


def tree_zstd_version(tree_dir):
    """KTREE_ZSTD_VERSION of a staged tree's tree.mk, or ''."""
    try:
        with open(os.path.join(tree_dir, 'tree.mk')) as f:
            m = re.search(r'^KTREE_ZSTD_VERSION := *(\S*)', f.read(), re.M)
    except OSError:
        return ''
    return m.group(1) if m else ''


def choose(bsrc, zstd_version):
    """(the base's KERNEL_SRC or None, what it is or why there is none)."""
    if bsrc:
        return bsrc, 'BASELINE_SRC'
    if zstd_version in BASES:
        return BASES[zstd_version], 'the unmodified tree of zstd %s' % zstd_version
    return None, ('zstd %s: no unmodified tree of this version known to the harness: '
                  'needs BASELINE_SRC' % (zstd_version or 'of unknown version'))


def signature(text):
    """(class, normalized state) of a crash log, or None when it shows none."""
    try:
        cls, state = crashlog.classify(text)
    except crashlog.NoFinding:
        return None
    return cls, crashlog.normalize(state)


def same_site(cand, base):
    """Pre-existing: the same class and the same crash state (for an
    oracle finding, the state names the API step, both results and the
    frame/block site). A class alone is never enough."""
    return cand is not None and base is not None and cand == base


class Finding:
    """One new crash state of check 7: its first artifact and log."""

    def __init__(self, target, cls, state, artifact, log, env_words=()):
        self.target, self.cls, self.state = target, cls, state
        self.artifact, self.log = artifact, log
        # VAR=value words the fuzzer ran with beyond the gate's environment
        # (KZ_FANOTIFY_WELLFORMED_ONLY=1): both replays get them.
        self.env_words = list(env_words)
        self.verdict = 'new'
        self.why = ''
        self.base_cmd = ''


class Base:
    """The base tree, staged and built on first use."""

    def __init__(self, ksrc, build, cand_bdir, out_dir, make='make', jobs='2'):
        self.ksrc, self.build, self.cand_bdir = ksrc, build, cand_bdir
        self.out, self.make, self.jobs = out_dir, make.split(), jobs
        self.bdir = self.tree_dir = ''
        self.ready = False

    def where(self):
        p = subprocess.run(self.make + ['-s', '--no-print-directory', 'BUILD=%s' % self.build,
                                        'KERNEL_SRC=%s' % self.ksrc, 'gate-where'],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, errors='replace')
        m = re.search(r'^gate-where: bdir=(\S+) tree_dir=(\S+)', p.stdout, re.M)
        if not m:
            tail = p.stdout.rstrip('\n').rsplit('\n', 1)[-1]
            raise BaseError('the base %s cannot be staged: %s' % (self.ksrc, tail))
        return m.group(1), m.group(2)

    def ensure(self):
        """Staged and its ASan replayers built (not again for the tree under test)."""
        if self.ready:
            return
        self.bdir, self.tree_dir = self.where()
        if os.path.abspath(self.bdir) != os.path.abspath(self.cand_bdir):
            log = os.path.join(self.out, 'base-build.log')
            with open(log, 'wb') as out:
                rc = subprocess.call(self.make + ['-j%s' % self.jobs, '--no-print-directory',
                                                  'BUILD=%s' % self.build,
                                                  'KERNEL_SRC=%s' % self.ksrc,
                                                  'gate-build-replayers'],
                                     stdout=out, stderr=subprocess.STDOUT)
            if rc:
                raise BaseError('the base %s does not build (log %s)' % (self.ksrc, log))
        self.ready = True

    def describe(self):
        """Which base: its KERNEL_SRC, staged folder and tree line (content id)."""
        if not self.ready:
            return '%s (not staged)' % self.ksrc
        line = ''
        try:
            with open(os.path.join(self.tree_dir, 'tree.txt')) as f:
                line = f.readline().strip()
        except OSError:
            pass
        same = ', the tree under test itself' if \
            os.path.abspath(self.bdir) == os.path.abspath(self.cand_bdir) else ''
        return '%s: %s (%s%s)' % (self.ksrc, self.tree_dir, line or 'no tree.txt', same)

    def replayer(self, target):
        return os.path.join(self.bdir, 'asan/fuzz', target)


def replay_sig(replayer, f, log, limit):
    """f's artifact on one ASan replayer: (signature or None, exit status)."""
    asan = os.environ.get('ASAN_OPTIONS', '')
    limits = ':'.join(x for x in (asan, replay.REPRO_LIMITS) if x)
    words = f.env_words + ['ASAN_OPTIONS=%s' % limits]
    rc = replay.replay_input([replayer], f.artifact, log, words, limit, f.target)
    return (signature(replay.read(log)) if rc else None), rc


def judge_one(f, base, cand_bdir, logs, limit):
    """Sets f.verdict ('pre-existing' or 'new') and f.why."""
    if not f.artifact or not os.path.isfile(f.artifact):
        f.why = 'no input was written: nothing to replay on the base'
        return
    stem = os.path.join(logs, '%s.%s' % (f.target, os.path.basename(f.artifact)))
    cand, _ = replay_sig(os.path.join(cand_bdir, 'asan/fuzz', f.target), f,
                         stem + '.candidate.log', limit)
    how = 'its replay'
    if cand is None:
        cand, how = signature(replay.read(f.log)), 'the fuzzing log (its replay runs clean)'
    got, rc = replay_sig(base.replayer(f.target), f, stem + '.base.log', limit)
    if same_site(cand, got):
        f.verdict = 'pre-existing'
        f.why = 'the base reproduces it: %s | %s' % got
    elif got is None:
        f.why = 'the base runs it clean' if rc == 0 else \
            'the base fails it (status %d) without a finding' % rc
    else:
        f.why = 'the base gives another %s: %s | %s (the candidate, by %s: %s | %s)' % (
            'state' if got[0] == cand[0] else 'class', got[0], got[1], how,
            cand[0] if cand else '?', cand[1] if cand else '?')


def judge(found, base, cand_bdir, out_dir, limit=60):
    """Every finding of found judged on base (a Base); a base that cannot
    judge leaves them all new. The text of the base line."""
    logs = os.path.join(out_dir, 'base-replays')
    os.makedirs(logs, exist_ok=True)
    try:
        base.ensure()
    except BaseError as err:
        for f in found:
            f.why = str(err)
        return 'could not judge: %s' % err
    for f in found:
        judge_one(f, base, cand_bdir, logs, limit)
    pre = sum(1 for f in found if f.verdict == 'pre-existing')
    return '%s judged %d new crash states: %d pre-existing, %d new' % (
        base.describe(), len(found), pre, len(found) - pre)


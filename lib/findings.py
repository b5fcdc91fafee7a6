#!/usr/bin/env python3
"""The findings registry (corpus/findings.txt): its one loader.

Everything the harness accepts or tracks is one line of the registry:

    kind | id | targets | zstd | class | signature | source | reproducers | justification

kind         divergence  a difference from the reference the oracle excuses
                         (a predicate of the same id in oracles/zstd_divergences.c)
             finding     a known kernel finding: triage, the gate and repro
                         call a crash with this target, class and crash state known
             errata      a baseline frame the candidate tree may decode
                         differently (gate check baseline-frames)
             open        an input under triage: tracked, never accepted
id           [a-z0-9-]+, unique
targets      comma-separated target names, or *
zstd         the kernel zstd versions it concerns (1.4.10,1.5.2), or *: a tree
             of another version does not see it
class        divergence: oracle:<verdict>; finding: asan:, ubsan:, oracle:,
             timeout, oom, kernel-paths (gate-golden's own ways disagree)
             stack (gate-stack: an entry point over its budget, signature
             "ENTRY over its N B budget, up to M B": known up to M bytes) or
             single-defect (gen-single-defect: a case this tree fails)
signature    what must match, narrowly: divergence: the unit it acts on
             (frame-header, block-header, block, literals, sequences);
             finding: the crash state; errata: the frame's path
source       where in the code it acts (kernel file and function, or the
             upstream change)
reproducers  the files that show it, relative to the top of the repo, each
             after the VAR=value words it needs; - for none
justification  why it is accepted; a divergence's or a finding's in at most
             300 characters, ending with "Details: <its folder>/README.md."
             (corpus/divergences/<id>/, corpus/open-findings/<id>/)

'#' starts a comment line. The oracle (its C table), crash matching,
triage, repro, the gate and make findings all read the registry here, as
seen by the tree under test: its kernel zstd version from --zstd, else
from $KZ_ZSTD_VERSION (the Makefile exports it); with neither, every
entry counts.

    findings.py [-f FILE] [--zstd V] check     validate, reproducers must exist
    findings.py [-f FILE] [--zstd V] select KIND FIELD...   TAB-separated fields
    findings.py [-f FILE] [--zstd V] c-table   the C table of the entries
    findings.py [-f FILE] [--zstd V] env PATH  VAR=value words PATH replays with
    findings.py [-f FILE] [--zstd V] match TARGET CLASS STATE    exit 0 known, 1 new
    findings.py [-f FILE] [--zstd V] crashers [TARGET]   PATH TARGET CLASS, TAB-separated
    findings.py [-f FILE] [--zstd V] target PATH   the target PATH reproduces on
"""
import os
import re
import sys

FIELDS = ('kind', 'id', 'targets', 'zstd', 'class', 'signature', 'source',
          'reproducers', 'justification')
KINDS = ('divergence', 'finding', 'errata', 'open')
ACTS_ON = ('frame-header', 'block-header', 'block', 'literals', 'sequences')
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = os.path.join(TOP, 'corpus', 'findings.txt')

_ID = re.compile(r'^[a-z0-9][a-z0-9.-]*$')
_TARGETS = re.compile(r'^(\*|[a-z0-9_-]+(,[a-z0-9_-]+)*)$')
_ENV = re.compile(r'^[A-Z_][A-Z0-9_]*=\S*$')
_STACK = re.compile(r'^\S+ over its ([0-9]+) B budget, up to ([0-9]+) B$')
_CRASH_CLASS = re.compile(r'^(asan:|ubsan:|timeout$|oom$)')
CRASHERS = os.path.join('corpus', 'open-findings')
_VERSIONS = re.compile(r'^(\*|[0-9]+\.[0-9]+\.[0-9]+(,[0-9]+\.[0-9]+\.[0-9]+)*)$')


class RegistryError(Exception):
    pass


class Entry:
    def __init__(self, fields, line):
        for name, value in zip(FIELDS, fields):
            setattr(self, name.replace('class', 'cls'), value)
        self.line = line

    def target_list(self):
        return self.targets.split(',')

    def covers_target(self, target):
        return self.targets == '*' or target in self.target_list()

    def covers_zstd(self, version):
        return not version or self.zstd == '*' or version in self.zstd.split(',')

    def reproducer_list(self):
        """[(env words, path)] in the order written."""
        out, env = [], []
        if self.reproducers == '-':
            return out
        for word in self.reproducers.split():
            if _ENV.match(word):
                env.append(word)
            else:
                out.append((env, word))
                env = []
        return out


def _check_entry(e):
    """The reason a parsed entry is malformed, or None."""
    if e.kind not in KINDS:
        return 'kind %r is none of %s' % (e.kind, ', '.join(KINDS))
    if not _ID.match(e.id):
        return 'id %r: want lower case letters, digits and dashes' % e.id
    if not _TARGETS.match(e.targets):
        return 'targets %r: want name,name or *' % e.targets
    if not _VERSIONS.match(e.zstd):
        return 'zstd %r: want versions (1.4.10,1.5.2) or *' % e.zstd
    if not e.cls or not e.signature or not e.source or not e.justification:
        return 'an empty field'
    if e.kind == 'divergence':
        if not e.cls.startswith('oracle:'):
            return 'a divergence has an oracle: class, not %r' % e.cls
        if e.signature not in ACTS_ON:
            return 'a divergence acts on one of %s, not %r' % (
                ', '.join(ACTS_ON), e.signature)
    if e.kind == 'finding' and e.cls == 'stack':
        m = _STACK.match(e.signature)
        if not m or int(m.group(2)) <= int(m.group(1)):
            return ('a stack finding reads "ENTRY over its N B budget, up to M B"'
                    ' with its ceiling M over N, not %r' % e.signature)
    if e.reproducers != '-':
        words = e.reproducers.split()
        if _ENV.match(words[-1]):
            return 'reproducers end with VAR=value and no file'
    return None


def parse(text, name='findings'):
    """Entries of a registry text; RegistryError names the first bad line."""
    entries, seen = [], set()
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith('#'):
            continue
        fields = [f.strip() for f in raw.split('|', len(FIELDS) - 1)]
        if len(fields) != len(FIELDS):
            raise RegistryError('%s: line %d: want %d fields (%s), got %d'
                                % (name, n, len(FIELDS), ' | '.join(FIELDS),
                                   len(fields)))
        e = Entry(fields, n)
        why = _check_entry(e)
        if why is None and e.id in seen:
            why = 'id %r used twice' % e.id
        if why:
            raise RegistryError('%s: line %d: %s' % (name, n, why))
        seen.add(e.id)
        entries.append(e)
    return entries


def load(path=DEFAULT, zstd=None):
    """The entries that concern kernel zstd version zstd (default:
    $KZ_ZSTD_VERSION; all when neither is set)."""
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except OSError as err:
        raise RegistryError('%s: cannot read: %s' % (path, err.strerror))
    version = zstd if zstd is not None else os.environ.get('KZ_ZSTD_VERSION', '')
    return [e for e in parse(text, path) if e.covers_zstd(version)]


def missing_reproducers(entries, top=TOP):
    """(entry, path) for every reproducer that is not a file."""
    return [(e, p) for e in entries for _, p in e.reproducer_list()
            if not os.path.isfile(os.path.join(top, p))]


def state_covers(known, cls, state):
    """Does a finding's recorded crash state cover this one?"""
    if known == state:
        return True
    # The runaway guard unwinds out of the loop before it reports, so its
    # stack starts at the frame that called into the loop.
    return cls == 'timeout' and known.split(' > ')[-1] == state.split(' > ')[0]


def match(entries, target, cls, state):
    """The finding entry that makes this crash known, or None."""
    for e in entries:
        if (e.kind == 'finding' and e.covers_target(target) and e.cls == cls
                and state_covers(e.signature, cls, state)):
            return e
    return None


def reproducer_env(entries, path):
    """The VAR=value words a committed reproducer replays with."""
    path = os.path.normpath(path)
    for e in entries:
        for env, p in e.reproducer_list():
            if os.path.normpath(p) == path:
                return env
    return []


def repo_path(path, top=TOP):
    """path as the registry writes it: relative to the top of the repo."""
    if os.path.isabs(path):
        path = os.path.relpath(path, top)
    return os.path.normpath(path)


def crashers(entries, target=None):
    """The committed crashers: (path, target, class) of every reproducer
    kept under CRASHERS (a finding's folder) by a finding entry of a crash
    class (asan:, ubsan:, timeout, oom), once each, of target when given,
    sorted by path as sort(1) in C. The class is the entry's, written as a
    folder name (asan-heap-buffer-overflow)."""
    seen = {}
    for e in entries:
        if e.kind != 'finding' or not _CRASH_CLASS.match(e.cls) or e.targets == '*':
            continue
        for _, p in e.reproducer_list():
            p = repo_path(p)
            if p.startswith(CRASHERS + os.sep) and p not in seen:
                seen[p] = (p, e.targets, e.cls.replace(':', '-'))
    return [seen[p] for p in sorted(seen, key=str.encode)
            if target is None or seen[p][1] == target]


def reproducer_target(entries, path):
    """The one target of the entries that name path as a reproducer, or None."""
    path = repo_path(path)
    targets = {t for e in entries for _, p in e.reproducer_list()
               if repo_path(p) == path for t in e.target_list()}
    return targets.pop() if len(targets) == 1 and '*' not in targets else None


def c_string(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def c_table(entries, name):
    out = ['/* Generated from %s by lib/findings.py. */' % name,
           '#include "findings_table.h"',
           'const struct findings_entry findings_table[] = {']
    for e in entries:
        out.append('\t{ %s },' % ', '.join(
            c_string(x) for x in (e.kind, e.id, e.targets, e.cls,
                                  e.signature, e.source)))
    if not entries:
        out.append('\t{ NULL, NULL, NULL, NULL, NULL, NULL },')
    out.append('};')
    out.append('const size_t findings_table_count = %d;' % len(entries))
    return '\n'.join(out) + '\n'


def _usage():
    sys.exit(__doc__.split('\n\n')[-1].rstrip().replace('    ', 'usage: ', 1))


def main(argv):
    path, zstd = DEFAULT, None
    if argv[:1] == ['-f']:
        if len(argv) < 2:
            _usage()
        path, argv = argv[1], argv[2:]
    if argv[:1] == ['--zstd']:
        if len(argv) < 2:
            _usage()
        zstd, argv = argv[1], argv[2:]
    if not argv:
        _usage()
    try:
        entries = load(path, zstd)
    except RegistryError as err:
        print('findings: %s' % err, file=sys.stderr)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == 'check' and not args:
        bad = missing_reproducers(entries)
        for e, p in bad:
            print('findings: %s: line %d (%s): reproducer %s: no such file'
                  % (path, e.line, e.id, p), file=sys.stderr)
        counts = ', '.join('%d %s' % (sum(e.kind == k for e in entries), k)
                           for k in KINDS)
        print('findings: %d entries (%s)' % (len(entries), counts))
        return 1 if bad else 0
    if cmd == 'select' and args and args[0] in KINDS:
        for f in args[1:]:
            if f not in FIELDS:
                print('findings: no field %r (fields: %s)'
                      % (f, ' '.join(FIELDS)), file=sys.stderr)
                return 2
        for e in entries:
            if e.kind == args[0]:
                print('\t'.join(getattr(e, f.replace('class', 'cls'))
                                for f in args[1:]))
        return 0
    if cmd == 'c-table' and not args:
        sys.stdout.write(c_table(entries, os.path.relpath(path, TOP)))
        return 0
    if cmd == 'env' and len(args) == 1:
        print(' '.join(reproducer_env(entries, args[0])))
        return 0
    if cmd == 'crashers' and len(args) <= 1:
        for row in crashers(entries, *args):
            print('\t'.join(row))
        return 0
    if cmd == 'target' and len(args) == 1:
        t = reproducer_target(entries, args[0])
        if t:
            print(t)
        return 0 if t else 1
    if cmd == 'match' and len(args) == 3:
        e = match(entries, *args)
        if e:
            print(e.id)
        return 0 if e else 1
    _usage()


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

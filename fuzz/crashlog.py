#!/usr/bin/env python3
"""Crash classification: the class and crash state of one crash log, and
whether the findings registry knows it. One definition for triage, repro,
replay and the gate.

    crashlog.py match [-k REGISTRY] TARGET LOG
        "known|new TARGET | CLASS | STATE"; exit 0 known, 1 new, 2 when LOG
        holds no finding or on bad input (fuzz/crash-match.sh)
    crashlog.py state [-k REGISTRY] TARGET LOG
        three lines: class, normalized state, known|new; exit 1 when LOG
        holds no finding, 2 on bad usage (fuzz/findings.sh)

CLASS: the `==KZFUZZ== <class>` line if there is one, else the sanitizer's
(asan:<type>, ubsan:<check>, msan:<type>), else libFuzzer's (timeout, oom, leak,
crash:<signal>). STATE: the top 3 meaningful frames of the first stack,
' > ' separated: frames without source (libc, sanitizer and libFuzzer
runtimes: no absolute source path, or one in compiler-rt) and the harness's
own report functions (abort paths: $GATE_MATCH_SKIP) are left out; frames
below LLVMFuzzerTestOneInput too. An oracle class's state is the harness's
own: the API step, both results and the site of the report. Then the
access of a memory error, rounded up to a power of two, and "[NAME]" for
each mode the target announced ("kzfuzz: env NAME"). A MemorySanitizer
use-of-uninitialized-value report's state ends with its origin:
"(origin: FRAME)", the first meaningful frame of the stack that created
the unwritten bytes; its other reports (allocation-size-too-big...) are
classed by their SUMMARY line, msan:<type>.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
import findings  # noqa: E402

SKIP = (r'^(abort|raise|__GI_.*|__libc_.*|fan_finding|zo_expect|zo_contract|zo_report|'
        r'kh_warn|__sanitizer.*|__asan.*|__ubsan.*|__interceptor_.*|fuzzer::.*)$')

# UBSan's error types (report_error_type=1) to -fsanitize= check names.
UBSAN_CHECKS = {
    'misaligned-pointer-use': 'alignment',
    'out-of-bounds-index': 'bounds',
    'null-pointer-use': 'null',
    'shift-base': 'shift',
    'shift-exponent': 'shift',
    'invalid-bool-load': 'bool',
    'invalid-enum-load': 'enum',
    'undefined-behavior': 'unknown',
}

_FRAME = re.compile(r'^ *#[0-9]+ 0x[0-9a-f]+ in ')
_SOURCE = re.compile(r' /[^ ()]*(:[0-9]+(:[0-9]+)?)?$')
_RUNTIME = re.compile(r'/compiler-rt/|/sanitizer_common/|/lib/fuzzer/')
_CLONE = re.compile(r'\.(isra|constprop|part|cold|llvm|lto_priv|localalias)(\.[0-9]+)*')


def _first_word(s):
    words = s.split()
    return words[0] if words else ''


def raw_class(lines):
    """The class named by the first line that names one, before mapping."""
    runtime_error = False
    for line in lines:
        if '==KZFUZZ== ' in line:
            return _first_word(line.rsplit('==KZFUZZ== ', 1)[1])
        if 'ERROR: libFuzzer: timeout' in line:
            return 'timeout'
        if 'ERROR: libFuzzer: out-of-memory' in line:
            return 'oom'
        if 'ERROR: LeakSanitizer' in line:
            return 'leak'
        if 'SUMMARY: UndefinedBehaviorSanitizer: ' in line:
            rest = line.rsplit('SUMMARY: UndefinedBehaviorSanitizer: ', 1)[1]
            return 'ubsan-type:' + _first_word(rest)
        if 'runtime error: ' in line:
            runtime_error = True
        if 'WARNING: MemorySanitizer: ' in line:
            return 'msan:' + _first_word(line.rsplit('WARNING: MemorySanitizer: ', 1)[1])
        # MSan's allocator errors and signals (allocation-size-too-big, SEGV).
        if 'SUMMARY: MemorySanitizer: ' in line:
            return 'msan:' + _first_word(line.rsplit('SUMMARY: MemorySanitizer: ', 1)[1])
        if 'SUMMARY: AddressSanitizer: ' in line:
            return 'asan:' + _first_word(line.rsplit('SUMMARY: AddressSanitizer: ', 1)[1])
        if 'ERROR: libFuzzer: deadly signal' in line:
            return 'crash:deadly-signal'
    return 'ubsan-type:undefined-behavior' if runtime_error else ''


def crash_class(lines):
    c = raw_class(lines)
    if c.startswith('ubsan-type:'):
        t = c[len('ubsan-type:'):]
        return 'ubsan:' + UBSAN_CHECKS.get(t, t)
    if c in ('asan:ABRT', 'msan:ABRT', 'crash:deadly-signal'):
        return 'crash:abort'
    # Only the guards around the zstd targets' buffers (fuzz/zstd_fuzz.c) are
    # poisoned by hand: an access there is outside a heap buffer, as in a redzone.
    if c == 'asan:use-after-poison':
        return 'asan:heap-buffer-overflow'
    return c


def top_frames(lines, skip):
    """The top 3 meaningful frames of the first stack that has any."""
    out, started, last, stop = [], False, False, False
    for line in lines:
        m = _FRAME.match(line)
        if not m:
            if started and out:
                break
            continue
        started = True
        rest = line[m.end():]
        fn = re.split(r'[ (]', rest, 1)[0]
        if fn == 'LLVMFuzzerTestOneInput':
            last = True
        # Our code has absolute source paths; libc, runtimes and libFuzzer do not.
        if not _SOURCE.search(rest) or _RUNTIME.search(rest) or skip.search(fn):
            continue
        if len(out) < 3 and not stop:
            out.append(fn)
        if last:
            stop = True
    return ' > '.join(out) if out else '(no stack)'


def oracle_state(lines):
    """An oracle finding: its API step, both results and the site."""
    step = verdict = site = None
    for line in lines:
        if verdict is None and '==KZFUZZ== ' in line:
            v = re.sub(r'.*==KZFUZZ== [^ ]+ [^ ]+: ', '', line, count=1)
            step = v.split(': ', 1)[0]
            verdict = re.sub(r'^[^:]*: ', '', v, count=1)
        if site is None and line.startswith('  site: '):
            s = re.sub(r'^  site: +', '', line)
            s = re.sub(r', input offset [0-9]+\)', ')', s, count=1)
            site = re.sub(r', output .*', '', s, count=1)
    return '%s > %s > %s' % (step or '', verdict or '', site or 'no site')


def msan_origin(lines, skip):
    """The first meaningful frame that created MSan's unwritten bytes."""
    for i, line in enumerate(lines):
        if 'Uninitialized value was created' in line:
            return top_frames(lines[i + 1:], skip).split(' > ')[0]
    return '(no origin)'


def access(lines):
    """READ or WRITE and the size, rounded up to a power of two, or None."""
    for line in lines:
        m = re.match(r'^(READ|WRITE) of size ([0-9]+) ', line)
        if m:
            n = 1
            while n < int(m.group(2)):
                n *= 2
            return '%s %s' % (m.group(1), '>64' if n > 64 else n)
    return None


def state_of(lines, cls, skip):
    state = oracle_state(lines) if cls.startswith('oracle:') else top_frames(lines, skip)
    if cls == 'msan:use-of-uninitialized-value':
        state += ' (origin: %s)' % msan_origin(lines, skip)
    a = access(lines)
    if a:
        state += ' (%s)' % a
    envs = set()
    for line in lines:
        m = re.match(r'^kzfuzz: env ([A-Z_0-9]*)', line)
        if m:
            envs.add(m.group(1))
    for env in sorted(envs):
        state += ' [%s]' % env
    return state


def normalize(state):
    """One state for builds that differ only in clones and addresses."""
    parts = []
    for f in state.split(' > '):
        f = _CLONE.sub('', f)
        f = re.sub(r'0x[0-9a-fA-F]+', '0x?', f)
        parts.append(f.strip())
    return ' > '.join(parts)


class NoFinding(Exception):
    pass


def classify(log_text, skip=None):
    """(class, state) of a log; NoFinding when it shows none."""
    lines = log_text.splitlines()
    cls = crash_class(lines)
    if not cls:
        raise NoFinding('no finding in the log')
    skip = re.compile(skip or os.environ.get('GATE_MATCH_SKIP') or SKIP)
    return cls, state_of(lines, cls, skip)


def judge(entries, target, log_text):
    """(class, state, known) of one crash log."""
    cls, state = classify(log_text)
    return cls, state, findings.match(entries, target, cls, state) is not None


def _read(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read()


def main(argv, prog):
    """crash-match: 0 known, 1 new, 2 no finding or bad input.
    crash-state: 0 with three lines, 1 no finding, 2 bad usage."""
    state_mode = prog == 'crash-state'
    registry = findings.DEFAULT
    if argv[:1] == ['-k']:
        if len(argv) < 2:
            print('%s: -k needs a file' % prog, file=sys.stderr)
            return 2
        registry, argv = argv[1], argv[2:]
    if len(argv) != 2:
        print('usage: %s [-k FINDINGS] TARGET LOG' % prog, file=sys.stderr)
        return 2
    target, log = argv
    try:
        text = _read(log)
    except OSError:
        print('%s: %s: cannot read the log' % (prog, log), file=sys.stderr)
        return 2
    try:
        cls, state, known = judge(findings.load(registry), target, text)
    except NoFinding as err:
        if not state_mode:
            print('%s: %s: %s' % (prog, log, err), file=sys.stderr)
        return 1 if state_mode else 2
    except findings.RegistryError as err:
        print('%s: %s' % (prog, err), file=sys.stderr)
        return 1 if state_mode else 2
    verdict = 'known' if known else 'new'
    if state_mode:
        print('%s\n%s\n%s' % (cls, normalize(state), verdict))
        return 0
    print('%s %s | %s | %s' % (verdict, target, cls, state))
    return 0 if known else 1


if __name__ == '__main__':
    if len(sys.argv) < 2 or sys.argv[1] not in ('match', 'state'):
        sys.exit(__doc__.split('\n\n')[1].strip())
    sys.exit(main(sys.argv[2:], 'crash-match' if sys.argv[1] == 'match' else 'crash-state'))

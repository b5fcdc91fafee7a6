#!/usr/bin/env python3
"""The gate's reports, from one run's check folders:

    gate_report.py RUN_DIR

Prints the summary table (check, result, figure, time), every failure
with the command that reproduces it and, when there was a baseline, its
side-by-side tables; writes RUN_DIR/report.tap and RUN_DIR/report.junit.xml
(write-then-rename). Exit 0 when every check passed or was skipped, 1
otherwise, 2 on bad input.

Each check folder NN-<name>/ holds result (pass, fail, error or skip),
figure, time (seconds) and failures ("message TAB command" lines), as
conformance/gate.py writes them. The formats are those of the shell
version this replaces, byte for byte: CI parses them.
"""
import collections
import os
import re
import sys
from dataclasses import dataclass

# The checks, in the order they run, one entry each: name (its folder in
# the run and its row of the report), title, the variant it needs built,
# runner and program. Runner 'prog': a gate-<name> C program of that
# variant (TAP-like lines, one "figure:" line, exit 0/1/2: Gate.run_prog
# in conformance/gate.py); 'build', 'selftest': Gate.build, Gate.selftest;
# any other: Gate.check_<runner>, which runs a script under conformance/
# writing result, figure and failures itself (Gate.run_script). When the
# self-test fails, the 'prog' checks after it still run (their lines name
# the cause) and the checks after them are skipped. HACKING.md "Gate":
# adding a check. gate.py, this report and gate_calibrate.py name a check
# only through this table.
Check = collections.namedtuple('Check', 'name title variant runner program')
TABLE = (
    Check('00-build', 'build of the harness against the tree', None, 'build', None),
    Check('01-selftest', 'build self-test', 'asan', 'selftest', 'kh-selftest'),
    Check('02-api-contract', 'API contract', 'asan', 'prog', 'gate-api-contract'),
    Check('03-golden', 'golden vectors', 'asan', 'prog', 'gate-golden'),
    Check('04-callers', 'caller profiles', 'asan', 'prog', 'gate-callers'),
    Check('05-stack', 'stack usage', 'plain', 'prog', 'gate-stack'),
    Check('06-regression', 'regression corpus', 'asan', 'regression', 'gate-regress.sh'),
    Check('07-fuzz', 'time-boxed fuzzing', 'fuzz', 'fuzz', 'gate_fuzz.py'),
    Check('08-baseline', 'baseline comparison', 'plain', 'baseline', 'gate_baseline.py'),
    Check('09-kunit', 'KUnit suite in UML', None, 'kunit', 'gate_kunit.sh'),
)


def check_of(runner=None, program=None):
    """The entry of TABLE with that runner or program."""
    return next(c for c in TABLE if runner in (None, c.runner) and program in (None, c.program))


# Logs and figures are bytes from anywhere: keep undecodable ones as they are.
ENC = dict(encoding='utf-8', errors='surrogateescape')
RULE = '-' * 94
CHECK_DIR = re.compile(r'[0-9][0-9]-')
BASELINE_TABLES = ('speed', 'stack')
# Baseline table lines that are summaries, not rows.
BASELINE_SUMMARY = re.compile(r'^(mean|worst|level|grows|missing)\t')


def read_text(path):
    with open(path, **ENC) as f:
        return f.read()


def env(name, default):
    """${name:-default}: unset and empty alike."""
    return os.environ.get(name) or default


def last_line(path):
    """$(tail -n1 path): the last line, without its newline."""
    try:
        text = read_text(path)
    except OSError:
        return ''
    if text.endswith('\n'):
        text = text[:-1]
    return text.rsplit('\n', 1)[-1]


def nonempty(path):
    """The shell's [ -s path ]."""
    try:
        return os.path.getsize(path) > 0
    except OSError:
        return False


def first_line(path, default=''):
    """A one-line field file's value; default when missing or empty."""
    if not nonempty(path):
        return default
    return read_text(path).split('\n', 1)[0]


def lines_of(text):
    """The newline-terminated lines of text (a shell read loop skips the rest)."""
    return text.split('\n')[:-1]


def all_lines(text):
    """Every line, as grep reads them: a last one without newline counts."""
    return lines_of(text if text.endswith('\n') or not text else text + '\n')


def fields(line):
    """msg and cmd of a failures line, as IFS=TAB read splits it: tab runs
    are one separator, leading and trailing tabs go."""
    parts = re.split(r'\t+', line.strip('\t'), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ''


def failure_pairs(text):
    """(msg, cmd) of each failures line that has a message."""
    return [p for p in (fields(line) for line in text.split('\n')) if p[0]]


# Times add up as awk adds them: numbers read from their leading digits,
# sums printed as integers when whole, else with 6 significant digits.
AWK_NUMBER = re.compile(r'\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?')


def awk_number(s):
    m = AWK_NUMBER.match(s)
    return float(m.group(0)) if m else 0.0


def awk_string(x):
    if x == int(x) and abs(x) < 1e16:
        return str(int(x))
    return '%.6g' % x


def add_time(total, time):
    return awk_string(awk_number(total) + awk_number(time))


def xml(s):
    """Escaped for XML attributes and text; trailing newlines dropped."""
    for a, b in (('&', '&amp;'), ('<', '&lt;'), ('>', '&gt;'), ('"', '&quot;'), ("'", '&apos;')):
        s = s.replace(a, b)
    return s.rstrip('\n')


def upper_ascii(s):
    return s.translate(str.maketrans('abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'))


@dataclass
class Check:
    folder: str             # NN-name
    result: str
    figure: str
    time: str
    failures: str           # the failures file, trailing newlines dropped

    @property
    def name(self):
        return self.folder[3:]


def load_check(run, folder):
    d = os.path.join(run, folder)
    fails = os.path.join(d, 'failures')
    return Check(folder, first_line(os.path.join(d, 'result'), 'error'),
                 first_line(os.path.join(d, 'figure'), 'no result written'),
                 first_line(os.path.join(d, 'time'), '0'),
                 read_text(fails).rstrip('\n') if nonempty(fails) else '')


def check_folders(run):
    return sorted(f for f in os.listdir(run)
                  if CHECK_DIR.match(f) and os.path.isdir(os.path.join(run, f)))


def summary_header():
    return '\n%-4s %-16s %-6s %8s  %s\n%s' % ('#', 'check', 'result', 'time', 'figure', RULE)


def summary_row(n, c):
    return '%-4s %-16s %-6s %7ss  %s' % (n, c.name, c.result, c.time, c.figure)


def tap_entry(n, c):
    if c.result == 'pass':
        return f'ok {n} - {c.name}: {c.figure}\n'
    if c.result == 'skip':
        return f'ok {n} - {c.name} # SKIP {c.figure}\n'
    out = f'not ok {n} - {c.name}: {upper_ascii(c.result)}: {c.figure}\n  ---\n  failures:\n'
    for msg, cmd in failure_pairs(c.failures):
        msg, cmd = msg.replace('"', "'"), cmd.replace('"', "'")
        out += f'    - message: "{msg}"\n      reproduce: "{cmd}"\n'
    return out + '  ...\n'


def junit_case(c):
    out = f'  <testcase classname="kzfuzz.gate" name="{xml(c.folder)}" time="{c.time}">\n'
    if c.result == 'skip':
        out += f'    <skipped message="{xml(c.figure)}"/>\n'
    elif c.result != 'pass':
        el = 'failure' if c.result == 'fail' else 'error'
        body = ''.join(f'{m}\n  reproduce: {r}\n' for m, r in failure_pairs(c.failures))
        out += (f'    <{el} message="{xml(c.figure)}" type="{c.result}">'
                f'{xml(body.rstrip(chr(10)))}</{el}>\n')
    return out + f'    <system-out>{xml(c.figure)}</system-out>\n  </testcase>\n'


@dataclass
class Tally:
    n: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    total: str = '0'

    def add(self, c):
        self.n += 1
        self.total = add_time(self.total, c.time)
        if c.result == 'skip':
            self.skipped += 1
        elif c.result == 'fail':
            self.failed += 1
        elif c.result != 'pass':
            self.errors += 1


def tap_text(tally, body):
    return f'TAP version 13\n1..{tally.n}\n{body}'


def junit_text(tally, suite, cases):
    counts = (f'tests="{tally.n}" failures="{tally.failed}" errors="{tally.errors}" '
              f'skipped="{tally.skipped}" time="{tally.total}"')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<testsuites name="kzfuzz gate" {counts}>\n'
            f'<testsuite name="{xml(suite)}" {counts}>\n'
            f'{cases}</testsuite>\n</testsuites>\n')


def write_atomic(path, text):
    with open(path + '.tmp', 'w', **ENC) as f:
        f.write(text)
    os.replace(path + '.tmp', path)


def failure_lines(run, checks):
    """Every failure, with the command that reproduces it."""
    out = []
    for c in checks:
        path = os.path.join(run, c.folder, 'failures')
        if not nonempty(path):
            continue
        out.append(f'{c.name}:')
        for msg, cmd in (fields(line) for line in lines_of(read_text(path))):
            if msg:
                out += [f'  - {msg}', f'    reproduce: {cmd}']
    return out


def baseline_tables(run, say):
    """The baseline's side-by-side tables. False when one has only summary
    lines: the shell version stopped there (grep -v found nothing, and
    pipefail made that its exit status 1), and so does this one."""
    for t in BASELINE_TABLES:
        path = os.path.join(run, check_of('baseline').name, f'{t}.txt')
        if not nonempty(path):
            continue
        say(f'baseline comparison, {t} (b: baseline, c: candidate):')
        rows = [line for line in all_lines(read_text(path)) if not BASELINE_SUMMARY.match(line)]
        for line in rows:
            say(f'  {line}')
        if not rows:
            return False
    return True


def pre_existing_lines(run):
    """The fuzz check's findings the base reproduces (07-fuzz/pre-existing:
    message TAB candidate command TAB base command), which do not fail."""
    path = os.path.join(run, check_of('fuzz').name, 'pre-existing')
    if not nonempty(path):
        return []
    out = ['pre-existing (the base reproduces them; they do not fail the gate):']
    for line in lines_of(read_text(path)):
        parts = line.split('\t')
        if len(parts) == 3:
            out += [f'  - {parts[0]}', f'    reproduce: {parts[1]}',
                    f'    on the base: {parts[2]}']
    return out


def report(run, say=print):
    """Prints the reports of run and writes its files; the exit status."""
    if not os.path.isdir(run):
        print(f'gate-report: {run}: no such run folder', file=sys.stderr)
        return 2
    checks = [load_check(run, f) for f in check_folders(run)]
    if not checks:
        print(f'gate-report: {run}: no check results', file=sys.stderr)
        return 2
    tally, tap_body, cases = Tally(), '', ''
    say(summary_header())
    for c in checks:
        tally.add(c)
        say(summary_row(tally.n, c))
        tap_body += tap_entry(tally.n, c)
        cases += junit_case(c)
    say(RULE)
    refs = first_line(os.path.join(run, 'references.txt'))
    if refs:
        say(f'gate: references: {refs}')
        tap_body = f'# references: {refs}\n' + tap_body
    base = first_line(os.path.join(run, check_of('fuzz').name, 'base.txt'))
    if base:
        say(f'gate: base: {base}')
        tap_body = f'# base: {base}\n' + tap_body
    tap, junit = os.path.join(run, 'report.tap'), os.path.join(run, 'report.junit.xml')
    write_atomic(tap, tap_text(tally, tap_body))
    write_atomic(junit, junit_text(tally, os.path.basename(run.rstrip('/')), cases))
    for line in failure_lines(run, checks) + pre_existing_lines(run):
        say(line)
    if not baseline_tables(run, say):
        return 1
    bad = tally.failed + tally.errors
    verdict = f'FAIL: {tally.failed} checks failed, {tally.errors} errors' if bad else \
        'PASS: nothing new found'
    say(f'gate: {verdict} ({tally.total}s of checks; reports: {tap} {junit})')
    return 1 if bad else 0


def setup_output():
    """Line-buffered, and undecodable bytes written back as they came."""
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(errors='surrogateescape', line_buffering=True)


def main(argv):
    setup_output()
    if len(argv) < 2 or not argv[1]:
        print(f'{argv[0]}: usage: gate_report.py RUN_DIR', file=sys.stderr)
        return 1
    return report(argv[1])


if __name__ == '__main__':
    sys.exit(main(sys.argv))

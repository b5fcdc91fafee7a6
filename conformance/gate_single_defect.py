#!/usr/bin/env python3
"""The gate's regression check, second part (after fuzz/replay.py gate):
the single-defect inputs (corpus/single-defect/) against the tree under
test, and the measure of its checks.

    gate_single_defect.py DIR BDIR

Runs `gen-single-defect check` and `gen-single-defect-api check` (each
input rejected, each API case's call failed, by its check, for its
reason) and tools/coverage/checks_measure.py on their logs; appends "checks
proved: N of M reachable" to DIR/figure and a failure line per input no
longer rejected by its check, naming the check (file:line, function, text)
and the input, or per stale entry of the unreachable lists; the result
becomes fail then.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TOP, 'fuzz'))
from replay import read, run, write_then_rename   # noqa: E402
sys.path.insert(0, os.path.join(TOP, 'tools/coverage'))
import unreachable_lists   # noqa: E402

SD_DIR = 'corpus/single-defect'
MEASURE = os.path.join(TOP, 'tools/coverage/checks_measure.py')


def tree_zstd(bdir):
    tree = os.path.join(os.path.dirname(bdir), 'trees', os.path.basename(bdir))
    return os.path.join(tree, 'src/lib/zstd')


def measure(zstd, gen_logs, out):
    """checks_measure.py's exit status; its output in out. Measured with
    the unreachable lists of the tree's zstd version, not at all (a note,
    no failure) for a version that has none."""
    version = os.environ.get('KZ_ZSTD_VERSION', '')
    lists = unreachable_lists.lists(version) if version else None
    with open(out, 'w') as f:
        if not lists:
            f.write('checks: all files: checks proved: not measured for zstd %s '
                    '(no unreachable lists)\n' % (version or '?'))
            return 0
        argv = [sys.executable, MEASURE, '--zstd', version, zstd] + list(lists) + [SD_DIR] + gen_logs
        return subprocess.call(argv, stdout=f, stderr=subprocess.STDOUT)


def failures(gen_logs, measure_log):
    """One line per failing input (naming its check) or stale entry."""
    out, named = [], set()
    for line in read(measure_log).splitlines():
        m = re.match(r'checks: FAIL ([^:]+): (.*)$', line)
        if m:
            named.add(m.group(1))
            out.append('single-defect: %s: %s' % (m.group(1), m.group(2)))
        elif line.startswith('checks: ') and not re.match(r'checks: (\S+: \d+ of|all files|known | )', line):
            out.append('single-defect: ' + line[len('checks: '):])
    for gen_log in gen_logs:
        for name, why in re.findall(r'^single-defect: ([^: ]+): (FAIL .*)$', read(gen_log), re.M):
            if name not in named:
                out.append('single-defect: %s: %s' % (name, why))
    return out


def main(argv):
    if len(argv) != 2:
        print('usage: gate_single_defect.py DIR BDIR', file=sys.stderr)
        return 2
    d, bdir = argv
    logs = os.path.join(d, 'logs')
    os.makedirs(logs, exist_ok=True)
    gens = [os.path.join(bdir, 'asan/bin', g) for g in ('gen-single-defect', 'gen-single-defect-api')]
    zstd = tree_zstd(bdir)
    cmd = '; '.join('%s check %s %s' % (g, SD_DIR, zstd) for g in gens)
    gen_logs = [os.path.join(logs, os.path.basename(g)[4:] + '.log') for g in gens]
    measure_log = os.path.join(logs, 'checks.log')
    fails, figure = [], 'checks proved: none (no gen-single-defect)'
    missing = [g for g in gens if not os.access(g, os.X_OK)]
    if missing:
        fails.append('single-defect: %s not built' % ', '.join(missing))
        cmd = 'make build-asan'
    else:
        gen_rc = 0
        for g, log in zip(gens, gen_logs):
            gen_rc |= run([g, 'check', SD_DIR, zstd], log)
        m_rc = measure(zstd, gen_logs, measure_log)
        total = re.findall(r'^checks: all files: (checks proved: (?:\d+ of \d+ reachable|not measured for zstd \S+))',
                           read(measure_log), re.M)
        figure = total[-1] if total else 'checks proved: no figure (%s)' % measure_log
        fails = failures(gen_logs, measure_log)
        if (gen_rc or m_rc) and not fails:
            fails.append('single-defect: check failed (%s, %s)' % (', '.join(gen_logs), measure_log))
    with open(os.path.join(d, 'failures'), 'a') as f:
        for line in fails:
            f.write('%s\t%s\n' % (line, cmd))
    old = read(os.path.join(d, 'figure')).rstrip('\n') if os.path.isfile(
        os.path.join(d, 'figure')) else ''
    write_then_rename(os.path.join(d, 'figure'), '%s; %s\n' % (old, figure))
    result = read(os.path.join(d, 'result')).strip() if os.path.isfile(
        os.path.join(d, 'result')) else 'error'
    if fails and result in ('pass', 'error'):
        result = 'fail'
    write_then_rename(os.path.join(d, 'result'), result + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""The gate's false-alarm figure: `make gate` N times on one tree (the
unmodified default tree: every failing run is a false alarm), one run at
a time, each into its own folder (GATE_OUT=OUT/run-N: no two runs share
a `latest` link), then how many failed and for what.

    gate_calibrate.py OUT RUNS [MAKE ARGUMENT...]

Runs `$MAKE gate MAKE ARGUMENT...` (BUILD, KERNEL_SRC, SECONDS,
GATE_BASE_RULE...) RUNS times; OUT/run-N.log is each run's output,
OUT/runs.tsv one line per finished run (N, exit status, seconds, the
checks that failed or errored, the fuzz check's figure), written as each
run ends: the same OUT again goes on after the runs it has. Prints
"F of N runs failed", then for each failing run its checks and findings;
then "G of N runs would have failed with the base rule off": the failing
runs and those whose fuzz check had pre-existing findings (the base rule
excused them), derived from each run's 07-fuzz/pre-existing, not measured
by runs with GATE_BASE_RULE=0; each such run's pre-existing findings
(target, class | crash state). Exit 0 when the runs were made (whatever they found), 2 on bad arguments.
"""
import os
import re
import subprocess
import sys
import time

import gate_report

USAGE = 'usage: gate_calibrate.py OUT RUNS [MAKE ARGUMENT...]'


def run_folder(out, n):
    """The gate's run folder of run n (its latest link), or ''."""
    latest = os.path.join(out, 'run-%d' % n, 'latest')
    return os.path.realpath(latest) if os.path.isdir(latest) else ''


def outcome(run):
    """(the checks not passed as "name result", the fuzz check's figure,
    its failure messages) of one gate run folder."""
    if not run:
        return ['no run folder: error'], '', []
    checks = [gate_report.load_check(run, f) for f in gate_report.check_folders(run)]
    bad = ['%s %s' % (c.name, c.result) for c in checks if c.result not in ('pass', 'skip')]
    fuzz = [c for c in checks if c.name == 'fuzz']
    figure = fuzz[0].figure if fuzz else ''
    found = [m for m, _ in gate_report.failure_pairs(fuzz[0].failures)] if fuzz else []
    return bad, figure, found


def pre_existing(run):
    """(target, class, crash state) of each finding of the run's fuzz check
    that the base reproduced (07-fuzz/pre-existing, message TAB commands:
    "target: pre-existing: class | state (input ..., log ...): why")."""
    path = os.path.join(run, gate_report.check_of('fuzz').name, 'pre-existing') if run else ''
    if not path or not gate_report.nonempty(path):
        return []
    found = []
    for line in gate_report.lines_of(gate_report.read_text(path)):
        m = re.match(r'([^:]+): pre-existing: (.*?) \| (.*?) \(input ', line.split('\t', 1)[0])
        if m:
            found.append(m.groups())
    return found


def done_runs(tsv):
    """The runs.tsv lines by run number."""
    if not os.path.isfile(tsv):
        return {}
    rows = {}
    for line in gate_report.lines_of(gate_report.read_text(tsv)):
        parts = line.split('\t')
        if parts and parts[0].isdigit():
            rows[int(parts[0])] = parts
    return rows


def append_row(tsv, row):
    """runs.tsv with one more line (write-then-rename)."""
    old = gate_report.read_text(tsv) if os.path.isfile(tsv) else ''
    gate_report.write_atomic(tsv, old + '\t'.join(row) + '\n')


def one_run(out, n, make, args):
    """make gate once into OUT/run-N: its runs.tsv row."""
    env = dict(os.environ, GATE_OUT=os.path.join(out, 'run-%d' % n))
    t0 = time.time()
    with open(os.path.join(out, 'run-%d.log' % n), 'wb') as log:
        rc = subprocess.call(make + ['--no-print-directory', 'gate'] + args, stdout=log,
                             stderr=subprocess.STDOUT, env=env)
    run = run_folder(out, n)
    bad, figure, _ = outcome(run)
    return [str(n), str(rc), '%.0f' % (time.time() - t0), ','.join(bad) or '-',
            figure or '-', run or '-']


def rule_off_lines(made):
    """The figure with the base rule off, derived: the failing runs and
    the runs with pre-existing findings, and those findings per run."""
    pre = [(r, pre_existing(r[5] if r[5] != '-' else '')) for r in made]
    off = [(r, found) for r, found in pre if r[1] != '0' or found]
    lines = ['gate-calibrate: with the base rule off, %d of %d runs would have failed '
             '(derived from the runs\' pre-existing lists, not measured with '
             'GATE_BASE_RULE=0)' % (len(off), len(made))]
    for r, found in off:
        lines.append('  run %s: %s, %d pre-existing' % (
            r[0], 'failed' if r[1] != '0' else 'passed', len(found)))
        lines += ['    %s: %s | %s' % f for f in found]
    return lines


def summary(out, rows, runs):
    """The figure and, per failing run, its checks and findings; then the
    figure with the base rule off."""
    made = [rows[n] for n in range(1, runs + 1) if n in rows]
    failing = [r for r in made if r[1] != '0']
    lines = ['gate-calibrate: %d of %d runs failed (%s)' % (len(failing), len(made), out)]
    for r in failing:
        lines.append('  run %s: exit %s, %s: %s' % (r[0], r[1], r[3], r[4]))
        _, _, found = outcome(r[5] if r[5] != '-' else '')
        lines += ['    %s' % m for m in found]
    return lines + rule_off_lines(made)


def main(argv):
    if len(argv) < 2 or not re.fullmatch(r'[1-9][0-9]*', argv[1]):
        print(USAGE, file=sys.stderr)
        return 2
    out, runs, args = argv[0], int(argv[1]), argv[2:]
    make = (os.environ.get('MAKE') or 'make').split()
    os.makedirs(out, exist_ok=True)
    tsv = os.path.join(out, 'runs.tsv')
    rows = done_runs(tsv)
    for n in range(1, runs + 1):
        if n in rows:
            continue
        print('gate-calibrate: run %d of %d: %s gate %s' % (n, runs, ' '.join(make),
                                                            ' '.join(args)), flush=True)
        rows[n] = one_run(out, n, make, args)
        append_row(tsv, rows[n])
        print('gate-calibrate: run %d: exit %s, %ss, %s' % (n, rows[n][1], rows[n][2],
                                                           rows[n][4]), flush=True)
    for line in summary(out, rows, runs):
        print(line)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Fuzzing speed of the zstd targets against their bare builds (make fuzz-measure).

  measure.py check SECONDS RUNS OLD_BDIR TARGET...
      validates the settings (one line and exit 2 when bad), builds nothing
  measure.py run [--msan] BDIR SECONDS RUNS CORPUS_ROOT OLD_BDIR TARGET...
      the table (OLD_BDIR '' for none)

For each target and each of two corpora (CORPUS_ROOT/<target>, the committed
one, -max_len 65536; and an empty one, -max_len 4096, small inputs: the two
settings of issue 23), RUNS rounds, each running one after another, SECONDS
each:
  judged  BDIR/fuzz/fuzz/<target>          the target as it fuzzes
  bare    BDIR/fuzz/fuzz/bare/<target>         one kernel call per input (fuzz/bare.c)
  old     OLD_BDIR/fuzz/fuzz/<target>      another build of the target, when given
  msan    BDIR/fuzz-msan/fuzz/<target>     its MemorySanitizer build, with --msan
                                           (make fuzz-measure VARIANT=msan)
and prints the median exec/s of each (inputs run over wall time, corpus loads
included; a run that meets a finding starts again until its seconds are used,
each start paying its corpus load again: 'r' and the findings each run met,
e.g. '812 r4/3/5'), the ratio judged/bare and, with OLD_BDIR, judged/old, with
--msan judged/msan (how many times slower MSan fuzzes than ASan). They alternate within
a round, so that the load of a shared machine falls on them alike: compare
figures of one run only. The load average before and after is printed.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# (name, corpus, -max_len): the committed corpus and an empty one.
CORPORA = (('committed', True, 65536), ('empty', False, 4096))
KINDS = ('judged', 'bare', 'old', 'msan')
MIN_RUNS = 3


class MeasureError(Exception):
    """A setting or a binary that makes the measure impossible."""


def check_settings(seconds, runs, old=''):
    """(seconds, runs) as ints, or MeasureError naming the bad one."""
    if not re.fullmatch(r'[1-9][0-9]*', seconds):
        raise MeasureError(f'MEASURE_SECONDS={seconds}: not a positive number of seconds')
    if not re.fullmatch(r'[1-9][0-9]*', runs) or int(runs) < MIN_RUNS:
        raise MeasureError(f'MEASURE_RUNS={runs}: want a number of runs, at least {MIN_RUNS} (medians)')
    if old and not os.path.isdir(os.path.join(old, 'fuzz', 'fuzz')):
        raise MeasureError(f'MEASURE_OLD={old}: no fuzz/fuzz/ there (want the BDIR of an old build)')
    return int(seconds), int(runs)


def bare_targets():
    """The targets fuzz/bare.c has a bare build of (its FUZZ_BARE_<target> branches)."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'bare.c'),
              encoding='utf-8') as f:
        return set(re.findall(r'defined\(FUZZ_BARE_([A-Za-z0-9_]+)\)', f.read()))


def check_targets(targets):
    """MeasureError naming a target without a bare build."""
    if not targets:
        raise MeasureError('MEASURE_TARGETS is empty')
    known = bare_targets()
    for t in targets:
        if t not in known:
            raise MeasureError(f'MEASURE_TARGETS: {t}: no bare build (fuzz/bare.c knows '
                               f'{" ".join(sorted(known))})')


def binaries(bdir, old, target, msan=False):
    """{kind: path} of the builds to run for target."""
    bins = {'judged': os.path.join(bdir, 'fuzz', 'fuzz', target),
            'bare': os.path.join(bdir, 'fuzz', 'fuzz', 'bare', target)}
    if old:
        bins['old'] = os.path.join(old, 'fuzz', 'fuzz', target)
    if msan:
        bins['msan'] = os.path.join(bdir, 'fuzz-msan', 'fuzz', target)
    for kind, path in bins.items():
        if not os.access(path, os.X_OK):
            raise MeasureError(f'{path}: not built ({kind} build of {target})')
    return bins


def executed(log):
    """(inputs run, ended on a finding) from a libFuzzer log (its final stats,
    which it prints on a finding too); (None, _) when it gives none."""
    m = re.findall(r'stat::number_of_executed_units:\s*([0-9]+)', log)
    crashed = re.search(r'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|==KZFUZZ==|'
                        r'runtime error:|WARNING: MemorySanitizer:', log) is not None
    return (int(m[-1]) if m else None), crashed


def one_run(binary, seconds, corpus_src, max_len, work):
    """(exec/s, findings met: libFuzzer's restarts): inputs run over wall time, libFuzzer started
    from a fresh copy of corpus_src (None: empty) and started again after a
    finding until the seconds are used (campaigns go on past findings too:
    -fork -ignore_crashes); the corpus loads count, as in a campaign's jobs."""
    cdir = os.path.join(work, 'corpus')
    shutil.rmtree(cdir, ignore_errors=True)
    if corpus_src:
        shutil.copytree(corpus_src, cdir)
    else:
        os.makedirs(cdir)
    art = os.path.join(work, 'artifacts') + os.sep
    os.makedirs(art, exist_ok=True)
    # Allocations fail (NULL) instead of ending the run, as vmalloc does in
    # the kernel (else the known unzstd window-guard finding ends unzstd runs).
    env = dict(os.environ, ASAN_OPTIONS='allocator_may_return_null=1',
               MSAN_OPTIONS='allocator_may_return_null=1')
    units, found_n, start = 0, 0, time.monotonic()
    while time.monotonic() - start < seconds - 0.5:
        left = max(1, round(seconds - (time.monotonic() - start)))
        cmd = [binary, f'-max_total_time={left}', f'-max_len={max_len}',
               '-malloc_limit_mb=1000000', '-print_final_stats=1',
               f'-artifact_prefix={art}', cdir]
        p = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           check=False)
        n, found = executed(p.stderr.decode('utf-8', 'replace'))
        if n is None:
            return None, found_n + 1
        units += n
        found_n += found
        if not found:
            break
    return units / (time.monotonic() - start), found_n


def median(rates):
    """The median of the rates the runs gave, and the findings each run met."""
    vals = [r for r, _ in rates if r is not None]
    return (statistics.median(vals) if vals else None), [int(f) for _, f in rates]


def fmt(rate):
    value, found = rate
    if value is None:
        return '-'
    return f'{value:.0f}' + (' r' + '/'.join(map(str, found)) if any(found) else '')


def ratio(a, b):
    return f'{a[0] / b[0]:.2f}' if a[0] and b[0] else '-'


def loadavg():
    with open('/proc/loadavg', encoding='ascii') as f:
        return ' '.join(f.read().split()[:3])


def measure(bdir, seconds, runs, root, old, targets, msan=False):
    kinds = [k for k in KINDS if (k != 'old' or old) and (k != 'msan' or msan)]
    bins = {t: binaries(bdir, old, t, msan) for t in targets}
    for t in targets:
        if not os.path.isdir(os.path.join(root, t)):
            raise MeasureError(f'{root}/{t}: no corpus')
    head = ['target', 'corpus'] + [f'{k} exec/s' for k in kinds] + ['judged/bare']
    head += ['judged/old'] if old else []
    head += ['judged/msan'] if msan else []
    print(f'fuzz-measure: {runs} runs x {seconds} s, medians; load average {loadavg()}',
          flush=True)
    print(' | '.join(head), flush=True)
    with tempfile.TemporaryDirectory(prefix='kzmeasure.') as work:
        for t in targets:
            for name, committed, max_len in CORPORA:
                src = os.path.join(root, t) if committed else None
                rates = {k: [] for k in kinds}
                for i in range(runs):
                    # Alternate the order from round to round as well.
                    order = kinds if i % 2 == 0 else list(reversed(kinds))
                    for k in order:
                        rates[k].append(one_run(bins[t][k], seconds, src, max_len, work))
                med = {k: median(v) for k, v in rates.items()}
                row = [t, name] + [fmt(med[k]) for k in kinds]
                row.append(ratio(med['judged'], med['bare']))
                if old:
                    row.append(ratio(med['judged'], med['old']))
                if msan:
                    row.append(ratio(med['judged'], med['msan']))
                print(' | '.join(row), flush=True)
    print(f'fuzz-measure: load average at the end {loadavg()}; rA/B/C: findings (restarts, '
          'each with its corpus load) in each run', flush=True)


def main(argv):
    try:
        if len(argv) >= 5 and argv[1] == 'check':
            check_settings(argv[2], argv[3], argv[4])
            check_targets(argv[5:])
            return 0
        msan = argv[2:3] == ['--msan']
        if msan:
            argv = argv[:2] + argv[3:]
        if len(argv) >= 8 and argv[1] == 'run':
            bdir, secs, runs, root, old = argv[2:7]
            seconds, runs = check_settings(secs, runs, old)
            measure(bdir, seconds, runs, root, old, argv[7:], msan)
            return 0
    except MeasureError as e:
        print(f'fuzz-measure: {e}', file=sys.stderr)
        return 2
    print(__doc__.split('\n\n')[1], file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))

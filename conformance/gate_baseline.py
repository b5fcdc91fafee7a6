#!/usr/bin/env python3
"""Gate check 8: the candidate tree against the baseline tree (the tree
before the change), both built in the plain variant.

    gate_baseline.py DIR CAND_BDIR BUILD BASELINE_SRC SEEDS_DIR CAND_STACK_CSV

- frames: every golden and corpus frame (golden folders, the zstd targets'
  regression corpora and crashers, corpus/divergences, the deterministic
  seeds) that the baseline decodes, the candidate decodes to the same
  bytes (gate-frames), unless corpus/findings.txt lists the file as a
  documented errata fix;
- speed: kz-ab, both trees' zstd linked into one program, the calls
  interleaved (ABBA) on the thread's CPU-time clock: the per-stage rows
  (bench/bench_stages.c) and the levels $GATE_SPEED_LEVELS (one-shot
  compression and decompression of a 128 KiB text and binary mix). A row
  fails when the whole 95% bootstrap interval of its candidate/baseline
  speed ratio lies below SPEED_THRESHOLD percent (default -5); a row that
  stays undecided after its retries makes the check an error, never a
  pass;
- stack: gate-stack's figure per entry point and level on both trees;
  growth above GATE_STACK_GROWTH bytes (default 64) fails.
Writes DIR/{result,figure,failures}, DIR/speed.txt, DIR/stack.txt,
DIR/frames.txt (the side-by-side tables) and the raw outputs.
"""
import csv
import os
import re
import subprocess
import sys

import gate_report
from gate_report import env, last_line
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'fuzz'))
import targets  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'lib'))
import findings  # noqa: E402

USAGE = 'usage: gate_baseline.py DIR CAND_BDIR BUILD BASELINE_SRC SEEDS_DIR CAND_STACK_CSV'
# The targets whose inputs are frames (fuzz/targets.tsv's input column).
ZSTD_TARGETS = targets.names(targets.read(), input_kind='frame')


class Finish(Exception):
    """Ends the check with a result and a figure."""

    def __init__(self, result, figure):
        super().__init__(result)
        self.result, self.figure = result, figure


def run(cmd, out=None, err=None, timeout=None):
    """Runs cmd, its output to the files named; the exit status (124 on a
    timeout, as timeout(1) says)."""
    with open(out or os.devnull, 'w') as o, open(err or os.devnull, 'w') as e:
        try:
            return subprocess.run(cmd, stdout=o, stderr=e, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            return 124


def lines_in(path):
    return gate_report.lines_of(gate_report.read_text(path)) if os.path.isfile(path) else []


class Baseline:
    def __init__(self, argv):
        self.dir, self.cbdir, self.build, self.bsrc, self.seeds, self.cstack = argv
        self.make = env('MAKE', 'make')
        self.threshold = env('SPEED_THRESHOLD', '-5')
        if not re.fullmatch(r'-?[0-9]+(\.[0-9]+)?', self.threshold):
            print(f'gate-baseline: SPEED_THRESHOLD={self.threshold}: not a percentage',
                  file=sys.stderr)
            sys.exit(2)
        self.growth = int(env('GATE_STACK_GROWTH', '64'))
        self.levels = env('GATE_SPEED_LEVELS', ' '.join(['-5', '-1'] + [str(i) for i in range(1, 20)])).split()
        self.tmo = int(env('GATE_CHECK_TIMEOUT', '600'))
        self.failures = os.path.join(self.dir, 'failures')
        open(self.failures, 'a').close()
        self.errors = 0
        self.fails = []

    def path(self, name):
        return os.path.join(self.dir, name)

    def fail(self, msg, cmd):
        with open(self.failures, 'a') as f:
            f.write(f'{msg}\t{cmd}\n')

    def where(self, src):
        """gate-where's line for a tree: (bdir, the whole output)."""
        p = subprocess.run([self.make, '-s', '--no-print-directory', f'BUILD={self.build}',
                            f'KERNEL_SRC={src}', 'gate-where'],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        m = re.search(r'^gate-where: bdir=(\S+)', p.stdout, re.M)
        return (m.group(1) if m else ''), p.stdout

    def build_baseline(self):
        bbdir, loc = self.where(self.bsrc)
        if not bbdir:
            tail = loc.rstrip('\n').split('\n')[-1]
            self.fail(f'BASELINE_SRC={self.bsrc} cannot be staged: {tail}',
                      f'{self.make} BUILD={self.build} KERNEL_SRC={self.bsrc} gate-where')
            raise Finish('error', 'BASELINE_SRC cannot be staged')
        if bbdir == self.cbdir:
            self.fail('BASELINE_SRC is the tree under test', '-')
            raise Finish('error', 'BASELINE_SRC is the tree under test')
        cmd = [self.make, f'-j{env("GATE_JOBS", "2")}', '--no-print-directory',
               f'BUILD={self.build}', f'KERNEL_SRC={self.bsrc}', 'gate-build-plain']
        log = self.path('build-baseline.log')
        if run(cmd, out=log, err=log) != 0:
            self.fail(f'the baseline tree does not build (log {log})',
                      f'{self.make} BUILD={self.build} KERNEL_SRC={self.bsrc} gate-build-plain')
            raise Finish('error', 'the baseline tree does not build')
        self.cb = os.path.join(self.cbdir, 'plain/bin')
        self.bb = os.path.join(bbdir, 'plain/bin')
        for prog in ('gate-frames', 'gate-stack'):
            for b in (self.cb, self.bb):
                p = os.path.join(b, prog)
                if not os.access(p, os.X_OK):
                    self.fail(f'not built: {p}', f'{self.make} BUILD={self.build} gate-build-plain')
                    raise Finish('error', f'not built: {p}')

    def frame_inputs(self):
        dirs = sorted(d for d in os.listdir('conformance') if d.startswith('golden'))
        dirs = [f'conformance/{d}' for d in dirs]
        if os.path.isdir('corpus'):
            dirs += sorted(f'corpus/{d}' for d in os.listdir('corpus') if d.startswith('golden'))
        dirs.append('corpus/divergences')
        # Every version's crashers: both trees decode the same files.
        crashers = findings.crashers(findings.load(zstd=''))
        for t in ZSTD_TARGETS:
            dirs.append(f'corpus/regression/{t}')
            dirs += [f for f, ct, _ in crashers if ct == t]
            dirs.append(f'{self.seeds}/{t}')
        return [d for d in dirs if os.path.exists(d)]

    def decode_all(self, side, b, inputs):
        """gate-frames over every input: {path: row} and the exit status."""
        tsv = self.path(f'frames.{side}.tsv')
        rc = run([os.path.join(b, 'gate-frames')] + inputs, out=tsv,
                 err=self.path(f'frames.{side}.err'), timeout=self.tmo)
        rows = {}
        for line in lines_in(tsv):
            rows[line.split('\t')[0]] = line
        return rows, rc, tsv

    def frames(self):
        inputs = self.frame_inputs()
        base, rcb, btsv = self.decode_all('baseline', self.bb, inputs)
        cand, rcc, ctsv = self.decode_all('candidate', self.cb, inputs)
        cmd_b = ' '.join([os.path.join(self.bb, 'gate-frames')] + inputs)
        cmd_c = ' '.join([os.path.join(self.cb, 'gate-frames')] + inputs)
        if rcb != 0:
            self.errors += 1
            self.fail(f"the baseline's gate-frames stopped with status {rcb} after "
                      f'{len(lines_in(btsv))} files', cmd_b)
        if rcc != 0:
            self.fails.append('frames')
            last = last_line(ctsv).split('\t')[0]
            self.fail(f"the candidate's gate-frames stopped with status {rcc} (crash?) after "
                      f'{len(lines_in(ctsv))} files, last: {last}', cmd_c)
        table, n, ndiff, nerrata = frame_table(base, cand, self.errata_paths())
        gate_report.write_atomic(self.path('frames.txt'), '\n'.join(table) + '\n')
        for row in sorted(r for r in table if r.startswith('differs\t')):
            _, p, what = row.split('\t', 2)
            self.fail(f'frame {p}: {what}',
                      f'diff <({self.bb}/gate-frames {p}) <({self.cb}/gate-frames {p})')
        if ndiff:
            self.fails.append('frames')
        fig = f'{n} frames the baseline decodes: {ndiff} decode differently'
        return fig + (f', {nerrata} errata fixes' if nerrata else '')

    def errata_paths(self):
        """The registry's errata entries: the frames' paths."""
        p = subprocess.run([sys.executable, 'lib/findings.py', 'select', 'errata', 'signature',
                            'justification'], stdout=subprocess.PIPE, text=True)
        if p.returncode != 0:
            print('gate-baseline: corpus/findings.txt: cannot read the registry', file=sys.stderr)
            sys.exit(2)
        gate_report.write_atomic(self.path('errata.tsv'), p.stdout)
        return {line.split('\t')[0] for line in gate_report.lines_of(p.stdout)}

    def speed(self):
        ctree = os.path.join(self.build, 'trees', os.path.basename(self.cbdir))
        ab_log, ab_err = self.path('build-ab.log'), self.path('build-ab.err')
        ab_cmd = ['bench/ab-build.sh', self.build, self.cbdir, self.bsrc, ab_log]
        ab_out = self.path('build-ab.out')
        if run(ab_cmd, out=ab_out, err=ab_err) != 0:
            self.errors += 1
            self.fail(gate_report.read_text(ab_err).rstrip('\n'), ' '.join(ab_cmd))
            return 'speed: not measured'
        ab = last_line(ab_out)
        data = self.path('speed-data')
        data_log = self.path('speed-data.log')
        if run(['bench/bench-corpus.sh', os.path.join(ctree, 'src'),
                os.path.join(self.cbdir, 'plain/kzstd.o'), data, '131072'],
               out=data_log, err=data_log) != 0:
            self.errors += 1
            self.fail(f'the speed data cannot be made: {last_line(data_log)}', 'bench/bench-corpus.sh')
            return 'speed: not measured'
        speed_csv = self.path('speed.csv')
        cmd = [ab, '-B', '-g', '-t', self.threshold, '-l', ','.join(self.levels),
               '-m', 'oneshot,decompress', '-T', 'candidate-vs-baseline', '-o', speed_csv,
               f'mixed={data}/pages']
        rc = run(cmd, out=self.path('speed.txt'), err=self.path('speed.err'), timeout=self.tmo)
        verdicts = ''
        for line in lines_in(self.path('speed.txt')):
            m = re.match(r'kz-bench: verdicts at [^:]*: (.*)', line)
            if m:
                verdicts = m.group(1)
        cmd_s = ' '.join(cmd)
        if rc != 0 or not verdicts:
            self.errors += 1
            self.fail(f'kz-ab stopped with status {rc}: {last_line(self.path("speed.err"))}', cmd_s)
            return 'speed: not measured'
        self.speed_rows(speed_csv, cmd_s)
        return f'speed rows: {verdicts}'

    def speed_rows(self, speed_csv, cmd):
        """Rows whose whole 95% interval lies below the threshold fail; an
        undecided row is an error."""
        failed, undecided = speed_verdicts(speed_csv)
        for r in failed:
            self.fails.append('speed')
            self.fail(f'speed: {r["dataset"]} {r["mode"]} level {r["level"]}: '
                      f'candidate/baseline {r["kernel_over_ref"]}, 95% interval '
                      f'[{r["ratio_ci_lo"]}, {r["ratio_ci_hi"]}], below {self.threshold}%', cmd)
        if undecided:
            self.errors += 1
            names = ', '.join(f'{r["dataset"]} {r["mode"]} {r["level"]}' for r in undecided)
            self.fail(f'speed: inconclusive rows (interval across {self.threshold}%, or '
                      f'interquartile range above 2% after the retries): {names}', cmd)

    def stack_of(self, b, csv_path, log):
        return run([os.path.join(b, 'gate-stack'), '--csv', csv_path], out=log, err=log,
                   timeout=self.tmo)

    def stack(self):
        bstack = self.path('stack.baseline.csv')
        rc = self.stack_of(self.bb, bstack, self.path('stack.baseline.log'))
        if rc > 1 or not gate_report.nonempty(bstack):
            self.errors += 1
            self.fail(f"the baseline's gate-stack failed (status {rc}): "
                      f'{last_line(self.path("stack.baseline.log"))}',
                      f'{self.bb}/gate-stack --csv {bstack}')
        cstack = self.cstack
        if not gate_report.nonempty(cstack):
            cstack = self.path('stack.candidate.csv')
            self.stack_of(self.cb, cstack, self.path('stack.candidate.log'))
        if not (gate_report.nonempty(bstack) and gate_report.nonempty(cstack)):
            return 'stack: not compared'
        return self.stack_compare(read_stack(bstack), read_stack(cstack))

    def stack_compare(self, base, cand):
        table, grows, worst = stack_table(base, cand, self.growth)
        gate_report.write_atomic(self.path('stack.txt'), '\n'.join(table) + '\n')
        for entry, level, b, c in grows:
            self.fails.append('stack')
            self.fail(f'stack of {entry} at level {level} grows from {b} to {c} bytes '
                      f'(+{c - b}, above {self.growth})',
                      f'{self.bb}/gate-stack --csv /tmp/base.csv; {self.cb}/gate-stack --csv /tmp/cand.csv')
        return f'stack growth at most {worst} B'

    def main(self):
        self.build_baseline()
        figure = '; '.join([self.frames(), self.speed(), self.stack()])
        if self.fails:
            raise Finish('fail', figure)
        if self.errors:
            raise Finish('error', figure)
        raise Finish('pass', figure)


def frame_table(base, cand, errata):
    """The frames the baseline decodes ("ok") that the candidate decodes
    otherwise: the table's lines (errata, differs, summary) and the counts
    (frames, differing, errata fixes). Rows are gate-frames' lines: path,
    status, bytes, sha256."""
    n = ndiff = nerrata = 0
    table = []
    for p, row in base.items():
        if row.split('\t')[1:2] != ['ok']:
            continue
        n += 1
        if cand.get(p) == row:
            continue
        if p in errata:
            nerrata += 1
            table.append(f'errata\t{p}')
            continue
        ndiff += 1
        b = row.split('\t') + ['-'] * 4
        c = (cand.get(p) or f'{p}\tmissing\t-\t-').split('\t') + ['-'] * 4
        table.append(f'differs\t{p}\tbaseline {b[2]} bytes sha256 {b[3][:16]}..., '
                     f'candidate {c[1]} {c[2]} {c[3][:16]}')
    table.append(f'summary\t{n}\t{ndiff}\t{nerrata}')
    return table, n, ndiff, nerrata


def stack_table(base, cand, growth):
    """The deepest figure per entry on each side (over the (entry, level)
    pairs both measured), each pair that grew by more than growth bytes,
    and the worst growth: (table lines, [(entry, level, base, cand)], worst)."""
    bm, cm, worst, grows = {}, {}, 0, []
    for (entry, level), c in cand.items():
        cm.setdefault(entry, 0)
        if (entry, level) not in base:
            continue
        b = base[(entry, level)]
        cm[entry] = max(cm[entry], c)
        bm[entry] = max(bm.get(entry, 0), b)
        if c - b > growth:
            grows.append((entry, level, b, c))
        worst = max(worst, c - b)
    out = ['%-24s %10s %10s %7s  (deepest over levels, bytes)' %
           ('entry', 'baseline', 'candidate', 'delta')]
    for e in sorted(cm):
        out.append('%-24s %10d %10d %+7d' % (e, bm.get(e, 0), cm[e], cm[e] - bm.get(e, 0)))
    out.append(f'worst\t{worst}')
    return out, grows, worst


def speed_verdicts(path):
    """kz-ab's CSV (bench/bench_output.c names the columns): the rows
    whose verdict is FAIL, and the inconclusive ones."""
    with open(path, newline='') as f:
        rows = list(csv.DictReader(f))
    return ([r for r in rows if r.get('verdict') == 'FAIL'],
            [r for r in rows if r.get('verdict') == 'inconclusive'])


def read_stack(path):
    """gate-stack's CSV (entry, level, bytes, ...): {(entry, level): bytes}."""
    with open(path, newline='') as f:
        rows = list(csv.reader(f))[1:]
    return {(r[0], r[1]): int(r[2]) for r in rows if len(r) >= 3}


def main(argv):
    if len(argv) != 7:
        print(USAGE, file=sys.stderr)
        return 2
    b = Baseline(argv[1:])
    try:
        b.main()
    except Finish as f:
        gate_report.write_atomic(b.path('figure'), f.figure + '\n')
        gate_report.write_atomic(b.path('result'), f.result + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

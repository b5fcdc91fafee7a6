#!/usr/bin/env python3
"""Unit tests of make fuzz-measure's script (fuzz/measure.py): bad settings
are refused in one line before anything runs, a libFuzzer log gives the
inputs it ran and whether it met a finding (then it starts again, marked),
medians and ratios, and a run with fake fuzzers prints one row per target
and corpus with judged/bare and judged/old.

    python3 tests/test_measure.py
"""
import contextlib
import io
import os
import stat
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
MEASURE = os.path.join(TOP, 'fuzz', 'measure.py')
sys.path.insert(0, os.path.join(TOP, 'fuzz'))
import measure                      # noqa: E402

# A fake libFuzzer binary: runs -max_total_time seconds at the rate it is
# given, then prints its final stats; with a finding (crash=1) it stops at once.
FAKE = """#!/bin/sh
secs=1
for a in "$@"; do case $a in -max_total_time=*) secs=${{a#*=}};; esac; done
if [ {crash} = 1 ]; then
	echo "==KZFUZZ== oracle:mismatch t: x" >&2
	echo "stat::number_of_executed_units: 5" >&2
	exit 1
fi
sleep "$secs"
echo "stat::number_of_executed_units: $(({rate} * secs))" >&2
"""


def run(*args):
    p = subprocess.run([sys.executable, MEASURE, *args], capture_output=True, text=True,
                       check=False)
    return p.returncode, p.stdout, p.stderr


class Settings(unittest.TestCase):
    def test_refused(self):
        for args, word in ((('20', '2', '', 't'), 'MEASURE_RUNS=2'),
                           (('0', '3', '', 't'), 'MEASURE_SECONDS=0'),
                           (('x', '3', '', 't'), 'MEASURE_SECONDS=x'),
                           (('5', '3', '/nonexistent', 't'), 'MEASURE_OLD=/nonexistent'),
                           (('5', '3', '', 'frame_header'), 'frame_header: no bare build'),
                           (('5', '3', ''), 'MEASURE_TARGETS is empty')):
            rc, out, err = run('check', *args)
            self.assertEqual(rc, 2, args)
            self.assertEqual(len(err.strip().split('\n')), 1, err)
            self.assertIn(word, err)

    def test_accepted(self):
        self.assertEqual(run('check', '5', '3', '', 'decompress_oneshot', 'compress_stream')[0], 0)
        self.assertEqual(measure.bare_targets(), {'decompress_oneshot', 'decompress_stream',
                                                  'compress_oneshot', 'compress_stream'})


class Parse(unittest.TestCase):
    def test_final_stats(self):
        self.assertEqual(measure.executed('#9 exec/s: 10\nstat::number_of_executed_units: 42\n'),
                         (42, False))

    def test_finding(self):
        log = '==1== ERROR: AddressSanitizer: x\nstat::number_of_executed_units: 12\n'
        self.assertEqual(measure.executed(log), (12, True))
        self.assertEqual(measure.executed('x: runtime error: y\n')[1], True)
        self.assertEqual(measure.executed('garbage')[0], None)

    def test_median_and_ratio(self):
        med = measure.median([(1, 0), (9, 0), (3, 2)])
        self.assertEqual(med, (3, [0, 0, 2]))
        self.assertEqual(measure.fmt(med), '3 r0/0/2')
        self.assertEqual(measure.fmt(measure.median([(1, 0), (2, 0), (3, 0)])), '2')
        self.assertEqual(measure.ratio((3, False), (6, False)), '0.50')
        self.assertEqual(measure.ratio((None, False), (6, False)), '-')


class Table(unittest.TestCase):
    def fake(self, path, rate, crash=0):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(FAKE.format(rate=rate, crash=crash))
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)

    def test_rows(self):
        rates = {'judged': 300, 'bare': 600, 'old': 60}
        calls = []

        def fake_run(binary, seconds, src, max_len, work):
            calls.append((os.path.basename(os.path.dirname(binary)), src is None, max_len))
            kind = 'bare' if '/bare/' in binary else 'old' if '/old/' in binary else 'judged'
            return rates[kind], 2 if kind == 'old' else 0

        with tempfile.TemporaryDirectory() as d:
            new, old, corpus = (os.path.join(d, x) for x in ('new', 'old', 'corpus'))
            self.fake(os.path.join(new, 'fuzz', 'fuzz', 't'), 1)
            self.fake(os.path.join(new, 'fuzz', 'fuzz', 'bare', 't'), 1)
            self.fake(os.path.join(old, 'fuzz', 'fuzz', 't'), 1)
            os.makedirs(os.path.join(corpus, 't'))
            saved, measure.one_run = measure.one_run, fake_run
            try:
                with contextlib.redirect_stdout(io.StringIO()) as out:
                    measure.measure(new, 1, 3, corpus, old, ['t'])
            finally:
                measure.one_run = saved
        rows = [line for line in out.getvalue().split('\n') if line.startswith('t |')]
        self.assertEqual(rows, ['t | committed | 300 | 600 | 60 r2/2/2 | 0.50 | 5.00',
                                't | empty | 300 | 600 | 60 r2/2/2 | 0.50 | 5.00'])
        # 3 rounds of the three builds per corpus: committed (65536), then empty (4096).
        self.assertEqual(len(calls), 18)
        self.assertEqual({c[1:] for c in calls[:9]}, {(False, 65536)})
        self.assertEqual({c[1:] for c in calls[9:]}, {(True, 4096)})

    def test_msan_column(self):
        """--msan: the fuzz-msan build alternates with the others; judged/msan."""
        rates = {'judged': 300, 'bare': 600, 'msan': 100}

        def fake_run(binary, seconds, src, max_len, work):
            kind = 'bare' if '/bare/' in binary else 'msan' if '/fuzz-msan/' in binary else 'judged'
            return rates[kind], 0

        with tempfile.TemporaryDirectory() as d:
            corpus = os.path.join(d, 'corpus')
            for b in ('fuzz/fuzz/t', 'fuzz/fuzz/bare/t', 'fuzz-msan/fuzz/t'):
                self.fake(os.path.join(d, b), 1)
            os.makedirs(os.path.join(corpus, 't'))
            saved, measure.one_run = measure.one_run, fake_run
            try:
                with contextlib.redirect_stdout(io.StringIO()) as out:
                    measure.measure(d, 1, 3, corpus, '', ['t'], msan=True)
            finally:
                measure.one_run = saved
            os.remove(os.path.join(d, 'fuzz-msan/fuzz/t'))
            rc, _, err = run('run', '--msan', d, '1', '3', corpus, '', 't')
        rows = [line for line in out.getvalue().split('\n') if line.startswith('t |')]
        self.assertEqual(rows, ['t | committed | 300 | 600 | 100 | 0.50 | 3.00',
                                't | empty | 300 | 600 | 100 | 0.50 | 3.00'])
        self.assertEqual(rc, 2)
        self.assertIn('not built (msan build of t)', err)
        self.assertTrue(measure.executed('==1==WARNING: MemorySanitizer: use-of-uninit')[1])

    def test_one_run_rate(self):
        with tempfile.TemporaryDirectory() as d:
            self.fake(os.path.join(d, 'f'), 300)
            rate, found = measure.one_run(os.path.join(d, 'f'), 1, None, 4096, d)
        self.assertAlmostEqual(rate, 300, delta=60)
        self.assertEqual(found, 0)

    def test_finding_restarts_and_marks(self):
        with tempfile.TemporaryDirectory() as d:
            self.fake(os.path.join(d, 'f'), 1, crash=1)
            rate, found = measure.one_run(os.path.join(d, 'f'), 1, None, 4096, d)
        # Started again and again for 1 s: more than one finding's worth of inputs,
        # each start counted.
        self.assertGreater(found, 1)
        self.assertGreater(rate, 5)

    def test_unbuilt(self):
        with tempfile.TemporaryDirectory() as d:
            self.fake(os.path.join(d, 'fuzz', 'fuzz', 't'), 1)
            os.makedirs(os.path.join(d, 'c', 't'))
            rc, _, err = run('run', d, '1', '3', os.path.join(d, 'c'), '', 't')
            self.assertEqual(rc, 2)
            self.assertIn('not built (bare build of t)', err)


if __name__ == '__main__':
    unittest.main()

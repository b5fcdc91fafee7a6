#!/usr/bin/env python3
"""Unit tests of make gate-calibrate (conformance/gate_calibrate.py): a
stand-in make writes gate run folders (the second run failing its fuzz
check, the third with pre-existing findings); the figure, the rule-off
figure derived from the pre-existing lists, each run's own folder and the
resumption are checked."""
import contextlib
import io
import os
import stat
import subprocess
import sys
import tempfile
import unittest

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
sys.path.insert(0, os.path.join(TOP, 'conformance'))
import gate_calibrate  # noqa: E402

# A stand-in for `make gate`: a run folder under $GATE_OUT with its latest
# link; the run numbered by a counter file; the second one fails check 7,
# the third passes with two findings the base reproduced (pre-existing).
FAKE_MAKE = r'''#!/bin/sh
n=$(($(cat "$COUNTER" 2>/dev/null || echo 0) + 1))
echo $n >"$COUNTER"
echo "$*" >>"$COUNTER.args"
run=$GATE_OUT/2026-run$n
mkdir -p "$run/00-build" "$run/07-fuzz" "$run/08-baseline"
echo pass >"$run/00-build/result"
echo skip >"$run/08-baseline/result"
ln -sfn "2026-run$n" "$GATE_OUT/latest"
if [ $n -eq 2 ]; then
	echo fail >"$run/07-fuzz/result"
	echo '9 targets x 60s: 5 execs, 1 known findings, 0 pre-existing, 1 new' >"$run/07-fuzz/figure"
	printf 'unzstd: new finding: oracle:x | y\tmake repro\n' >"$run/07-fuzz/failures"
	exit 2
fi
if [ $n -eq 3 ]; then
	printf 'unzstd: pre-existing: oracle:x | a > b (1.5.7; ok) > frame 0 (input /i, log /l): the base reproduces it: oracle:x | a > b (1.5.7; ok) > frame 0\tmake repro\tmake base repro\n' >"$run/07-fuzz/pre-existing"
	printf 'decompress_stream: pre-existing: oracle:y | c > block 1 (input /j, log /m): why\tmake repro\tmake base repro\n' >>"$run/07-fuzz/pre-existing"
fi
echo pass >"$run/07-fuzz/result"
echo '9 targets x 60s: 5 execs, 1 known findings, 2 pre-existing, 0 new' >"$run/07-fuzz/figure"
'''


class Calibrate(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = os.path.join(self.tmp.name, 'cal')
        self.make = os.path.join(self.tmp.name, 'make')
        with open(self.make, 'w') as f:
            f.write(FAKE_MAKE)
        os.chmod(self.make, os.stat(self.make).st_mode | stat.S_IXUSR)
        self.env = dict(MAKE=self.make, COUNTER=os.path.join(self.tmp.name, 'n'))

    def tearDown(self):
        self.tmp.cleanup()

    def calibrate(self, runs):
        old = dict(os.environ)
        os.environ.update(self.env)
        try:
            with contextlib.redirect_stdout(io.StringIO()) as out:
                rc = gate_calibrate.main([self.out, str(runs), 'SECONDS=60',
                                          'GATE_BASE_RULE=0'])
        finally:
            os.environ.clear()
            os.environ.update(old)
        return rc, out.getvalue().splitlines()

    def test_three_runs_one_failing(self):
        rc, lines = self.calibrate(3)
        self.assertEqual(rc, 0)
        i = lines.index('gate-calibrate: 1 of 3 runs failed (%s)' % self.out)
        self.assertEqual(lines[i + 1], '  run 2: exit 2, fuzz fail: 9 targets x 60s: 5 execs, '
                         '1 known findings, 0 pre-existing, 1 new')
        self.assertEqual(lines[i + 2], '    unzstd: new finding: oracle:x | y')
        # Rule off, derived: run 2 (failed) and run 3 (pre-existing findings).
        self.assertEqual(lines[i + 3], 'gate-calibrate: with the base rule off, 2 of 3 runs '
                         'would have failed (derived from the runs\' pre-existing lists, '
                         'not measured with GATE_BASE_RULE=0)')
        self.assertEqual(lines[i + 4:], [
            '  run 2: failed, 0 pre-existing',
            '  run 3: passed, 2 pre-existing',
            '    unzstd: oracle:x | a > b (1.5.7; ok) > frame 0',
            '    decompress_stream: oracle:y | c > block 1'])
        # Each run in its own folder, with the arguments given.
        for n in (1, 2, 3):
            self.assertTrue(os.path.isdir(os.path.join(self.out, 'run-%d' % n, 'latest')))
        with open(self.env['COUNTER'] + '.args') as f:
            self.assertEqual(f.read().splitlines()[0],
                             '--no-print-directory gate SECONDS=60 GATE_BASE_RULE=0')

    def test_the_same_folder_goes_on(self):
        self.calibrate(2)
        rc, lines = self.calibrate(3)
        with open(self.env['COUNTER']) as f:
            self.assertEqual(f.read().strip(), '3')
        self.assertIn('gate-calibrate: 1 of 3 runs failed (%s)' % self.out, lines)
        with open(os.path.join(self.out, 'runs.tsv')) as f:
            self.assertEqual([r.split('\t')[:2] for r in f.read().splitlines()],
                             [['1', '0'], ['2', '2'], ['3', '0']])

    def test_no_failure(self):
        with open(self.env['COUNTER'], 'w') as f:
            f.write('3\n')
        rc, lines = self.calibrate(1)
        self.assertEqual(lines[-2:], ['gate-calibrate: 0 of 1 runs failed (%s)' % self.out,
                                      'gate-calibrate: with the base rule off, 0 of 1 runs '
                                      'would have failed (derived from the runs\' '
                                      'pre-existing lists, not measured with GATE_BASE_RULE=0)'])

    def test_bad_runs(self):
        p = subprocess.run([sys.executable, os.path.join(TOP, 'conformance/gate_calibrate.py'),
                            self.out, '0'], stderr=subprocess.PIPE, universal_newlines=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn('usage', p.stderr)


if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""Unit tests of gate check 8's comparisons (conformance/gate_baseline.py):
which frames differ, which stack figures grew, which speed rows fail."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'conformance'))
import gate_baseline as gb  # noqa: E402


class Frames(unittest.TestCase):
    base = {'a': 'a\tok\t10\t' + '1' * 64, 'b': 'b\tok\t5\t' + '2' * 64,
            'c': 'c\terror\t-\t-', 'd': 'd\tok\t7\t' + '3' * 64}

    def test_same_bytes_pass(self):
        table, n, ndiff, nerrata = gb.frame_table(self.base, dict(self.base), set())
        self.assertEqual((n, ndiff, nerrata, table), (3, 0, 0, ['summary\t3\t0\t0']))

    def test_other_bytes_and_missing_differ(self):
        cand = dict(self.base, a='a\tok\t11\t' + '9' * 64)
        del cand['b']
        table, n, ndiff, _ = gb.frame_table(self.base, cand, set())
        self.assertEqual((n, ndiff), (3, 2))
        self.assertIn('differs\ta\tbaseline 10 bytes sha256 1111111111111111..., '
                      'candidate ok 11 9999999999999999', table)
        self.assertIn('differs\tb\tbaseline 5 bytes sha256 2222222222222222..., '
                      'candidate missing - -', table)

    def test_errata_fix_is_counted_not_failed(self):
        cand = dict(self.base, d='d\terror\t-\t-')
        table, _, ndiff, nerrata = gb.frame_table(self.base, cand, {'d'})
        self.assertEqual((ndiff, nerrata), (0, 1))
        self.assertIn('errata\td', table)

    def test_frames_the_baseline_fails_are_not_compared(self):
        cand = dict(self.base, c='c\tok\t1\t' + '4' * 64)
        self.assertEqual(gb.frame_table(self.base, cand, set())[2], 0)


class Stack(unittest.TestCase):
    def test_growth_over_the_allowance_fails(self):
        base = {('dctx', '1'): 1000, ('dctx', '3'): 1200, ('cctx', '1'): 5000}
        cand = {('dctx', '1'): 1064, ('dctx', '3'): 1265, ('cctx', '1'): 4000, ('new', '1'): 9}
        table, grows, worst = gb.stack_table(base, cand, 64)
        self.assertEqual(grows, [('dctx', '3', 1200, 1265)])
        self.assertEqual(worst, 65)
        self.assertIn('dctx                           1200       1265     +65', table)
        self.assertIn('new                               0          0      +0', table)

    def test_read_stack_skips_the_header(self):
        with tempfile.NamedTemporaryFile('w', suffix='.csv', delete=False) as f:
            f.write('entry,level,bytes\nzstd_decompress_dctx,1,4321\n')
        try:
            self.assertEqual(gb.read_stack(f.name), {('zstd_decompress_dctx', '1'): 4321})
        finally:
            os.unlink(f.name)


class Speed(unittest.TestCase):
    def test_fail_and_inconclusive_rows(self):
        def row(mode, verdict):
            return f'candidate-vs-baseline,mixed,{mode},3,{verdict}'
        with tempfile.NamedTemporaryFile('w', suffix='.csv', delete=False) as f:
            f.write('\n'.join(['tree,dataset,mode,level,verdict', row('a', 'PASS'),
                               row('b', 'FAIL'), row('c', 'inconclusive'), 'short']) + '\n')
        try:
            failed, undecided = gb.speed_verdicts(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual([r['mode'] for r in failed], ['b'])
        self.assertEqual([r['mode'] for r in undecided], ['c'])


if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""Unit tests of the per-target input limit (the max_len column of
fuzz/targets.tsv, read by fuzz/max_len.py; its format is
tests/test_targets.py's): every target has one, and that the campaign hands it to libFuzzer (fuzzing and merges)
and, up to AFL++'s own limit, to AFL++, and the gate's fuzz check
(conformance/gate_fuzz.py) to libFuzzer.

    python3 tests/test_max_len.py
"""
import os
import re
import shutil
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
sys.path.insert(0, os.path.join(TOP, 'fuzz'))
import campaign                     # noqa: E402
import max_len                      # noqa: E402
sys.path.insert(0, os.path.join(TOP, 'conformance'))
import gate_fuzz                    # noqa: E402


def all_targets():
    """Every fuzz/<name>.c that defines LLVMFuzzerTestOneInput, but
    fuzz/bare.c: the bare builds of other targets (FUZZ_BARE_<target>)."""
    names = set()
    for f in os.listdir(os.path.join(TOP, 'fuzz')):
        if f.endswith('.c'):
            with open(os.path.join(TOP, 'fuzz', f), encoding='utf-8') as fh:
                text = fh.read()
                if 'FUZZ_BARE_' in text:
                    continue
                if re.search(r'^int LLVMFuzzerTestOneInput\([^;]*\)\s*\{', text, re.M):
                    names.add(f[:-2])
    return names


class Table(unittest.TestCase):
    def test_every_target_has_one(self):
        table = max_len.read_table()
        targets = all_targets()
        self.assertIn('decompress_oneshot', targets)
        self.assertEqual(sorted(t for t in targets if t not in table), [])

    def test_decompressors_take_several_mib(self):
        table = max_len.read_table()
        for t in ('decompress_oneshot', 'decompress_stream', 'unzstd'):
            self.assertGreaterEqual(table[t], 4 << 20, t)

    def test_missing_target(self):
        with self.assertRaises(max_len.MaxLenError) as e:
            max_len.max_len('nope', {'a': 1})
        self.assertIn('nope: no max_len', str(e.exception))


class CampaignArgs(unittest.TestCase):
    def argv_of(self, engine):
        args = ['-e', engine, '-b', 'B', '-T', 'T', '-w', 'W', '-f', 'F', '-k', 'K',
                '-s', '20', '-j', '2', 'unzstd']
        camp = campaign.Campaign(campaign.parse_args(args)[0], ['unzstd'])
        camp.max_len = {'unzstd': 4 << 20}
        runs = []
        camp.start = lambda argv, out=None, env=None: runs.append(argv)
        camp.run_group = lambda argv, out=None, env=None: runs.append(argv)
        return camp, runs

    def test_libfuzzer_fuzzes_and_merges_with_it(self):
        camp, runs = self.argv_of('libfuzzer')
        camp.start_fuzzers('unzstd', 'W/unzstd', None)
        camp.lf_merge('unzstd', tempfile.mkdtemp(), [])
        self.assertEqual(len(runs), 2)
        for argv in runs:
            self.assertIn(f'-max_len={4 << 20}', argv)

    def test_afl_gets_it_up_to_its_own_limit(self):
        camp, runs = self.argv_of('afl')
        camp.start_fuzzers('unzstd', 'W/unzstd', None)
        self.assertEqual(len(runs), 2)
        for argv in runs:
            self.assertEqual(argv[argv.index('-G') + 1], str(campaign.AFL_MAX_FILE))


class GateFuzzArgs(unittest.TestCase):
    def test_each_target_fuzzes_with_its_own(self):
        """A stand-in libFuzzer binary records its arguments; gate_fuzz.py
        runs it once per target over its starting corpus."""
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        targets = ['spec_frames', 'decompress_oneshot']
        for t in targets:
            os.makedirs(os.path.join(d, 'b', 'fuzz', 'fuzz'), exist_ok=True)
            path = os.path.join(d, 'b', 'fuzz', 'fuzz', t)
            with open(path, 'w') as f:
                f.write('#!/bin/sh\necho "$@" >%s/%s.argv\n' % (d, t))
            os.chmod(path, 0o755)
        os.makedirs(os.path.join(d, 'run'))
        old = os.environ.get('GATE_FUZZ_RUNS')
        os.environ['GATE_FUZZ_RUNS'] = '0'
        try:
            gate_fuzz.Gate([os.path.join(d, 'run'), os.path.join(d, 'b'), '5', '1', '1',
                            os.path.join(d, 'seeds'), '', *targets]).run()
        finally:
            if old is None:
                del os.environ['GATE_FUZZ_RUNS']
            else:
                os.environ['GATE_FUZZ_RUNS'] = old
        table = max_len.read_table()
        for t in targets:
            with open(os.path.join(d, t + '.argv')) as f:
                self.assertIn('-max_len=%d' % table[t], f.read().split(), t)

    def test_a_target_without_one_is_refused(self):
        with self.assertRaises(max_len.MaxLenError):
            gate_fuzz.Gate(['D', 'B', '5', '1', '1', 'S', '', 'no_such_target'])


if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""ci/oss-fuzz/build.py's seed triage on a fake fuzzer, without a build:
the seeds it fails on are found by bisection and left out when the
registry knows the failure; an unknown failure stops the build. make
test-ossfuzz-build runs the real build.

    python3 tests/test_ossfuzz_build.py
"""
import os
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'ci', 'oss-fuzz'))
import build  # noqa: E402

LOGS = os.path.join(HERE, 'crash-logs')
# Fails (printing a canned crash log) when an input holds "bad"; a libFuzzer
# binary given several files runs each.
FAKE = '''#!/bin/sh
for f in "$@"; do
	if grep -q bad "$f"; then cat "%s"; exit 1; fi
done
exit 0
'''


class AsanOptions(unittest.TestCase):
    def test_asan_section_only(self):
        text = ('[libfuzzer]\nmax_len = 100\n[asan]\nallocator_may_return_null = 1\n'
                'max_allocation_size_mb =\t2048\n[ubsan]\nx = 1\n')
        self.assertEqual(build.asan_options(text),
                         'allocator_may_return_null=1:max_allocation_size_mb=2048')
        self.assertEqual(build.asan_options('[libfuzzer]\nmax_len = 1\n'), '')


class Triage(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.b = self.tmp.name
        self.stage = os.path.join(self.b, 'seed-stage', 'unzstd')
        os.makedirs(self.stage)
        os.makedirs(os.path.join(self.b, 'fuzz'))

    def tearDown(self):
        self.tmp.cleanup()

    def fake(self, log):
        path = os.path.join(self.b, 'fuzz', 'unzstd')
        with open(path, 'w') as f:
            f.write(FAKE % os.path.join(LOGS, log))
        os.chmod(path, 0o755)

    def seeds(self, bad):
        for i in range(9):
            with open(os.path.join(self.stage, 's%d' % i), 'w') as f:
                f.write('bad' if i in bad else 'good')

    def test_known_failures_left_out(self):
        self.fake('asan-allocation-libfuzzer.log')
        self.seeds({2, 7})
        seeds = build.Seeds(self.b, 'unzstd', '', os.path.join(LOGS, 'baseline.txt'))
        self.assertEqual(seeds.triage(self.stage), 2)
        self.assertEqual(sorted(os.listdir(self.stage)),
                         ['s0', 's1', 's3', 's4', 's5', 's6', 's8'])

    def test_unknown_failure_stops(self):
        self.fake('kzfuzz-mismatch-replayer.log')
        self.seeds({4})
        seeds = build.Seeds(self.b, 'unzstd', '', os.path.join(LOGS, 'baseline.txt'))
        with self.assertRaisesRegex(build.Stop, r'^unzstd: seed s4 fails with a finding the '
                                    r'baseline does not know: new unzstd \| oracle:mismatch'):
            seeds.triage(self.stage)
        self.assertIn('s4', os.listdir(self.stage))

    def test_clean_seeds(self):
        self.fake('asan-allocation-libfuzzer.log')
        self.seeds(set())
        seeds = build.Seeds(self.b, 'unzstd', '', os.path.join(LOGS, 'baseline.txt'))
        self.assertEqual(seeds.triage(self.stage), 0)
        self.assertEqual(len(os.listdir(self.stage)), 9)


if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""fuzz/replay.py: which binary a committed crasher replays on."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fuzz'))
import replay  # noqa: E402


class CrasherArgv(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.bdir = self.tmp.name
        self.fuzzbin = os.path.join(self.bdir, 'fuzz/fuzz/unzstd')

    def tearDown(self):
        self.tmp.cleanup()

    def make_fuzzbin(self):
        os.makedirs(os.path.dirname(self.fuzzbin))
        with open(self.fuzzbin, 'w') as f:
            f.write('#!/bin/sh\n')
        os.chmod(self.fuzzbin, 0o755)

    def test_oom_takes_libfuzzers_limit(self):
        self.make_fuzzbin()
        self.assertEqual(replay.crasher_argv(self.bdir, 'unzstd', 'oom'),
                         [self.fuzzbin, '-rss_limit_mb=2048'])
        self.assertEqual(replay.crasher_argv(self.bdir, 'unzstd', 'oom', 120),
                         [self.fuzzbin, '-rss_limit_mb=2048', '-timeout=120'])

    def test_other_classes_and_no_fuzz_build_take_asan(self):
        asan = [os.path.join(self.bdir, 'asan/fuzz/unzstd')]
        self.assertEqual(replay.crasher_argv(self.bdir, 'unzstd', 'oom'), asan)
        self.make_fuzzbin()
        for cls in ('asan-out-of-memory', 'asan-allocation-size-too-big'):
            self.assertEqual(replay.crasher_argv(self.bdir, 'unzstd', cls), asan)

if __name__ == '__main__':
    unittest.main()

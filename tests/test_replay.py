#!/usr/bin/env python3
"""fuzz/replay.py: which binary a committed crasher replays on; the MSan
expectations of the crashers (msan-crashers)."""
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

MSAN_LOG = """==1==WARNING: MemorySanitizer: use-of-uninitialized-value
    #0 0x1 in print_fh /src/fuzz/fanotify_sample_tu.c:10:2
    #1 0x2 in handle_notifications /src/fuzz/fanotify_sample_tu.c:20:2
    #2 0x3 in sample_handle /src/fuzz/fanotify_sample.c:30:2
  Uninitialized value was created by a heap allocation
    #0 0x4 in malloc /llvm/compiler-rt/lib/msan/msan_interceptors.cpp:1
    #1 0x5 in fan_buf /src/fuzz/fanotify_fuzz.c:40:2
"""
STATE = ('print_fh > handle_notifications > sample_handle (origin: fan_buf)')


class MsanCrashers(unittest.TestCase):
    """Each crasher does under MSan what the expectations file says, or fails."""
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.old = os.getcwd()
        os.chdir(self.tmp.name)
        os.makedirs('corpus/open-findings/c')
        os.makedirs('bin')
        self.crasher = 'corpus/open-findings/c/c'
        open(self.crasher, 'w').close()
        # A crasher is a crash-class finding's reproducer (lib/findings.py crashers).
        with open('findings.txt', 'w') as f:
            f.write('finding | c | t | * | asan:heap-buffer-overflow | a > b > c (WRITE 1) | '
                    'src | %s | why\n' % self.crasher)
            f.write('finding | known-msan | t | * | msan:use-of-uninitialized-value | %s | '
                    'src | %s | why\n' % (STATE, self.crasher))
        self.judge = replay.Judge(os.path.abspath('findings.txt'))

    def tearDown(self):
        os.chdir(self.old)
        self.tmp.cleanup()

    def replayer(self, log, rc):
        with open('bin/log', 'w') as f:
            f.write(log)
        with open('bin/t', 'w') as f:
            f.write('#!/bin/sh\ncat %s/bin/log\nexit %d\n' % (self.tmp.name, rc))
        os.chmod('bin/t', 0o755)

    def expect(self, text):
        with open('expect.txt', 'w') as f:
            f.write('# comment\n' + text)

    def run_check(self):
        return replay.msan_crashers('x', '.', 'bin', 'expect.txt', ['t'], self.judge)

    def test_clean_as_expected_passes(self):
        self.replayer('', 0)
        self.expect('%s | clean | reads zeros past the buffer\n' % self.crasher)
        self.assertEqual(self.run_check(), 0)

    def test_clean_but_failing_fails(self):
        self.replayer(MSAN_LOG, 1)
        self.expect('%s | clean | reads zeros past the buffer\n' % self.crasher)
        self.assertEqual(self.run_check(), 1)

    def test_known_class_passes_and_wrong_class_fails(self):
        self.replayer(MSAN_LOG, 1)
        self.expect('%s | msan:use-of-uninitialized-value | why\n' % self.crasher)
        self.assertEqual(self.run_check(), 0)
        self.expect('%s | asan:heap-buffer-overflow | why\n' % self.crasher)
        self.assertEqual(self.run_check(), 1)

    def test_expected_class_in_an_unknown_state_fails(self):
        self.replayer(MSAN_LOG.replace('print_fh', 'other_fn'), 1)
        self.expect('%s | msan:use-of-uninitialized-value | why\n' % self.crasher)
        self.assertEqual(self.run_check(), 1)

    def test_unnamed_crasher_and_stale_line_fail(self):
        self.replayer('', 0)
        self.expect('')
        self.assertEqual(self.run_check(), 1)
        self.expect('%s | clean | why\ncorpus/open-findings/x/gone | clean | why\n'
                    % self.crasher)
        self.assertEqual(self.run_check(), 1)

    def test_bad_line_fails(self):
        self.replayer('', 0)
        self.expect('%s | clean\n' % self.crasher)
        self.assertEqual(self.run_check(), 1)


if __name__ == '__main__':
    unittest.main()

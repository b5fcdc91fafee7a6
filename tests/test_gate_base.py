#!/usr/bin/env python3
"""Unit tests of the gate's base rule (conformance/gate_base.py, and how
gate_fuzz.py and gate_report.py use it): which base judges, and that a
finding is pre-existing only when the base gives the same class AND the
same crash state: a base finding of the same class at another site never
excuses a candidate's. The replayers are stand-in scripts that print
fabricated crash logs."""
import contextlib
import io
import os
import stat
import sys
import tempfile
import unittest

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
sys.path.insert(0, os.path.join(TOP, 'conformance'))
import gate_base  # noqa: E402
import gate_fuzz  # noqa: E402
import gate_report  # noqa: E402


def oracle_log(cls, kernel, ref, site):
    """A replayer's log of an oracle finding, as decompress_oneshot prints it."""
    return (f'==KZFUZZ== {cls} decompress_oneshot: one-shot decompression: '
            f'zstd_decompress_dctx {kernel}, ZSTD_decompressDCtx {ref}\n'
            'kzfuzz report\n'
            '  target:    decompress_oneshot\n'
            f'  class:     {cls}\n'
            f'  site:      {site} (block, input offset 12), output [0,0) kernel\n'
            '==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1 (pc 0x1 bp 0x1 sp 0x1 T0)\n'
            '    #0 0x7f0000000001 in raise (/lib/x86_64-linux-gnu/libc.so.6+0x3c0d1)\n'
            '    #1 0x7f0000000002 in abort (/lib/x86_64-linux-gnu/libc.so.6+0x26472)\n'
            '    #2 0x55000000003 in zo_expect /w/oracles/zstd_oracle.c:200:2\n'
            '    #3 0x55000000005 in LLVMFuzzerTestOneInput /w/fuzz/decompress_oneshot.c:98:2\n'
            'SUMMARY: AddressSanitizer: ABRT (/lib/x86_64-linux-gnu/libc.so.6+0x3c0d1) in raise\n')


def asan_log(fn):
    return ('==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1\n'
            'READ of size 8 at 0x1 thread T0\n'
            f'    #0 0x55000000001 in {fn} /w/lib/zstd/decompress/zstd_decompress_block.c:9:2\n'
            '    #1 0x55000000002 in ZSTD_decompressBlock_internal /w/lib/zstd/b.c:10:2\n'
            '    #2 0x55000000003 in LLVMFuzzerTestOneInput /w/fuzz/decompress_oneshot.c:98:2\n'
            'SUMMARY: AddressSanitizer: heap-buffer-overflow /w/b.c:9:2 in x\n')


MISMATCH_B0 = oracle_log('oracle:error-mismatch', 'corruption_detected', 'dstSize_tooSmall',
                         'frame 0 block 0')
MISMATCH_B1 = oracle_log('oracle:error-mismatch', 'corruption_detected', 'dstSize_tooSmall',
                         'frame 0 block 1')
OTHER_PAIR_B0 = oracle_log('oracle:error-mismatch', 'srcSize_wrong', 'corruption_detected',
                           'frame 0 block 0')


class Choose(unittest.TestCase):
    def test_baseline_src_first(self):
        self.assertEqual(gate_base.choose('/x/linux', '1.4.10'), ('/x/linux', 'BASELINE_SRC'))

    def test_known_versions(self):
        self.assertEqual(gate_base.choose('', '1.4.10')[0], 'debian:6.1')
        self.assertEqual(gate_base.choose('', '1.5.2')[0], 'debian:6.12')

    def test_other_version_needs_baseline_src(self):
        ksrc, why = gate_base.choose('', '1.5.6')
        self.assertIsNone(ksrc)
        self.assertIn('zstd 1.5.6', why)
        self.assertIn('needs BASELINE_SRC', why)
        self.assertIn('needs BASELINE_SRC', gate_base.choose('', '')[1])

    def test_rule_switch(self):
        self.assertTrue(gate_base.rule_on({}))
        self.assertTrue(gate_base.rule_on({'GATE_BASE_RULE': '1'}))
        self.assertFalse(gate_base.rule_on({'GATE_BASE_RULE': '0'}))
        self.assertFalse(gate_base.rule_on({}, no_base_rule=True))

    def test_version_of_a_staged_tree(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertEqual(gate_base.tree_zstd_version(d), '')
            with open(os.path.join(d, 'tree.mk'), 'w') as f:
                f.write('KTREE_ORIGIN := x\nKTREE_ZSTD_VERSION := 1.5.2\nKTREE_API_LEVEL := y\n')
            self.assertEqual(gate_base.tree_zstd_version(d), '1.5.2')


class Signatures(unittest.TestCase):
    def test_same_class_same_site_is_the_same(self):
        self.assertTrue(gate_base.same_site(gate_base.signature(MISMATCH_B0),
                                            gate_base.signature(MISMATCH_B0)))

    def test_same_class_other_block_is_not(self):
        a, b = gate_base.signature(MISMATCH_B0), gate_base.signature(MISMATCH_B1)
        self.assertEqual(a[0], b[0])
        self.assertFalse(gate_base.same_site(a, b))

    def test_same_class_other_error_pair_is_not(self):
        self.assertFalse(gate_base.same_site(gate_base.signature(MISMATCH_B0),
                                             gate_base.signature(OTHER_PAIR_B0)))

    def test_same_class_other_frames_is_not(self):
        a = gate_base.signature(asan_log('ZSTD_execSequence'))
        b = gate_base.signature(asan_log('ZSTD_decodeSequence'))
        self.assertEqual(a[0], 'asan:heap-buffer-overflow')
        self.assertEqual(a[0], b[0])
        self.assertFalse(gate_base.same_site(a, b))

    def test_clones_are_the_same_frame(self):
        self.assertTrue(gate_base.same_site(
            gate_base.signature(asan_log('ZSTD_execSequence')),
            gate_base.signature(asan_log('ZSTD_execSequence.isra.0'))))

    def test_nothing_is_never_the_same(self):
        self.assertIsNone(gate_base.signature('all clean\n'))
        self.assertFalse(gate_base.same_site(None, None))
        self.assertFalse(gate_base.same_site(gate_base.signature(MISMATCH_B0), None))


def fake_replayer(bdir, target, log_text, status):
    """BDIR/asan/fuzz/TARGET: prints log_text and exits with status."""
    d = os.path.join(bdir, 'asan', 'fuzz')
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, target + '.log'), 'w') as f:
        f.write(log_text)
    p = os.path.join(d, target)
    with open(p, 'w') as f:
        f.write(f'#!/bin/sh\ncat "{p}.log"\nexit {status}\n')
    os.chmod(p, os.stat(p).st_mode | stat.S_IXUSR)


class Judge(unittest.TestCase):
    """judge() on stand-in replayers: the candidate's and the base's."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name
        self.cand = os.path.join(self.d, 'cand')
        self.base_bdir = os.path.join(self.d, 'base')
        self.art = os.path.join(self.d, 'crash-1')
        with open(self.art, 'wb') as f:
            f.write(b'\x28\xb5\x2f\xfd')
        self.fuzz_log = os.path.join(self.d, 'run.0.log')
        with open(self.fuzz_log, 'w') as f:
            f.write(MISMATCH_B1)

    def tearDown(self):
        self.tmp.cleanup()

    def base(self):
        b = gate_base.Base('debian:6.1', self.d, self.cand, self.d)
        b.bdir, b.tree_dir, b.ready = self.base_bdir, self.d, True
        return b

    def judge(self, cand_log, cand_rc, base_log, base_rc, artifact=None):
        fake_replayer(self.cand, 'decompress_oneshot', cand_log, cand_rc)
        fake_replayer(self.base_bdir, 'decompress_oneshot', base_log, base_rc)
        f = gate_base.Finding('decompress_oneshot', 'oracle:error-mismatch', 'x',
                              self.art if artifact is None else artifact, self.fuzz_log)
        line = gate_base.judge([f], self.base(), self.cand, self.d, limit=20)
        return f, line

    def test_the_base_reproduces_it(self):
        f, line = self.judge(MISMATCH_B1, 1, MISMATCH_B1, 1)
        self.assertEqual(f.verdict, 'pre-existing')
        self.assertIn('the base reproduces it: oracle:error-mismatch', f.why)
        self.assertIn('1 pre-existing, 0 new', line)
        self.assertIn('debian:6.1: ', line)

    def test_same_class_other_site_on_the_base_is_new(self):
        """The planted bug's error-mismatch at block 1 is not excused by the
        base's unrelated error-mismatch at block 0."""
        f, line = self.judge(MISMATCH_B1, 1, MISMATCH_B0, 1)
        self.assertEqual(f.verdict, 'new')
        self.assertIn('the base gives another state', f.why)
        self.assertIn('frame 0 block 0', f.why)
        self.assertIn('0 pre-existing, 1 new', line)

    def test_other_class_on_the_base_is_new(self):
        f, _ = self.judge(asan_log('ZSTD_execSequence'), 1, MISMATCH_B0, 1)
        self.assertEqual(f.verdict, 'new')
        self.assertIn('the base gives another class', f.why)

    def test_clean_base_is_new(self):
        f, _ = self.judge(MISMATCH_B1, 1, 'replay: 4 bytes\n', 0)
        self.assertEqual(f.verdict, 'new')
        self.assertEqual(f.why, 'the base runs it clean')

    def test_base_failing_without_a_finding_is_new(self):
        f, _ = self.judge(MISMATCH_B1, 1, 'cannot open\n', 2)
        self.assertEqual(f.verdict, 'new')
        self.assertIn('without a finding', f.why)

    def test_candidate_replay_clean_falls_back_to_the_fuzzing_log(self):
        f, _ = self.judge('clean\n', 0, MISMATCH_B1, 1)
        self.assertEqual(f.verdict, 'pre-existing')
        f, _ = self.judge('clean\n', 0, MISMATCH_B0, 1)
        self.assertEqual(f.verdict, 'new')
        self.assertIn('the fuzzing log', f.why)

    def test_no_artifact_is_new(self):
        f, _ = self.judge(MISMATCH_B1, 1, MISMATCH_B1, 1, artifact='')
        self.assertEqual(f.verdict, 'new')
        self.assertIn('nothing to replay', f.why)

    def test_a_base_that_cannot_build_judges_nothing(self):
        b = gate_base.Base('/no/such/tree', self.d, self.cand, self.d)

        def broken():
            raise gate_base.BaseError('the base /no/such/tree cannot be staged: no such path')
        b.ensure = broken
        f = gate_base.Finding('decompress_oneshot', 'c', 's', self.art, self.fuzz_log)
        line = gate_base.judge([f], b, self.cand, self.d)
        self.assertEqual(f.verdict, 'new')
        self.assertIn('cannot be staged', line)
        self.assertIn('cannot be staged', f.why)


class FuzzCheck(unittest.TestCase):
    """gate_fuzz.py's use of the verdicts: failures, pre-existing, figures."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = os.path.join(self.tmp.name, '07-fuzz')
        os.makedirs(os.path.join(self.d, 'decompress_oneshot'))

    def tearDown(self):
        self.tmp.cleanup()

    def gate(self, *opts):
        cwd = os.getcwd()
        os.chdir(TOP)
        try:
            g = gate_fuzz.Gate(list(opts) + [self.d, '/bdir', '5', '1', '1', '/seeds',
                                             'BUILD=b', 'decompress_oneshot'])
        finally:
            os.chdir(cwd)
        t = gate_fuzz.Target(g, 'decompress_oneshot')
        t.ran = True
        for name in ('failures', 'findings.txt'):
            open(os.path.join(t.td, name), 'w').close()
        for i, (cls, state) in enumerate((('oracle:error-mismatch', 'a > b > frame 0 block 0'),
                                         ('oracle:error-mismatch', 'a > b > frame 0 block 1'),
                                         ('oracle:error-mismatch', 'a > b > frame 0 block 1'))):
            log = os.path.join(self.d, 'run.%d.log' % i)
            key = (cls, state)
            if key not in t.times:
                t.found.append(gate_base.Finding(t.t, cls, state, '/art%d' % i, log))
            t.times[key] = t.times.get(key, 0) + 1
        return g, t

    def read(self, *path):
        with open(os.path.join(self.d, *path)) as f:
            return f.read()

    def test_options(self):
        args = ['d', 'b', '5', '2', '1', 's', 'r', 't']
        self.assertEqual(gate_fuzz.options(['--base', 'debian:6.1', '--build', 'B'] + args),
                         (('debian:6.1', 'B'), None, args))
        self.assertEqual(gate_fuzz.options(['--no-base', 'why'] + args), (None, 'why', args))
        self.assertEqual(gate_fuzz.options(args), (None, 'no base given', args))
        # gate.py's run_script puts DIR first.
        self.assertEqual(gate_fuzz.options(['d', '--base', 'debian:6.1', '--build', 'B']
                                           + args[1:]), (('debian:6.1', 'B'), None, args))
        with self.assertRaises(ValueError):
            gate_fuzz.options(['--base', 'x'] + args)
        with self.assertRaises(ValueError):
            gate_fuzz.options(['--base', 'x', '--build', 'B', '--no-base', 'y'] + args)
        with self.assertRaises(ValueError):
            gate_fuzz.options(args[:7])

    def test_no_base_every_new_finding_fails(self):
        g, t = self.gate('--no-base', 'base rule off')
        with contextlib.redirect_stdout(io.StringIO()):
            g.judge_base(t.found)
            t.settle()
        self.assertEqual(self.read('base.txt'), 'base rule off: every new finding fails\n')
        self.assertEqual(self.read('decompress_oneshot', 'result'), 'fail\n')
        self.assertEqual(self.read('decompress_oneshot', 'figure'),
                         '0 execs in 0 runs, 0 known, 0 pre-existing, 3 new\n')
        self.assertEqual(len(self.read('decompress_oneshot', 'failures').splitlines()), 2)

    def test_pre_existing_counted_not_failed(self):
        g, t = self.gate('--base', 'debian:6.1', '--build', 'B')
        real = gate_base.judge

        def fake(found, base, cand_bdir, out_dir, limit=60):
            found[1].verdict, found[1].why = 'pre-existing', 'the base reproduces it: x'
            found[0].why = 'the base runs it clean'
            return 'debian:6.1: /trees/x judged 2 new crash states: 1 pre-existing, 1 new'
        gate_base.judge = fake
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                g.judge_base(t.found)
                t.settle()
                g.summary()
        finally:
            gate_base.judge = real
        self.assertEqual(self.read('decompress_oneshot', 'figure'),
                         '0 execs in 0 runs, 0 known, 2 pre-existing, 1 new\n')
        self.assertEqual(self.read('figure'), '1 targets x 5s: 0 execs, 0 known findings, '
                         '2 pre-existing, 1 new\n')
        self.assertEqual(self.read('result'), 'fail\n')
        fails = self.read('failures').splitlines()
        self.assertEqual(len(fails), 1)
        self.assertIn('frame 0 block 0', fails[0])
        self.assertIn('the base runs it clean', fails[0])
        pre = self.read('pre-existing').split('\t')
        self.assertIn('pre-existing: oracle:error-mismatch | a > b > frame 0 block 1', pre[0])
        self.assertEqual(pre[1], 'make BUILD=b repro INPUT=/art1 TARGET=decompress_oneshot')
        self.assertEqual(pre[2], 'make BUILD=B KERNEL_SRC=debian:6.1 repro INPUT=/art1 '
                         'TARGET=decompress_oneshot\n')

    def test_repro_commands_carry_the_fuzzers_mode(self):
        g, _ = self.gate('--no-base', 'x')
        f = gate_base.Finding('fanotify_sample', 'c', 's', '/a', '/l',
                              ['KZ_FANOTIFY_WELLFORMED_ONLY=1'])
        self.assertEqual(g.repro_cmd('BUILD=b', f), 'KZ_FANOTIFY_WELLFORMED_ONLY=1 make BUILD=b '
                         'repro INPUT=/a TARGET=fanotify_sample')

    def test_no_new_finding_builds_no_base(self):
        g, t = self.gate('--base', 'debian:6.1', '--build', 'B')
        with contextlib.redirect_stdout(io.StringIO()):
            g.judge_base([])
        self.assertEqual(self.read('base.txt'),
                         'debian:6.1 (not built: no new finding to judge)\n')


class Report(unittest.TestCase):
    def test_base_and_pre_existing_in_the_report(self):
        with tempfile.TemporaryDirectory() as run:
            d = os.path.join(run, '07-fuzz')
            os.makedirs(d)
            for name, text in (('result', 'pass\n'), ('figure', '1 pre-existing, 0 new\n'),
                               ('time', '1\n'), ('base.txt', 'debian:6.1: /t judged 1\n'),
                               ('pre-existing', 'm: pre-existing: c | s\tcand cmd\tbase cmd\n')):
                with open(os.path.join(d, name), 'w') as f:
                    f.write(text)
            lines = []
            self.assertEqual(gate_report.report(run, lines.append), 0)
            self.assertIn('gate: base: debian:6.1: /t judged 1', lines)
            i = lines.index('pre-existing (the base reproduces them; they do not fail the gate):')
            self.assertEqual(lines[i + 1:i + 4], ['  - m: pre-existing: c | s',
                                                  '    reproduce: cand cmd',
                                                  '    on the base: base cmd'])
            with open(os.path.join(run, 'report.tap')) as f:
                self.assertIn('# base: debian:6.1: /t judged 1\n', f.read())


if __name__ == '__main__':
    unittest.main()

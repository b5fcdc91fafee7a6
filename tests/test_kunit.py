#!/usr/bin/env python3
"""Unit tests of make kunit's generator and KTAP parser
(conformance/kunit_gen.py, conformance/kunit_run.py), without a kernel
build. make python-tests runs them."""
import hashlib
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'conformance'))
import kunit_gen as kg  # noqa: E402
import kunit_run as kr  # noqa: E402

GOLDEN = os.path.join(HERE, '..', 'conformance', 'golden')
TEMPLATE = os.path.join(HERE, '..', 'conformance', 'kunit_suite.c.in')

KTAP_61 = """\
[00:27:36] Console initialized on /dev/tty0
KTAP version 1
1..1
    KTAP version 1
    # Subtest: kz_zstd
    1..3
    ok 1 - golden_decode_raw_block
    # golden_fail_truncated: EXPECTATION FAILED at lib/kzfuzz/kz_zstd_kunit.c:180
    Expected zstd_get_error_name(r) == v->error, but
    # golden_fail_truncated: must-fail/truncated.zst: oneshot rejects Corrupted block detected, want Src size is incorrect
    not ok 2 - golden_fail_truncated
    ok 3 - roundtrip_level_m5 # SKIP level -5 outside -131072..22
# kz_zstd: pass:1 fail:1 skip:1 total:3
not ok 1 - kz_zstd
"""


def frame(content):
    """A single-segment frame of one raw block (1-byte content size)."""
    hdr = b'\x28\xb5\x2f\xfd' + bytes([0x20, len(content)])
    bh = (len(content) << 3) | 1
    return hdr + bh.to_bytes(3, 'little') + content


class Generator(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        for sub in ('must-decode', 'must-fail'):
            os.makedirs(os.path.join(self.dir, sub))
        self.good = frame(b'hello')
        open(os.path.join(self.dir, 'must-decode', 'a.zst'), 'wb').write(self.good)
        open(os.path.join(self.dir, 'must-fail', 'b.zst'), 'wb').write(self.good[:-1])
        digest = hashlib.sha256(b'hello').hexdigest()
        open(os.path.join(self.dir, 'must-decode.sha256'), 'w').write(f'# c\n{digest}  must-decode/a.zst\n')
        open(os.path.join(self.dir, 'kernel-answers.txt'), 'w').write(
            '# c\nmust-fail/b.zst 1.4.10 oneshot rejects Src size is incorrect\n'
            'must-fail/b.zst 1.5.2 oneshot rejects Other\n')

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_cases_and_answers_of_the_version(self):
        src, names = kg.generate(self.dir, '1.4.10', TEMPLATE)
        self.assertEqual(names[:2], ['golden_decode_a', 'golden_fail_b'])
        self.assertIn('roundtrip_level_m5', names)
        self.assertIn(hashlib.sha256(b'hello').hexdigest(), src)
        self.assertIn('"Src size is incorrect"', src)
        self.assertNotIn('"Other"', src)
        self.assertIn('never edit by hand', src.splitlines()[0])
        for slot in ('@VECTORS@', '@CASES@', '@CASE_LIST@', '@ZSTD_VERSION@'):
            self.assertNotIn(slot, src)
        self.assertIn('\tKUNIT_CASE(golden_fail_b),', src)
        self.assertEqual(src.count('KUNIT_CASE('), len(names))

    def test_version_without_answers_refused(self):
        with self.assertRaisesRegex(kg.GenError, 'no answer for zstd 1.5.9'):
            kg.generate(self.dir, '1.5.9', TEMPLATE)

    def test_vector_without_digest_refused(self):
        open(os.path.join(self.dir, 'must-decode', 'c.zst'), 'wb').write(self.good)
        with self.assertRaisesRegex(kg.GenError, 'c.zst: no digest'):
            kg.generate(self.dir, '1.4.10', TEMPLATE)

    def test_digest_without_vector_refused(self):
        os.remove(os.path.join(self.dir, 'must-decode', 'a.zst'))
        with self.assertRaisesRegex(kg.GenError, 'a digest without a vector'):
            kg.generate(self.dir, '1.4.10', TEMPLATE)

    def test_malformed_lines_refused(self):
        """Both loaders name file:line and the form they want."""
        man = os.path.join(self.dir, 'must-decode.sha256')
        open(man, 'a').write('\nnot a digest line\n')
        with self.assertRaisesRegex(kg.GenError, r'sha256:4: want "<sha256>  must-decode/'):
            kg.load_manifest(man)
        ans = os.path.join(self.dir, 'kernel-answers.txt')
        open(ans, 'a').write('must-fail/b.zst 1.4.10 oneshot accepts\n')
        with self.assertRaisesRegex(kg.GenError, r'answers.txt:4: want "<vector> <version>'):
            kg.load_answers(ans, '1.4.10')

    def test_listed_twice_refused(self):
        ans = os.path.join(self.dir, 'kernel-answers.txt')
        open(ans, 'a').write('must-fail/b.zst 1.4.10 oneshot rejects Again\n')
        with self.assertRaisesRegex(kg.GenError, r'answers.txt:4: must-fail/b.zst listed twice'):
            kg.load_answers(ans, '1.4.10')
        self.assertEqual(kg.load_answers(ans, '1.5.2'), {'must-fail/b.zst': 'Other'})

    def test_frame_info(self):
        info = kg.frame_info(self.good)
        self.assertEqual(info['size'], len(self.good))
        self.assertEqual((info['content'], info['window'], info['header_size']), (5, 5, 6))
        skip = b'\x53\x2a\x4d\x18' + (3).to_bytes(4, 'little') + b'abc'
        self.assertEqual(kg.frame_info(skip + self.good), {'skippable': True, 'size': 11})
        self.assertIsNone(kg.frame_info(b'\x00\x01\x02\x03'))

    def test_real_golden_files(self):
        """Every committed vector becomes a case on both trees' versions."""
        n = (len(os.listdir(os.path.join(GOLDEN, 'must-decode'))) +
             len(os.listdir(os.path.join(GOLDEN, 'must-fail'))))
        for v in ('1.4.10', '1.5.2'):
            _, names = kg.generate(GOLDEN, v, TEMPLATE)
            self.assertEqual(sum(1 for x in names if x.startswith('golden_')), n)

    def test_frame_sizes_of_golden_vectors(self):
        """The parsed first frame of a one-frame vector is the whole file."""
        for f in ('raw-block.zst', 'level1-text.zst', 'level19-text-checksum.zst'):
            data = open(os.path.join(GOLDEN, 'must-decode', f), 'rb').read()
            self.assertEqual(kg.frame_info(data)['size'], len(data), f)


class Ktap(unittest.TestCase):
    def test_parse(self):
        cases, plan, problems = kr.parse_ktap(KTAP_61)
        self.assertEqual(plan, 3)
        self.assertEqual([(c[0], c[1]) for c in cases], [
            ('golden_decode_raw_block', 'pass'), ('golden_fail_truncated', 'fail'),
            ('roundtrip_level_m5', 'skip')])
        self.assertEqual(problems, [])

    def test_message_on_its_own_line(self):
        """6.1 prints a _MSG expectation's message unindented, after the values."""
        text = KTAP_61.replace(
            '    # golden_fail_truncated: must-fail/truncated.zst: oneshot',
            '        r == 1\nmust-fail/truncated.zst: oneshot')
        line, _ = kr.summarize(*kr.parse_ktap(text), 'x')
        self.assertIn('golden_fail_truncated: must-fail/truncated.zst: oneshot rejects', line)

    def test_6_12_style_without_dash(self):
        text = KTAP_61.replace('ok 1 - golden', 'ok 1 golden').replace('not ok 2 - ', 'not ok 2 ')
        cases, _, _ = kr.parse_ktap(text)
        self.assertEqual(cases[1][:2], ('golden_fail_truncated', 'fail'))

    def test_summary_names_vector_and_answer(self):
        line, status = kr.summarize(*kr.parse_ktap(KTAP_61), '6.1.192 (zstd 1.4.10)')
        self.assertEqual(status, 1)
        self.assertTrue(line.startswith('kunit: failed on 6.1.192 (zstd 1.4.10): 3 cases, 1 passed, '
                                        '1 failed, 1 skipped'), line)
        self.assertIn('golden_fail_truncated: must-fail/truncated.zst: oneshot rejects Corrupted block '
                      'detected, want Src size is incorrect', line)

    def test_all_pass(self):
        text = KTAP_61.replace('not ok 2', 'ok 2')
        line, status = kr.summarize(*kr.parse_ktap(text), 'x')
        self.assertEqual(status, 0)
        self.assertTrue(line.startswith('kunit: passed on x: 3 cases, 2 passed, 0 failed, 1 skipped'), line)

    def test_crash_mid_suite_fails(self):
        text = KTAP_61.split('    not ok 2')[0] + 'BUG: KASAN: slab-out-of-bounds in HUF_decode\n'
        line, status = kr.summarize(*kr.parse_ktap(text), 'x')
        self.assertEqual(status, 1)
        self.assertIn('never reported', line)
        self.assertIn('BUG: KASAN: slab-out-of-bounds', line)

    def test_no_ktap_fails(self):
        line, status = kr.summarize(*kr.parse_ktap('kernel panic before tests\n'), 'x')
        self.assertEqual(status, 1)
        self.assertIn('no KTAP result', line)

    def test_other_suite_ignored(self):
        text = KTAP_61.replace('# Subtest: kz_zstd', '# Subtest: other')
        self.assertEqual(kr.parse_ktap(text)[1], None)


if __name__ == '__main__':
    unittest.main()

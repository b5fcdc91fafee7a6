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
DIVERGENCES = os.path.join(HERE, '..', 'corpus', 'divergences')
SINGLE_DEFECT = os.path.join(HERE, '..', 'corpus', 'single-defect')

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

    def test_real_divergences_and_single_defect_inputs(self):
        """The divergences' must-fail and must-decode vectors (as gate-golden
        names them) and every decoder single-defect input become cases."""
        sets = {}
        for d in os.listdir(DIVERGENCES):
            for line in open(os.path.join(DIVERGENCES, d, 'golden.txt')):
                if line.startswith('vector '):
                    sets[line.split()[1]] = sets.get(line.split()[1], 0) + 1
                    break
        rows = [ln for ln in open(os.path.join(SINGLE_DEFECT, 'MANIFEST'))
                if ln.strip() and not ln.startswith('#')]
        n = (len(os.listdir(os.path.join(GOLDEN, 'must-decode'))) +
             len(os.listdir(os.path.join(GOLDEN, 'must-fail'))))
        for v in ('1.4.10', '1.5.2'):
            src, names = kg.generate(GOLDEN, v, TEMPLATE, DIVERGENCES, SINGLE_DEFECT)
            self.assertEqual(sum(1 for x in names if x.startswith('golden_')),
                             n + sets['must-fail'] + sets['must-decode'])
            self.assertIn('golden_fail_block_over_max_reason', names)
            self.assertEqual(sum(1 for x in names if x.startswith('sd_')), len(rows))
            self.assertIn('KZ_SD_STREAM_BYTES, KZ_SD_CAP_CONTROL_SHORT, 0,', src)
            self.assertIn('KZ_SD_ONESHOT, KZ_SD_CAP_1MIB, 1,', src)
            self.assertIn('ZSTD_error_frameParameter_unsupported', src)
            self.assertIn('"ZSTD-compressed data is truncated"', src)
            # Known on 1.5.2 only (corpus/findings.txt): skipped naming its entry there.
            self.assertEqual('"single-defect-unzstd-skippable-1.5.2"' in src, v == '1.5.2')

    def test_divergence_without_kernel_answer_refused(self):
        div = os.path.join(self.dir, 'div')
        os.makedirs(os.path.join(div, 'x-y'))
        open(os.path.join(div, 'x-y', 'x-y.zst'), 'wb').write(self.good[:-1])
        open(os.path.join(div, 'x-y', 'golden.txt'), 'w').write('# c\nvector must-fail x-y.zst\n')
        with self.assertRaisesRegex(kg.GenError, 'must-fail/x-y.zst: no answer for zstd 1.4.10'):
            kg.generate(self.dir, '1.4.10', TEMPLATE, div)

    def test_single_defect_input_without_way_refused(self):
        sd = os.path.join(self.dir, 'sd')
        os.makedirs(os.path.join(sd, 'f'))
        open(os.path.join(sd, 'f', 'c.zst'), 'wb').write(self.good[:-1])
        open(os.path.join(sd, 'MANIFEST'), 'w').write(
            '# c\nf/c.zst | a.c | fn | srcSize_wrong | RETURN_ERROR_IF(x, srcSize_wrong, "");\n')
        open(os.path.join(sd, 'WAYS'), 'w').write('# c\nf/d.zst | oneshot | 1MiB | yes\n')
        with self.assertRaisesRegex(kg.GenError, 'f/c.zst: no way in WAYS'):
            kg.generate(self.dir, '1.4.10', TEMPLATE, None, sd)
        open(os.path.join(sd, 'WAYS'), 'w').write('# c\nf/c.zst | stream-whole | 1MiB\n')
        with self.assertRaisesRegex(kg.GenError, 'WAYS:2: want'):
            kg.generate(self.dir, '1.4.10', TEMPLATE, None, sd)
        open(os.path.join(sd, 'WAYS'), 'w').write('# c\nf/c.zst | stream-whole | 1MiB | no\n')
        src, names = kg.generate(self.dir, '1.4.10', TEMPLATE, None, sd)
        self.assertEqual(names[-1], 'sd_f_c')
        self.assertIn('KZ_SD_STREAM_WHOLE, KZ_SD_CAP_1MIB, 0, ZSTD_error_srcSize_wrong', src)

    def test_api_defines_from_api_txt(self):
        """The tree's api.txt becomes KZ_API_* defines; the dictionary cases are
        compiled only where every function they call is declared."""
        api = os.path.join(self.dir, 'api.txt')
        open(api, 'w').write('zstd_compress_bound\nzstd_create_ddict_byreference\n')
        src, names = kg.generate(self.dir, '1.4.10', TEMPLATE, api=api)
        self.assertIn('#define KZ_API_ZSTD_CREATE_DDICT_BYREFERENCE 1', src)
        self.assertNotIn('#define KZ_API_ZSTD_CREATE_CDICT_BYREFERENCE', src)
        self.assertIn('api_dict_roundtrip', names)
        self.assertNotIn('@API@', kg.generate(self.dir, '1.4.10', TEMPLATE)[0])
        open(api, 'w').write('zstd_x\nnot a name\n')
        with self.assertRaisesRegex(kg.GenError, "'not a name' is not a zstd_"):
            kg.generate(self.dir, '1.4.10', TEMPLATE, api=api)

    def test_frame_sizes_of_golden_vectors(self):
        """The parsed first frame of a one-frame vector is the whole file."""
        for f in ('raw-block.zst', 'level1-text.zst', 'level19-text-checksum.zst'):
            data = open(os.path.join(GOLDEN, 'must-decode', f), 'rb').read()
            self.assertEqual(kg.frame_info(data)['size'], len(data), f)


class FrameWarnings(unittest.TestCase):
    LOG = ("/b/kunit/t/linux/lib/zstd/decompress/zstd_decompress.c: In function \u2018ZSTD_copyRawBlock\u2019:\n"
           "/b/kunit/t/linux/lib/zstd/decompress/zstd_decompress.c:761:1: warning: the frame size of "
           "2208 bytes is larger than 2048 bytes [-Wframe-larger-than=]\n")

    def test_lib_zstd_warning_named(self):
        self.assertEqual(kr.frame_warnings(self.LOG),
                         ['frame size: lib/zstd/decompress/zstd_decompress.c:761 ZSTD_copyRawBlock: '
                          'a frame of 2208 bytes, over the limit of 2048'])

    def test_other_files_ignored(self):
        self.assertEqual(kr.frame_warnings(self.LOG.replace('lib/zstd/', 'fs/btrfs/')), [])

    def test_warning_fails_the_summary(self):
        cases = [('a', 'pass', [])]
        line, status = kr.summarize(cases, 1, kr.frame_warnings(self.LOG), 'L')
        self.assertEqual(status, 1)
        self.assertIn('kunit: failed', line)
        self.assertIn('ZSTD_copyRawBlock', line)


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

#!/usr/bin/env python3
"""tools/coverage/checks_measure.py on a made-up source with three checks:
one a single-defect input proves, one not proved, one listed unreachable
by its text; a check text on a macro's continuation line; then the
failures: a stale list entry (its text gone, or a check an input proves),
a manifest row whose input no longer passes or whose check's text is gone
(the check and the input named), a row that names no error return; an input whose check's branch is not
taken fails unless the findings registry knows it for the version (then
neither proved nor failed), and such an entry whose branch is taken is stale.

    python3 tests/test_checks_measure.py       (make python-tests)
"""
import os
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
MEASURE = os.path.join(HERE, '..', 'tools', 'coverage', 'checks_measure.py')

SOURCE = '''\
static size_t f(const char *p, size_t n)
{
	RETURN_ERROR_IF(n < 4, srcSize_wrong, "");
	if (p[0] != 'x')
		return ERROR(prefix_unknown);
	/* RETURN_ERROR(GENERIC, "a comment is no check"); */
	RETURN_ERROR_IF(p[1] & 1, frameParameter_unsupported, "reserved");
	return 0;
}

static size_t g(void)
{
	RETURN_ERROR(GENERIC, "never");
}
'''
ROW = 'x/{name}.zst | decompress/x.c | f | {err} | {text}\n'


class Fixture(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        t = self.tmp.name
        os.makedirs(os.path.join(t, 'zstd/decompress'))
        os.makedirs(os.path.join(t, 'sd'))
        self.write('zstd/decompress/x.c', SOURCE)
        self.write('unreachable.txt', 'g\tnever called\n')
        self.write('regions.txt', 'decompress/x.c\tcheck@f\t'
                   'RETURN_ERROR_IF(p[1] & 1, frameParameter_unsupported\tno input sets it\n')
        self.write('sd/MANIFEST', ROW.format(name='short', err='srcSize_wrong',
                                            text='RETURN_ERROR_IF(n < 4, srcSize_wrong, "");'))
        self.write('check.log', 'single-defect: short: ok srcSize_wrong\n')

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, rel, text, mode='w'):
        with open(os.path.join(self.tmp.name, rel), mode) as f:
            f.write(text)

    def run_measure(self, *opts):
        t = self.tmp.name
        if not os.path.exists(os.path.join(t, 'findings.txt')):
            self.write('findings.txt', '')
        p = subprocess.run([sys.executable, MEASURE, '--files', 'decompress/x.c',
                            '--findings', os.path.join(t, 'findings.txt')] + list(opts) + [
                            os.path.join(t, 'zstd'), os.path.join(t, 'unreachable.txt'),
                            os.path.join(t, 'regions.txt'), os.path.join(t, 'sd'),
                            os.path.join(t, 'check.log')],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        return p.returncode, p.stdout, p.stderr


class Measure(Fixture):
    def test_counts(self):
        rc, out, err = self.run_measure()
        self.assertEqual(rc, 0, err)
        # 4 error returns (not the comment): g's is unreachable by its function,
        # the reserved-bit one by its text; of the 2 reachable, 1 proved.
        self.assertIn('checks: decompress/x.c: 1 of 2 reachable proved '
                      '(4 error returns, 2 unreachable)', out)
        self.assertIn('checks:   not proved: decompress/x.c:5 f: return ERROR(prefix_unknown);',
                      out)
        self.assertEqual(out.count('not proved'), 1)
        self.assertIn('checks: all files: checks proved: 1 of 2 reachable', out)

    def test_only_the_lists_version(self):
        with open(os.path.join(self.tmp.name, 'regions.txt')) as f:
            self.write('regions.txt', '# zstd: 1.4.10\n' + f.read())
        rc, out, err = self.run_measure('--zstd', '1.4.10')
        self.assertEqual(rc, 0, err)
        self.assertIn('checks: all files: checks proved: 1 of 2 reachable', out)
        rc, out, err = self.run_measure('--zstd', '1.5.2')
        self.assertEqual(rc, 0, err)
        self.assertIn('checks proved: not measured for zstd 1.5.2', out)
        self.assertNotIn('reachable', out)

    def test_a_text_gone_is_stale(self):
        self.write('regions.txt', 'decompress/x.c\tcheck@f\tRETURN_ERROR_IF(p[2]\tgone\n', 'a')
        rc, _, err = self.run_measure()
        self.assertEqual(rc, 1)
        self.assertIn('RETURN_ERROR_IF(p[2]', err)
        self.assertIn('not found', err)

    def test_a_proved_check_listed_is_stale(self):
        self.write('regions.txt', 'decompress/x.c\tcheck@f\tRETURN_ERROR_IF(n < 4\twrong\n', 'a')
        rc, _, err = self.run_measure()
        self.assertEqual(rc, 1)
        self.assertIn('decompress/x.c:3 is listed unreachable', err)
        self.assertIn('yet short proves it', err)

    def test_an_input_no_longer_rejected_names_its_check(self):
        self.write('check.log', 'single-defect: short: FAIL the kernel accepts it one-shot\n')
        rc, out, _ = self.run_measure()
        self.assertEqual(rc, 1)
        self.assertIn('checks: FAIL short: input x/short.zst: its check decompress/x.c:3 f: '
                      'RETURN_ERROR_IF(n < 4, srcSize_wrong, "");: FAIL the kernel accepts it',
                      out)
        self.assertIn('checks: decompress/x.c: 0 of 2 reachable proved', out)

    def test_a_row_on_no_error_return(self):
        self.write('sd/MANIFEST', ROW.format(name='ret', err='-', text='return 0;'), 'a')
        self.write('check.log', 'single-defect: ret: ok\n', 'a')
        rc, out, _ = self.run_measure()
        self.assertEqual(rc, 1)
        self.assertIn('checks: FAIL ret: input x/ret.zst: its check decompress/x.c f: return 0;: '
                      'line 8 holds no error return', out)

    def test_a_text_on_a_continuation_line(self):
        self.write('zstd/decompress/x.c', SOURCE.replace(
            'RETURN_ERROR_IF(n < 4, srcSize_wrong, "");',
            'RETURN_ERROR_IF(\n\t\tn < 4, srcSize_wrong, "");'))
        self.write('sd/MANIFEST', ROW.format(name='short', err='srcSize_wrong',
                                            text='n < 4, srcSize_wrong,'))
        rc, out, err = self.run_measure()
        self.assertEqual(rc, 0, err)
        self.assertIn('checks: decompress/x.c: 1 of 2 reachable proved', out)
        self.assertIn('not proved: decompress/x.c:6 f: return ERROR(prefix_unknown);', out)

    def test_a_check_text_gone_names_the_input(self):
        self.write('zstd/decompress/x.c', SOURCE.replace('n < 4', 'n < 2'))
        rc, out, _ = self.run_measure()
        self.assertEqual(rc, 1)
        self.assertIn('checks: FAIL short: input x/short.zst: its check decompress/x.c f: '
                      'RETURN_ERROR_IF(n < 4, srcSize_wrong, "");: its text is not in f', out)

    def test_every_manifest_file(self):
        self.write('sd/MANIFEST-api', ROW.format(name='magic', err='prefix_unknown',
                                                text='return ERROR(prefix_unknown);'))
        self.write('check.log', 'single-defect: magic: ok prefix_unknown\n', 'a')
        rc, out, err = self.run_measure()
        self.assertEqual(rc, 0, err)
        self.assertIn('checks: decompress/x.c: 2 of 2 reachable proved', out)


class BranchNotTaken(Fixture):
    """The input 'short' fails with its error, but by another check."""

    ENTRY = ("finding | sd-short | gen-single-defect | {v} | single-defect | "
             "short: its check's branch is not taken | decompress/x.c f | x/short.zst | made up\n")

    def branches(self, verdict):
        self.write('branches.txt', 'single-defect-branches: short: decompress/x.c:3: %s\n' % verdict)
        return '--branches', os.path.join(self.tmp.name, 'branches.txt')

    def test_unknown_fails(self):
        rc, out, _ = self.run_measure('--zstd', '1.5.2', *self.branches('not-taken'))
        self.assertEqual(rc, 1)
        self.assertIn("checks: FAIL short: input x/short.zst: its check decompress/x.c:3 f: "
                      "RETURN_ERROR_IF(n < 4, srcSize_wrong, \"\");: its check's branch is not taken", out)

    def test_known_on_its_version_is_not_proved(self):
        self.write('findings.txt', self.ENTRY.format(v='1.5.2'))
        rc, out, err = self.run_measure('--zstd', '1.5.2', *self.branches('not-taken, known (corpus/findings.txt)'))
        self.assertEqual(rc, 0, err)
        self.assertIn("checks: known short: input x/short.zst: its check's branch is not taken", out)
        self.assertIn('checks: decompress/x.c: 0 of 2 reachable proved', out)

    def test_known_on_another_version_fails(self):
        self.write('findings.txt', self.ENTRY.format(v='1.4.10'))
        rc, out, _ = self.run_measure('--zstd', '1.5.2', *self.branches('not-taken'))
        self.assertEqual(rc, 1)
        self.assertIn('checks: FAIL short:', out)

    def test_known_but_taken_is_stale(self):
        self.write('findings.txt', self.ENTRY.format(v='1.5.2'))
        rc, _, err = self.run_measure('--zstd', '1.5.2', *self.branches('taken'))
        self.assertEqual(rc, 1)
        self.assertIn("short takes its check's branch, yet corpus/findings.txt (sd-short) says not", err)


if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""Unit tests of the per-version unreachable lists
(tools/coverage/unreachable_lists.py) and of the per-function reach
(tools/coverage/functions_reach.py).

    python3 tests/test_unreachable_lists.py     (make python-tests)
"""
import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'tools', 'coverage'))
import functions_reach as fr        # noqa: E402
import unreachable_lists as ul      # noqa: E402


class Lists(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, 'w') as f:
            f.write(text)
        return path

    def test_picked_by_the_version_line(self):
        old = (self.write('unreachable.txt', ''),
               self.write('unreachable-regions.txt', '# x\n# zstd: 1.4.10 (texts)\n'))
        new = (self.write('unreachable-1.5.2.txt', ''),
               self.write('unreachable-regions-1.5.2.txt', '# zstd: 1.5.2\n'))
        self.assertEqual(ul.lists('1.4.10', self.dir), old)
        self.assertEqual(ul.lists('1.5.2', self.dir), new)

    def test_no_lists_for_a_version(self):
        self.write('unreachable.txt', '')
        self.write('unreachable-regions.txt', '# zstd: 1.4.10\n')
        self.assertIsNone(ul.lists('1.5.7', self.dir))

    def test_a_regions_list_without_its_function_list(self):
        self.write('unreachable-regions-1.5.2.txt', '# zstd: 1.5.2\n')
        self.assertIsNone(ul.lists('1.5.2', self.dir))

    def test_the_repository_has_both_versions(self):
        for v in ('1.4.10', '1.5.2'):
            self.assertIsNotNone(ul.lists(v), v)

    def test_a_missing_version_is_one_line(self):
        err = io.StringIO()
        with redirect_stderr(err), redirect_stdout(io.StringIO()):
            rc = ul.main(['--zstd', '9.9.9'])
        self.assertEqual(rc, 1)
        self.assertEqual(len(err.getvalue().splitlines()), 1)
        self.assertIn('no unreachable lists for zstd 9.9.9', err.getvalue())


REPORT = """File '/t/src/lib/zstd/compress/a.c':
Name                 Regions    Miss   Cover     Lines    Miss   Cover  Branches    Miss   Cover
--------------------------------------------------------------------------------------------------
a.c:f                      5       1  80.00%         6       2  66.67%         2       1  50.00%
g                          3       3   0.00%         4       4   0.00%         0       0   0.00%
"""
SOURCE = 'int f(int x)\n{\n\tif (x == 7) {\n\t\tx++;\n\t}\n\treturn x;\n}\nint g(void)\n{\n\treturn 1;\n}\n'
LCOV = """SF:{src}
FN:1,a.c:f
FN:8,g
DA:1,3
DA:3,3
DA:4,0
DA:6,3
DA:8,0
DA:10,0
end_of_record
"""


class Reach(unittest.TestCase):
    def test_rows(self):
        self.assertEqual(list(fr.function_rows(REPORT.splitlines())),
                         [('compress/a.c', 'f', 6, 2), ('compress/a.c', 'g', 4, 4)])

    def test_region_lines_leave_their_function(self):
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, 'lib', 'zstd', 'compress')
            os.makedirs(src)
            with open(os.path.join(src, 'a.c'), 'w') as f:
                f.write(SOURCE)
            paths = {}
            for name, text in (('functions.txt', REPORT), ('lines.lcov', LCOV.format(src=os.path.join(src, 'a.c'))),
                               ('unr.txt', 'g\twhy\n'),
                               ('rgn.txt', '# zstd: 0\ncompress/a.c\tblock@f\tif (x == 7)\twhy\n')):
                paths[name] = os.path.join(d, name)
                with open(paths[name], 'w') as f:
                    f.write(text)
            out = io.StringIO()
            with redirect_stdout(out):
                rc = fr.main([paths['functions.txt'], paths['lines.lcov'], paths['unr.txt'],
                              paths['rgn.txt']])
        self.assertEqual(rc, 0)
        # f: 6 lines, 4 hit; the block's line 4 (not hit) leaves: 5 reachable, 4 hit; g is listed.
        self.assertEqual(out.getvalue().split(), ['compress/a.c', 'f', '5', '4', '80.00%'])


if __name__ == '__main__':
    unittest.main()

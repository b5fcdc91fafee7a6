#!/usr/bin/env python3
"""Unit tests of tools/coverage/coverage_regions.py's pieces: blanking
comments and strings, block, case and function scopes, the lists.
tests/test-coverage-regions.sh runs the whole program.

    python3 tests/test_coverage_regions.py     (make coverage-regions-test)
"""
import os
import sys
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'tools', 'coverage'))
import coverage_regions as cr       # noqa: E402


class Quiet(cr.Report):
    def __init__(self):
        super().__init__()
        self.said = []

    def warn(self, msg):
        self.said.append(msg)
        self.bad = True


def source(text, functions=()):
    return cr.Source('x.c', text.split('\n'), list(functions), Quiet())


class Strip(unittest.TestCase):
    def test_comments_and_strings(self):
        # `*/` and an escape pair each become one blank, as with awk.
        self.assertEqual(cr.strip_code(['a /* b */ c // d', 'x = "a\\"b"; y = \'}\';']),
                         ['a        c ', 'x =      ; y =    ;'])

    def test_a_comment_over_lines(self):
        self.assertEqual(cr.strip_code(['a /* b', 'c */ if (x)']),
                         ['a     ', '    if (x)'])


class Regions(unittest.TestCase):
    def test_braced_block(self):
        s = source('if (a &&\n    b) {\n\tx();\n} else {\n\ty();\n}')
        s.block(1, 1, 'if (a')
        self.assertEqual(s.region, {3})

    def test_block_closing_alone(self):
        s = source('if (a) {\n\tx();\n\t}')
        s.block(1, 1, 'if (a)')
        self.assertEqual(s.region, {2, 3})

    def test_statement_block(self):
        s = source('if (a)\n\tx(f(1),\n\t  2);\ny();')
        s.block(1, 1, 'if (a)')
        self.assertEqual(s.region, {2, 3})

    def test_one_line_if_has_nothing_apart(self):
        s = source('if (a) x();\ny();')
        s.mark_entry('block', '', 'if (a)')
        self.assertEqual(s.region, set())
        self.assertEqual(s.report.said, ['x.c: block "if (a)": no line to exclude'])

    def test_no_end_of_block(self):
        s = source('if (a) {\n\tx();')
        s.block(1, 1, 'if (a)')
        self.assertEqual(s.report.said, ['x.c: if (a): no end of block'])

    def test_case_up_to_the_next_label(self):
        s = source('switch (v) {\ncase 1:\n\tif (x) { y(); }\n\tbreak;\ncase 2:\n\tz();\n}')
        s.caselines(2)
        self.assertEqual(s.region, {2, 3, 4})
        s.region = set()
        s.caselines(5)
        self.assertEqual(s.region, {5, 6})

    def test_function_scope(self):
        s = source('\n'.join(['f', 'a', 'g', 'a', 'h']), [(1, 'x.c:f'), (3, 'g'), (5, 'h')])
        self.assertEqual(s.scope('g'), (3, 4))
        self.assertEqual(s.scope('f'), (1, 2))
        self.assertEqual(s.scope(''), (1, 5))
        self.assertIsNone(s.scope('nope'))
        s.mark_entry('line', 'g', 'a')
        self.assertEqual(s.region, {4})
        self.assertEqual((s.function_of(2), s.function_of(4)), ('x.c:f', 'g'))

    def test_function_starts(self):
        code = cr.strip_code(['static size_t', 'ZSTD_a(int x)', '{', '\tf(x);', '}',
                              'size_t ZSTD_b (void);', '#define M(x) x',
                              '/* g(x) */', 'MEM_STATIC int h(void) {'])
        self.assertEqual(cr.function_starts(code), [(2, 'ZSTD_a'), (9, 'h')])

    def test_check_matches_as_written(self):
        s = source('f()\n{\n\terror("no room");\n\t/* error("no room"); */\n}', [(1, 'f')])
        s.mark_entry('check', 'f', 'error("no room")')
        self.assertEqual(s.region, {3, 4})
        s = source('f()\n{\n\terror("no room");\n}', [(1, 'f')])
        s.mark_entry('line', 'f', 'error("no room")')
        self.assertEqual(s.region, set())

    def test_check_occurrence(self):
        s = source('f()\n{\n\tF(d);\n\tF(d);\n}', [(1, 'f')])
        s.mark_entry('check', 'f', 'F(d); (occurrence 2)')
        self.assertEqual(s.region, {4})


class Lists(unittest.TestCase):
    def test_listed_functions(self):
        listed = cr.Listed()
        for line in ('ZSTD_a  # why', '  indented', 'HUF_*', '# comment', ''):
            listed.add_line(line)
        self.assertIn('x.c:ZSTD_a', listed)
        self.assertIn('HUF_compress', listed)
        self.assertNotIn('ZSTD_b', listed)
        self.assertNotIn('indented', listed)

    def test_entries(self):
        report = Quiet()
        self.assertEqual(cr.parse_entry('c/x.c\tcase@f\tcase 1:\twhy', 'r:1', report),
                         ('c/x.c', 'case', 'f', 'case 1:'))
        self.assertIsNone(cr.parse_entry('# c', 'r:2', report))
        self.assertIsNone(cr.parse_entry(' \t', 'r:3', report))
        self.assertIsNone(cr.parse_entry('c/x.c\tfor\tx\twhy', 'r:4', report))
        self.assertEqual(report.said,
                         ['r:4: want FILE<tab>block|line|case|check[@FUNCTION]<tab>TEXT<tab>WHY'])

    def test_lcov_records(self):
        recs = list(cr.lcov_records(['SF:/t/src/lib/zstd/common/a.c', 'FN:3,a.c:f', 'DA:4,2',
                                     'DA:4,1', 'DA:5,0', 'end_of_record']))
        self.assertEqual(recs, [{'path': '/t/src/lib/zstd/common/a.c', 'rel': 'common/a.c',
                                 'functions': [(3, 'a.c:f')], 'da': {4: 3, 5: 0}}])


if __name__ == '__main__':
    unittest.main(verbosity=1)

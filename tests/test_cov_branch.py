#!/usr/bin/env python3
"""tools/coverage/cov_branch.py: a check's branch read from llvm-cov show
text (made-up text in llvm-cov 14's layout).

    python3 tests/test_cov_branch.py
"""
import os
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tools', 'coverage'))
import cov_branch  # noqa: E402

IF_LINE = '''\
   10|      4|	if (srcSize > max)
  ------------------
  |  Branch (10:6): [True: %s, False: 4]
  ------------------
   11|      0|		return 1;
'''
MACRO_LINE = '''\
   20|      7|	RETURN_ERROR_IF(x, corruption_detected, "");
  ------------------
  |  |   30|      7|    if (cond) {
  |  |  ------------------
  |  |  |  Branch (30:9): [True: %s, False: 7]
  |  |  |  Branch (30:9): [True: 9, False: 7]
  |  |  ------------------
   21|      7|	y = 2;
  |  Branch (21:3): [True: 5, False: 0]
'''
UNCOND_LINE = '''\
   40|      %s|	RETURN_ERROR(srcSize_wrong, "");
  ------------------
  |  |   31|      %s|    do { return ERROR(x); } while (0)
  ------------------
   41|      3|	z = 3;
'''


def taken(text, line):
    return cov_branch.taken(text.split('\n'), line)


class Taken(unittest.TestCase):
    def test_the_if_on_the_line(self):
        self.assertTrue(taken(IF_LINE % '1.2k', 10))
        self.assertFalse(taken(IF_LINE % '0', 10))

    def test_the_first_branch_of_the_macro(self):
        self.assertTrue(taken(MACRO_LINE % '2', 20))
        # The second branch of the expansion, and the next line's, do not count.
        self.assertFalse(taken(MACRO_LINE % '0', 20))

    def test_unconditional_error_is_its_expansion(self):
        self.assertTrue(taken(UNCOND_LINE % ('0', '1'), 40))
        self.assertFalse(taken(UNCOND_LINE % ('5', '0'), 40))
        # No expansion: the line's own count.
        line = '   50|      2|		error("ZSTD-compressed data is corrupt");\n   51|      0|	x;\n'
        self.assertTrue(taken(line, 50))
        self.assertFalse(taken(line.replace('2|', '0|', 1), 50))

    def test_no_such_line(self):
        self.assertFalse(taken(IF_LINE % '3', 99))

    def test_command_line(self):
        with tempfile.NamedTemporaryFile('w', suffix='.show') as f:
            f.write(IF_LINE % '3')
            f.flush()
            self.assertEqual(cov_branch.main([f.name, 'x']), 2)
            self.assertEqual(cov_branch.main(['/nonexistent.show', '10']), 2)


if __name__ == '__main__':
    unittest.main()

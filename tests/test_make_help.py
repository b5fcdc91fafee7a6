#!/usr/bin/env python3
"""make help lists every goal and every variable a user sets: each goal
a rule of the Makefile or a folder's *.goals.mk defines, each variable
they give a default with ?=, and each variable tools/make_args.py checks
must be a word of its output.

    python3 tests/test_make_help.py
"""
import glob
import os
import re
import subprocess
import sys
import unittest

sys.dont_write_bytecode = True
TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
sys.path.insert(0, os.path.join(TOP, 'tools'))
import make_args                    # noqa: E402

RULE = re.compile(r'^([a-z][a-z0-9_.-]*(?: [a-z][a-z0-9_.-]*)*)\s*:(?![:=])', re.M)
DEFAULT = re.compile(r'^([A-Z][A-Z0-9_]*)\s*\?=', re.M)


def goal_files(top):
    return [os.path.join(top, 'Makefile')] + sorted(
        glob.glob(os.path.join(top, '*', '*.goals.mk')) +
        glob.glob(os.path.join(top, '*', '*', '*.goals.mk')))


def goals_and_vars(texts):
    """The goals the rules of TEXTS define and the variables they default."""
    goals, variables = set(), set()
    for text in texts:
        for m in RULE.finditer(text):
            goals.update(m.group(1).split())
        variables.update(DEFAULT.findall(text))
    return goals, variables


def missing(help_text, names):
    words = set(re.findall(r'[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*', help_text))
    return sorted(n for n in names if n not in words)


class Help(unittest.TestCase):
    def test_every_goal_and_variable(self):
        out = subprocess.run(['make', '--no-print-directory', '-s', 'help'], cwd=TOP,
                             capture_output=True, text=True, check=True).stdout
        texts = [open(f, encoding='utf-8').read() for f in goal_files(TOP)]
        goals, variables = goals_and_vars(texts)
        self.assertIn('fuzz', goals)
        self.assertIn('gate-speed-calibrate', goals)
        self.assertIn('SECONDS', variables)
        self.assertEqual(missing(out, goals), [], 'goals make help leaves out')
        self.assertEqual(missing(out, variables | set(make_args.KNOWN)), [],
                         'variables make help leaves out')

    def test_a_missing_goal_is_seen(self):
        goals, variables = goals_and_vars(['X ?= 1\nnew-goal: dep\n\t@:\nold:\n\t@:\nY := 2\n'])
        self.assertEqual((goals, variables), ({'new-goal', 'old'}, {'X'}))
        self.assertEqual(missing('make old (X=)', goals | variables), ['new-goal'])


if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""Reports ready to send (corpus/open-findings/<id>/REPORT.md) stay tied to
the registry: each folder holding a REPORT.md is named by an id of
corpus/findings.txt (through lib/findings.py, every zstd version), and its
"## Reproducer" section names, `quoted`, at least one file that exists.
A report whose entry was renamed or whose reproducer moved fails, naming
the report.

    python3 tests/test_open_reports.py
"""
import os
import re
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
sys.path.insert(0, os.path.join(TOP, 'lib'))
import findings  # noqa: E402

QUOTED = re.compile(r'`([^`\s]+)`')
SECTION = re.compile(r'^## Reproducers?\b')


def reproducer_paths(text):
    """The `quoted` words of the report's Reproducer(s) section."""
    words, inside = [], False
    for line in text.split('\n'):
        if line.startswith('## '):
            inside = bool(SECTION.match(line))
            continue
        if inside:
            words += [w.rstrip('.,:;)') for w in QUOTED.findall(line)]
    return words


def report_problems(top, reports_dir, ids):
    """One line per report whose id is unknown or that names no existing reproducer."""
    problems = []
    for name in sorted(os.listdir(reports_dir)):
        report = os.path.join(reports_dir, name, 'REPORT.md')
        if not os.path.isfile(report):
            continue
        rel = os.path.relpath(report, top)
        if name not in ids:
            problems.append('%s: %s is no id of corpus/findings.txt' % (rel, name))
        with open(report, encoding='utf-8') as f:
            paths = reproducer_paths(f.read())
        if not any(os.path.isfile(os.path.join(top, p)) for p in paths):
            problems.append('%s: its Reproducer section names no existing file' % rel)
    return problems


class OpenReports(unittest.TestCase):
    def test_every_report_is_tied_to_the_registry(self):
        ids = {e.id for e in findings.load(zstd='')}
        reports = os.path.join(TOP, 'corpus', 'open-findings')
        self.assertTrue(any(os.path.isfile(os.path.join(reports, d, 'REPORT.md'))
                            for d in os.listdir(reports)))
        self.assertEqual(report_problems(TOP, reports, ids), [])

    def test_a_stale_report_is_seen(self):
        """An unknown id, and a reproducer that is not there, are both named."""
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, 'known'))
            os.makedirs(os.path.join(d, 'gone'))
            open(os.path.join(d, 'known', 'input.zst'), 'w').close()
            with open(os.path.join(d, 'known', 'REPORT.md'), 'w') as f:
                f.write('# x\n## Reproducer\n`known/input.zst`\n## Fix\n`gone/input.zst`\n')
            with open(os.path.join(d, 'gone', 'REPORT.md'), 'w') as f:
                f.write('# x\n## Reproducers\n`gone/input.zst`\n')
            self.assertEqual(report_problems(d, d, {'known'}), [
                'gone/REPORT.md: gone is no id of corpus/findings.txt',
                'gone/REPORT.md: its Reproducer section names no existing file'])


if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""corpus/README.md's classification of upstream's errata and permissive
entries: every finding it names is a divergence of corpus/findings.txt
that concerns each kernel version whose behaviour differs from zstd
1.5.7's, and a "no difference" row has one behaviour in every column."""
import os
import sys
import unittest

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
sys.path.insert(0, os.path.join(TOP, 'lib'))
import findings  # noqa: E402

HEADING = '## Upstream errata and permissive entries, classified'
KERNELS = ('1.4.10', '1.5.2')
WORDS = ('decodes', 'rejects', 'unreachable')


def table_rows(text):
    """The table's rows under HEADING, each a list of its cells."""
    section = text.split(HEADING, 1)[1].split('\n#', 1)[0]
    rows = [line.strip().strip('|').split('|') for line in section.splitlines()
            if line.startswith('| ')]
    return [[cell.strip() for cell in row] for row in rows[1:]]


class ErrataTable(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(os.path.join(TOP, 'corpus', 'README.md')) as f:
            cls.rows = table_rows(f.read())
        reg = findings.load(os.path.join(TOP, 'corpus', 'findings.txt'), zstd='')
        cls.divergences = {e.id: e for e in reg if e.kind == 'divergence'}

    def test_every_upstream_entry(self):
        docs = [r[0].split(':', 1)[0] for r in self.rows]
        self.assertEqual(docs.count('errata'), 6)
        self.assertEqual(docs.count('permissive'), 3)

    def test_rows(self):
        for entry, _last, k1, k2, r154, r157, finding in self.rows:
            with self.subTest(entry=entry):
                for word in (k1, k2, r154, r157):
                    self.assertIn(word, WORDS)
                if finding.startswith('no difference'):
                    self.assertEqual({k1, k2, r154}, {r157})
                    continue
                if finding.startswith('no kernel difference'):
                    self.assertEqual({k1, k2}, {'unreachable'})
                    continue
                self.assertIn(finding, self.divergences)
                entry_ = self.divergences[finding]
                for version, word in zip(KERNELS, (k1, k2)):
                    if word != r157:
                        self.assertTrue(entry_.covers_zstd(version),
                                        '%s: zstd field %s lacks %s' % (finding, entry_.zstd, version))

    def test_rows_parse(self):
        self.assertGreaterEqual(len(self.rows), 9)
        self.assertTrue(all(len(r) == 7 for r in self.rows))


if __name__ == '__main__':
    unittest.main()

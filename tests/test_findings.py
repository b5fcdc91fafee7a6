#!/usr/bin/env python3
"""The findings registry's loader (lib/findings.py) on made-up registries
and on the committed one."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
import findings  # noqa: E402

GOOD = '''# a comment
divergence | d-1 | decompress_oneshot,unzstd | 1.4.10 | oracle:mismatch | literals \
| upstream x | corpus/a.zst conformance/b.zst | why | with a bar
finding | f-1 | unzstd | 1.4.10,1.5.2 | timeout | a > b > loop | lib/x.c f() \
| K=1 L=2 corpus/c.zst corpus/d.zst | why
finding | f-2 | * | * | asan:SEGV | p > q > r (READ 1) | lib/y.c | - | why
'''


def bad(line):
    """The loader's complaint about a registry of one line."""
    try:
        findings.parse(line + '\n', 'r')
    except findings.RegistryError as err:
        return str(err)
    return None


class Parse(unittest.TestCase):
    def test_fields(self):
        d, f1, f2 = findings.parse(GOOD)
        self.assertEqual((d.kind, d.id, d.cls, d.signature),
                         ('divergence', 'd-1', 'oracle:mismatch', 'literals'))
        self.assertEqual(d.justification, 'why | with a bar')
        self.assertEqual(d.target_list(), ['decompress_oneshot', 'unzstd'])
        self.assertEqual(f1.reproducer_list(),
                         [(['K=1', 'L=2'], 'corpus/c.zst'), ([], 'corpus/d.zst')])
        self.assertEqual(f2.reproducer_list(), [])
        self.assertEqual(f1.line, 3)

    def test_malformed_lines(self):
        self.assertIn('want 9 fields', bad('finding | f | t | * | c | s | src | - '))
        self.assertIn('kind', bad('known | f | t | * | c | s | src | - | why'))
        self.assertIn('id', bad('finding | F_1 | t | * | c | s | src | - | why'))
        self.assertIn('targets', bad('finding | f | a b | * | c | s | src | - | why'))
        self.assertIn('empty field', bad('finding | f | t | * | c |  | src | - | why'))
        self.assertIn('oracle: class', bad('divergence | d | t | * | asan:x | block | src | - | why'))
        self.assertIn('acts on',
                      bad('divergence | d | t | * | oracle:mismatch | blocks | src | - | why'))
        self.assertIn('no file', bad('finding | f | t | * | c | s | src | corpus/x K=1 | why'))
        self.assertIn('line 2: id', bad('finding | f | t | * | c | s | src | - | why\n'
                                         'finding | f | t | * | c | s | src | - | why'))
        self.assertIsNone(bad('finding | f | t | * | c | s | src | - | why'))
        self.assertIn('zstd', bad('finding | f | t | 1.4 | c | s | src | - | why'))

    def test_stack_ceiling(self):
        """A stack finding names its ceiling, over its budget, in bytes."""
        line = 'finding | s | gate-stack | 1.5.2 | stack | %s | src | - | why'
        self.assertIsNone(bad(line % 'zstd_end_stream over its 2048 B budget, up to 2528 B'))
        for sig in ('zstd_end_stream over its 2048 B budget',
                    'zstd_end_stream over its 2048 B budget, up to 2048 B',
                    'zstd_end_stream over its 2048 B budget, up to 2.5 KB',
                    'zstd_end_stream over its 2048 B budget, up to 2528 B or so'):
            self.assertIn('ceiling', bad(line % sig), sig)


class Lookups(unittest.TestCase):
    def setUp(self):
        self.entries = findings.parse(GOOD)

    def test_match_exact(self):
        m = findings.match
        self.assertEqual(m(self.entries, 'x', 'asan:SEGV', 'p > q > r (READ 1)').id, 'f-2')
        self.assertIsNone(m(self.entries, 'x', 'asan:SEGV', 'p > q > r (READ 2)'))
        self.assertIsNone(m(self.entries, 'x', 'asan:SEGV', 'p > q'))
        # A divergence is not a known crash.
        self.assertIsNone(m(self.entries, 'unzstd', 'oracle:mismatch', 'literals'))

    def test_match_runaway_guard(self):
        m = findings.match
        # The guard's stack starts at the frame that called into the loop.
        self.assertEqual(m(self.entries, 'unzstd', 'timeout', 'loop > main').id, 'f-1')
        self.assertIsNone(m(self.entries, 'unzstd', 'timeout', 'b > main'))
        self.assertIsNone(m(self.entries, 'other', 'timeout', 'loop > main'))

    def test_versions(self):
        versions = {e.id: e for e in findings.parse(GOOD)}
        self.assertTrue(versions['d-1'].covers_zstd('1.4.10'))
        self.assertFalse(versions['d-1'].covers_zstd('1.5.2'))
        self.assertTrue(versions['f-1'].covers_zstd('1.5.2'))
        self.assertTrue(versions['f-2'].covers_zstd('1.5.7'))
        self.assertTrue(versions['d-1'].covers_zstd(''))

    def test_env(self):
        self.assertEqual(findings.reproducer_env(self.entries, 'corpus/c.zst'), ['K=1', 'L=2'])
        self.assertEqual(findings.reproducer_env(self.entries, './corpus/d.zst'), [])
        self.assertEqual(findings.reproducer_env(self.entries, 'corpus/none'), [])

    def test_missing_reproducers(self):
        with tempfile.TemporaryDirectory() as top:
            os.makedirs(os.path.join(top, 'corpus'))
            open(os.path.join(top, 'corpus', 'c.zst'), 'w').close()
            missing = [p for _, p in findings.missing_reproducers(self.entries, top)]
            self.assertEqual(missing, ['corpus/a.zst', 'conformance/b.zst', 'corpus/d.zst'])

    def test_crashers(self):
        """A crash-class finding's reproducers under corpus/open-findings/,
        once each, sorted, with the entry's class as a folder name."""
        text = (
            'finding | a | unzstd | * | asan:SEGV | s | x | K=1 corpus/open-findings/a/z.zst '
            'corpus/regression/unzstd/r | why\n'
            'finding | b | unzstd | * | oom | s | x | corpus/open-findings/a/z.zst '
            'corpus/open-findings/b/y | why\n'
            'finding | c | fanotify_sample | * | timeout | s | x | corpus/open-findings/c/l | why\n'
            'finding | d | unzstd | * | oracle:uninit-output | s | x | corpus/open-findings/d/u | w\n'
            'finding | e | * | * | asan:SEGV | s | x | corpus/open-findings/e/v | why\n')
        e = findings.parse(text)
        self.assertEqual(findings.crashers(e), [
            ('corpus/open-findings/a/z.zst', 'unzstd', 'asan-SEGV'),
            ('corpus/open-findings/b/y', 'unzstd', 'oom'),
            ('corpus/open-findings/c/l', 'fanotify_sample', 'timeout')])
        self.assertEqual([c[0] for c in findings.crashers(e, 'fanotify_sample')],
                         ['corpus/open-findings/c/l'])
        self.assertEqual(findings.reproducer_target(e, './corpus/open-findings/b/y'), 'unzstd')
        self.assertEqual(findings.reproducer_target(
            e, os.path.join(findings.TOP, 'corpus/open-findings/c/l')), 'fanotify_sample')
        self.assertIsNone(findings.reproducer_target(e, 'corpus/open-findings/e/v'))
        self.assertIsNone(findings.reproducer_target(e, 'corpus/none'))

    def test_c_table_escapes(self):
        e = findings.parse('finding | f | t | * | c | a "b" \\ c | src | - | why\n')
        self.assertIn(r'"a \"b\" \\ c"', findings.c_table(e, 'r'))


class Committed(unittest.TestCase):
    """The registry in the repo loads, and every reproducer it names exists."""
    def test_registry(self):
        entries = findings.load()
        self.assertEqual(findings.missing_reproducers(entries), [])
        for e in entries:
            if e.kind == 'divergence':
                repro = [p for _, p in e.reproducer_list()]
                self.assertIn('corpus/divergences/%s/%s.zst' % (e.id, e.id), repro, e.id)

    FOLDERS = {'divergence': 'corpus/divergences', 'finding': 'corpus/open-findings'}

    def test_justifications_short(self):
        """A divergence's or a finding's justification is at most 300
        characters and points at its folder's README.md, which holds the
        long story."""
        n = 0
        for e in findings.load(zstd=''):
            if e.kind in self.FOLDERS:
                n += 1
                self.assertLessEqual(len(e.justification), 300, e.id)
                readme = '%s/%s/README.md' % (self.FOLDERS[e.kind], e.id)
                self.assertIn(readme, e.justification, e.id)
                self.assertTrue(os.path.isfile(os.path.join(findings.TOP, readme)), readme)
        self.assertGreater(n, 0)

    def test_crashers_in_their_folders(self):
        """Every committed crasher is a reproducer of a finding, kept in a
        finding's folder, as each zstd version sees the registry; none is
        left in the old corpus/crashers/."""
        self.assertFalse(os.path.exists(os.path.join(findings.TOP, 'corpus', 'crashers')))
        for version in ('1.4.10', '1.5.2'):
            rows = findings.crashers(findings.load(zstd=version))
            self.assertGreater(len(rows), 0, version)
            ids = {e.id for e in findings.load(zstd='') if e.kind == 'finding'}
            for path, _, _ in rows:
                self.assertIn(path.split(os.sep)[2], ids, path)
                self.assertTrue(os.path.isfile(os.path.join(findings.TOP, path)), path)

    def test_divergence_folders(self):
        """One folder per divergence, each with its README.md and golden.txt,
        and nothing else in corpus/divergences/."""
        top = os.path.join(findings.TOP, 'corpus', 'divergences')
        ids = {e.id for e in findings.load(zstd='') if e.kind == 'divergence'}
        self.assertEqual(sorted(os.listdir(top)), sorted(ids))
        for i in ids:
            for f in ('README.md', 'golden.txt', i + '.zst'):
                self.assertTrue(os.path.isfile(os.path.join(top, i, f)), (i, f))

if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""Unit tests of the targets' manifest (fuzz/targets.tsv) and its reader
(fuzz/targets.py): every row is a target with its seeds function, every
target a row; what a tree of each API level gets, also through
fuzz/targets.mk; the OSS-Fuzz .options and gen-seeds' table made from it;
a malformed row refused with one line.

    python3 tests/test_targets.py
"""
import glob
import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
sys.path.insert(0, os.path.join(TOP, 'fuzz'))
import targets                      # noqa: E402

NEW_API = '5.16 API + dictionaries, allocators'
ROW = '{}\t5.16\tframe\t4096\tseeds_frames\tlibfuzzer,afl\t-\t6.1\n'


def manifest_of(text):
    with tempfile.NamedTemporaryFile('w', suffix='.tsv', delete=False) as f:
        f.write(text)
    try:
        return targets.read(f.name)
    finally:
        os.unlink(f.name)


def make_lists(level):
    """fuzz/targets.mk's lists for a tree of API level LEVEL."""
    mk = ('include fuzz/targets.mk\np:\n\t@echo "$(FUZZ_TARGETS)"; echo "$(ZSTD_TARGETS)"; '
          'echo "$(FANOTIFY_TARGETS)"; echo "$(FRAME_TARGETS)"\n')
    out = subprocess.run(['make', '--no-print-directory', '-s', '-f', '-', 'p',
                          f'KTREE_API_LEVEL={level}'], input=mk, cwd=TOP, text=True,
                         capture_output=True, check=True).stdout
    return [line.split() for line in out.splitlines()]


class Manifest(unittest.TestCase):
    def test_each_row_a_target_and_its_seeds(self):
        rows = targets.read()
        seeds_src = ''.join(open(f, encoding='utf-8').read()
                            for f in glob.glob(os.path.join(TOP, 'tools', 'seeds', '*.c')))
        for name, row in rows.items():
            self.assertTrue(os.path.isfile(os.path.join(TOP, 'fuzz', name + '.c')), name)
            if row['seeds'] != targets.FANOTIFY_SEEDS:
                self.assertRegex(seeds_src, r'\bint %s\(const struct seed_sink \*sink\)\n\{'
                                 % row['seeds'], name)

    def test_what_each_api_level_gets(self):
        rows = targets.read()
        old, new = targets.names(rows, '5.16 API'), targets.names(rows, NEW_API)
        self.assertIn('decompress_oneshot', old)
        self.assertNotIn('decompress_ddict', old)
        self.assertEqual(sorted(set(new) - set(old)), ['compress_cdict', 'compress_zram',
                                                      'decompress_ddict'])
        self.assertEqual(new, list(rows))

    def test_targets_mk_reads_it(self):
        rows = targets.read()
        for level in ('5.16 API', NEW_API):
            every, zstd, fan, frames = make_lists(level)
            self.assertEqual(sorted(every), sorted(targets.names(rows, level)), level)
            self.assertEqual(zstd + fan, every, level)
            self.assertEqual(fan, ['fanotify_sample', 'fanotify_reference', 'fanotify_structured'])
            self.assertEqual(sorted(frames), sorted(targets.names(rows, level, "frame")))
            self.assertIn('unzstd', frames)

    def test_options(self):
        text = targets.options_text(targets.read()['unzstd'])
        self.assertEqual(text, '[libfuzzer]\nmax_len = 4194304\nmalloc_limit_mb = 1048576\n'
                         'rss_limit_mb = 2560\n\n[asan]\nallocator_may_return_null = 1\n')
        self.assertEqual(targets.options_text(targets.read()['frame_header']),
                         '[libfuzzer]\nmax_len = 4096\n')

    def test_seed_table(self):
        table = targets.seed_table(targets.read())
        self.assertIn('\t{ "decompress_stream", seeds_decompress_stream },\n', table)
        self.assertNotIn('fanotify', table)

    def test_malformed_rows_refused(self):
        self.assertEqual(list(manifest_of('# c\n' + ROW.format('a'))), ['a'])
        for bad, why in ((ROW.format('a') * 2, 'named twice'),
                         ('a\t5.16\tframe\n', 'columns'),
                         (ROW.format('a').replace('4096', '0'), 'max_len 0'),
                         (ROW.format('a').replace('4096', '4k'), 'max_len 4k'),
                         (ROW.format('a').replace('frame', 'frames'), 'input frames'),
                         (ROW.format('a').replace('libfuzzer,afl', 'honggfuzz'), 'engines'),
                         (ROW.format('a').replace('seeds_frames', 'frames'), 'seeds frames'),
                         (ROW.format('a').replace('\t-\t', '\tmax_len\t'), 'option max_len'),
                         ('# nothing\n', 'no targets')):
            with self.assertRaises(targets.ManifestError, msg=bad) as e:
                manifest_of(bad)
            self.assertIn(why, str(e.exception))
            self.assertNotIn('\n', str(e.exception))

    def test_unknown_target_one_line(self):
        r = subprocess.run([sys.executable, os.path.join(TOP, 'fuzz', 'targets.py'), 'options',
                            'nosuch'], capture_output=True, text=True)
        self.assertEqual(r.returncode, 1)
        self.assertRegex(r.stderr, r'^targets: nosuch: no such target in \S+ \(one of: .*\)\n$')


if __name__ == '__main__':
    unittest.main()

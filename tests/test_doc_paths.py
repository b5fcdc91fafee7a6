#!/usr/bin/env python3
"""Every repository path a document names exists: in each tracked .md
file, a `quoted` word that starts with a tracked top-level folder of the
repository (fuzz/..., corpus/...; not build/) or is a top-level file,
with no placeholder in it (<x>, *, $, {a,b}, ...), must name a file or
folder of the working tree. The kernel tree's own lib/ files (lib/zstd,
lib/decompress_unzstd.c, lib/xxhash.c) are the tree's, not ours. A
document pointing at a deleted file fails, naming the document, its line
and the path.

    python3 tests/test_doc_paths.py
"""
import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
QUOTED = re.compile(r'`([^`\s]+)`')
PLACEHOLDER = re.compile(r'[<>*$?{}\[\]|]|\.\.\.')
KERNEL_TREE = re.compile(r'lib/(zstd|decompress_|xxhash)')


def tracked(top, suffix):
    out = subprocess.run(['git', '-C', top, 'ls-files', '-z'], capture_output=True, check=True,
                         text=True).stdout
    return sorted(f for f in out.split('\0') if f and f.endswith(suffix))


def stale_paths(top, docs):
    """(doc, line number, path) of each path the docs name that does not exist."""
    roots = {f.split('/', 1)[0] for f in tracked(top, '')}
    stale = []
    for doc in docs:
        with open(os.path.join(top, doc), encoding='utf-8') as f:
            lines = f.read().split('\n')
        for n, line in enumerate(lines, 1):
            for word in QUOTED.findall(line):
                path = word.rstrip('.,:;)').split(':', 1)[0]
                first = path.split('/', 1)[0]
                if first not in roots or PLACEHOLDER.search(path) or KERNEL_TREE.match(path):
                    continue
                if '/' not in path and not os.path.isfile(os.path.join(top, path)):
                    continue    # a bare word that happens to be a folder's name
                if not os.path.exists(os.path.join(top, path)):
                    stale.append((doc, n, path))
    return stale


class DocPaths(unittest.TestCase):
    def test_every_named_path_exists(self):
        docs = tracked(TOP, '.md')
        self.assertIn('README.md', docs)
        stale = stale_paths(TOP, docs)
        self.assertEqual(['%s:%d: %s' % s for s in stale], [])

    def test_a_stale_path_is_seen(self):
        """A made-up document naming a deleted file, and one that is there."""
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, 'fuzz'))
            open(os.path.join(d, 'fuzz', 'here.py'), 'w').close()
            with open(os.path.join(d, 'A.md'), 'w') as f:
                f.write('See `fuzz/here.py`, `fuzz/<target>.c`, `lib/zstd` and\n'
                        '`fuzz/gone.txt`.\n')
            subprocess.run(['git', 'init', '-q', d], check=True)
            subprocess.run(['git', '-C', d, 'add', '.'], check=True)
            self.assertEqual(stale_paths(d, ['A.md']), [('A.md', 2, 'fuzz/gone.txt')])


if __name__ == '__main__':
    unittest.main()

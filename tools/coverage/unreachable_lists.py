#!/usr/bin/env python3
"""The unreachable-code lists of a kernel zstd version: the function list
and the regions list whose texts are that version's (each wrapper reaches
its own code: 6.1's has no dictionaries, 6.12's has).

  unreachable_lists.py [--zstd V]

Prints the two paths, one a line (default V: $KZ_ZSTD_VERSION, which the
Makefile exports). A regions list names its version in a "# zstd: V"
line; its function list is the same name without "-regions"
(corpus/unreachable-regions.txt and corpus/unreachable.txt for 1.4.10,
corpus/unreachable-regions-1.5.2.txt and corpus/unreachable-1.5.2.txt for
1.5.2). A version with no lists is a one-line error, exit 1.
"""
import glob
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(TOP, 'corpus')


def list_version(path):
    """The version a "# zstd: V" line of path names, or None."""
    with open(path, encoding='latin-1') as f:
        for line in f:
            m = re.match(r'#\s*zstd:\s*(\S+)', line)
            if m:
                return m.group(1)
    return None


def lists(version, corpus=CORPUS):
    """(function list, regions list) of version, None when it has none."""
    for regions in sorted(glob.glob(os.path.join(corpus, 'unreachable-regions*.txt'))):
        if list_version(regions) != version:
            continue
        functions = os.path.join(corpus, os.path.basename(regions).replace('-regions', '', 1))
        if os.path.isfile(functions):
            return functions, regions
    return None


def main(argv):
    version = os.environ.get('KZ_ZSTD_VERSION', '')
    if argv[:1] == ['--zstd'] and len(argv) == 2:
        version = argv[1]
    elif argv:
        sys.stderr.write('usage: unreachable_lists.py [--zstd V]\n')
        return 2
    if not version:
        sys.stderr.write('unreachable-lists: no zstd version (--zstd V or KZ_ZSTD_VERSION)\n')
        return 1
    found = lists(version)
    if not found:
        sys.stderr.write('unreachable-lists: no unreachable lists for zstd %s (want '
                         'corpus/unreachable-regions-%s.txt with "# zstd: %s", and '
                         'corpus/unreachable-%s.txt)\n' % (version, version, version, version))
        return 1
    print('\n'.join(os.path.relpath(p) for p in found))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

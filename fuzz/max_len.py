#!/usr/bin/env python3
"""A fuzz target's largest input: the max_len column of the targets'
manifest (fuzz/targets.tsv, read by fuzz/targets.py).

  max_len.py TARGET...     prints each target's max_len, one a line;
                           exits 1 with one line for a target it lacks
"""
import sys

import targets

MaxLenError = targets.ManifestError


def read_table(path=targets.MANIFEST):
    """{target: bytes} of the manifest at path."""
    return {name: row['max_len'] for name, row in targets.read(path).items()}


def max_len(target, table=None):
    table = read_table() if table is None else table
    if target not in table:
        raise MaxLenError(f'{target}: no max_len in {targets.MANIFEST}')
    return table[target]


def main(argv):
    try:
        table = read_table()
        for t in argv:
            print(max_len(t, table))
    except MaxLenError as e:
        print(f'max_len: {e}', file=sys.stderr)
        return 1
    return 0 if argv else 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

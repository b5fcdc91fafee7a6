#!/usr/bin/env python3
"""A fuzz target's largest input, from fuzz/max_len.txt (the one table).

  max_len.py TARGET...     prints each target's max_len, one a line;
                           exits 1 with one line for a target it lacks
"""
import os
import re
import sys

TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'max_len.txt')


class MaxLenError(Exception):
    """The table is unreadable, malformed, or lacks a target."""


def read_table(path=TABLE):
    """{target: bytes} of the table at path."""
    table = {}
    try:
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
    except OSError as e:
        raise MaxLenError(f'{path}: {e.strerror}') from None
    for n, line in enumerate(lines, 1):
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r'([A-Za-z0-9_]+)\s+([1-9][0-9]*)', line)
        if not m or m.group(1) in table:
            raise MaxLenError(f'{path}:{n}: not "target bytes", or a target named twice: {line}')
        table[m.group(1)] = int(m.group(2))
    return table


def max_len(target, table=None):
    table = read_table() if table is None else table
    if target not in table:
        raise MaxLenError(f'{target}: no max_len in {TABLE}')
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

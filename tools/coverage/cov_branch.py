#!/usr/bin/env python3
"""Is a check's error branch taken? Read from `llvm-cov show
--show-branches=count --show-expansions` text of one source file.

    cov_branch.py SHOW LINE      prints taken or not-taken

At LINE: the True count of the branch of an `if` on that line, else that
of the first branch of the macro it expands (RETURN_ERROR_IF, CHECK_F,
BOUNDCHECK...). A line with no condition of its own (RETURN_ERROR(...),
a line holding only return ERROR(...), unzstd's error("...") calls, the
modules' return NULL) is the error branch itself: taken when its first
expansion ran, else when the line itself ran (the count of the line can be
that of the enclosing region: the body of an unbraced if counts as the if
does). The lines read end at the next source line of the file.
single-defect-branches.sh calls it for each single-defect input.
"""
import re
import sys

SOURCE_LINE = re.compile(r' *[0-9]+\|')
UNCONDITIONAL = re.compile(r'RETURN_ERROR\(|[^_A-Za-z0-9]error\("|return NULL;')
RETURN_ERROR_LINE = re.compile(r' *[0-9]+\| *[0-9]*\| *return ERROR\(')
EXPANSION_LINE = re.compile(r' *\| *\| *[0-9]+\| *[0-9]+\|')
LINE_NUMBER = re.compile(r'\s*[-+]?[0-9]+\.?[0-9]*\s*')
NUMBER = re.compile(r'\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?')


def number(text):
    """The number text starts with (llvm-cov writes 1.2k), as awk reads it: 0 if none."""
    m = NUMBER.match(text)
    return float(m.group(0)) if m else 0.0


def taken(lines, line):
    """True when the check at source line `line` took its error branch."""
    at = re.compile(r' *%d\|' % line)
    inside = uncond = expanded = direct = first_seen = False
    hit, first = False, 0.0
    for s in lines:
        if at.match(s):
            inside = True
            if UNCONDITIONAL.search(s) or RETURN_ERROR_LINE.match(s):
                uncond, hit = True, number(s.split('|')[1]) > 0
            continue
        if not inside:
            continue
        if SOURCE_LINE.match(s):
            break
        if uncond and not expanded and EXPANSION_LINE.match(s):
            expanded, hit = True, number(s.split('|')[3]) > 0
        if 'Branch (' in s and 'True: ' in s and not uncond:
            at_line = s.rsplit('Branch (', 1)[1].split(':', 1)[0]
            count = number(s.rsplit('True: ', 1)[1].split(',', 1)[0])
            if LINE_NUMBER.fullmatch(at_line) and number(at_line) == line:
                direct = True
                hit = hit or count > 0
            elif not first_seen:
                first_seen, first = True, count
    return hit if uncond or direct else first > 0


def main(argv):
    if len(argv) != 2 or not argv[1].isdigit():
        print('usage: cov_branch.py SHOW LINE', file=sys.stderr)
        return 2
    try:
        with open(argv[0], encoding='utf-8', errors='replace') as f:
            lines = f.read().split('\n')
    except OSError as err:
        print('cov_branch: %s: %s' % (argv[0], err.strerror), file=sys.stderr)
        return 2
    print('taken' if taken(lines, int(argv[1])) else 'not-taken')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Line coverage per function of lib/zstd, counted as coverage-reachable.sh
counts it per file: the functions UNREACHABLE_TXT lists left out, and the
region lines of UNREACHABLE_REGIONS (coverage_regions.py) taken out of the
function holding them.

  functions_reach.py FUNCTIONS_TXT LCOV UNREACHABLE_TXT UNREACHABLE_REGIONS

FUNCTIONS_TXT is `llvm-cov report -show-functions` of lib/zstd, LCOV its
`llvm-cov export -format=lcov`. Prints one line per reachable function:
file (under lib/zstd/), function, reachable lines, lines hit, cover.
(make coverage writes it to functions-reach.txt.)
"""
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import coverage_regions as cr      # noqa: E402


def function_rows(lines):
    """(file, function, lines, missed) of each function row of llvm-cov's
    per-function report, static functions without their "file.c:"."""
    rel = None
    for line in lines:
        m = re.match(r"File '(.*)':$", line)
        if m:
            rel = re.sub(r'.*/lib/zstd/', '', m.group(1), 1)
            continue
        f = line.split()
        if rel and len(f) >= 7 and f[1].isdigit() and f[0] not in ('TOTAL', 'Name'):
            yield rel, cr.short_name(f[0]), int(f[4]), int(f[5])


def region_counts(lcov, entries, listed, report):
    """{(file, function): (region lines, of them hit)}."""
    out = {}
    for record in cr.lcov_records(cr.read_lines(lcov)):
        lines, _ = cr.region_lines(record, entries, listed, report)
        for l, fn in lines.items():
            key = (record['rel'], cr.short_name(fn or ''))
            n, hit = out.get(key, (0, 0))
            out[key] = (n + 1, hit + (record['da'][l] > 0))
    return out


def main(argv):
    if len(argv) != 4:
        sys.stderr.write('usage: functions_reach.py FUNCTIONS_TXT LCOV UNREACHABLE_TXT '
                         'UNREACHABLE_REGIONS\n')
        return 2
    for f in argv:
        if not os.path.isfile(f):
            sys.stderr.write('functions-reach: %s: no such file\n' % f)
            return 1
    functions, lcov, fn_file, regions = argv
    report, listed = cr.Report(), cr.Listed()
    for line in cr.read_lines(fn_file):
        listed.add_line(line)
    entries = [e for n, line in enumerate(cr.read_lines(regions), 1)
               for e in [cr.parse_entry(line, '%s:%d' % (regions, n), report)] if e]
    rgn = region_counts(lcov, entries, listed, report)
    for rel, name, lines, missed in function_rows(cr.read_lines(functions)):
        if name in listed:
            continue
        n, hit = rgn.get((rel, name), (0, 0))
        reach, covered = lines - n, lines - missed - hit
        cover = '%6.2f%%' % (100.0 * covered / reach) if reach else '     -'
        sys.stdout.write('%-34s %-48s %5d %5d %s\n' % (rel, name, reach, covered, cover))
    return 1 if report.bad else 0


if __name__ == '__main__':
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(encoding=cr.ENCODING, errors='replace')
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Lines of lib/zstd inside source regions that UNREACHABLE_REGIONS lists as
out of the wrapper's reach (dead branches of inlined templates), counted
from an `llvm-cov export -format=lcov` file.

  coverage_regions.py LCOV UNREACHABLE_TXT UNREACHABLE_REGIONS

An entry is
  FILE  KIND  TEXT  WHY        (tab-separated; # comments)
KIND block: every line holding TEXT opens a branch, `if (cond)` or
`else if (cond)`: its body is the brace-matched block after the
condition (the lines after the `{`, and the `}` line when it holds only
braces), or the statement on the following lines when there is no `{`
(none when the statement shares the condition's line).
KIND line: every line holding TEXT (an arm of `?:` on its own line).
KIND case: TEXT is a `case LABEL` line of a switch: that line and the
ones after it up to the next label or the end of the switch.
KIND check: every line holding TEXT as written (strings included), or
with TEXT ending in " (occurrence N)" the Nth such line: an error return
the wrapper cannot take, though its condition runs. Not a
region of lines (its line runs); tools/coverage/checks_measure.py reads
these entries and fails on a stale one.
KIND@FUNCTION looks for TEXT inside FUNCTION only (from its first line to
the next function's).
Lines inside functions UNREACHABLE_TXT lists are not counted twice.
Output, one line per file: relative path, region lines, region lines hit.
A region line the corpus hit and a TEXT found nowhere are named on stderr
and make the exit status 1.
"""
import os
import re
import sys

KINDS = ('block', 'line', 'case', 'check')
# Kinds that mark no region of lines: their lines run.
CHECK_KINDS = ('check',)
# Bytes as they are: sources are read and named byte for byte.
ENCODING = 'latin-1'


class Report:
    """The complaints so far, each one line on stderr."""

    def __init__(self):
        self.bad = False

    def warn(self, msg):
        sys.stderr.write(f'coverage-regions: {msg}\n')
        self.bad = True


def strip_code(lines):
    """The lines with comments, strings and char literals blanked, in
    order: a comment may span lines. A `*/` and an escape pair become one
    blank, as they always did (the columns of later matches follow)."""
    out, incomment = [], False
    for s in lines:
        text, i, n = [], 0, len(s)
        while i < n:
            c = s[i]
            if incomment:
                if c == '*' and s[i + 1:i + 2] == '/':
                    incomment = False
                    i += 1
                text.append(' ')
            elif c == '/' and s[i + 1:i + 2] == '*':
                incomment = True
                i += 1
                text.append('  ')
            elif c == '/' and s[i + 1:i + 2] == '/':
                break
            elif c in '"\'':
                text.append(' ')
                i += 1
                while i < n and s[i] != c:
                    if s[i] == '\\':
                        i += 1
                    text.append(' ')
                    i += 1
                text.append(' ')
            else:
                text.append(c)
            i += 1
        out.append(''.join(text))
    return out


class Source:
    """One source file: its lines, their code, its functions (line, name)
    from the lcov record, and the region lines marked so far."""

    def __init__(self, rel, lines, functions, report):
        self.rel, self.src, self.functions = rel, lines, functions
        self.code = strip_code(lines)
        self.report = report
        self.region = set()
        self.marked = 0

    def line(self, l):
        """Code of line l, counted from 1."""
        return self.code[l - 1] if 1 <= l <= len(self.code) else ''

    def mark(self, l):
        self.region.add(l)
        self.marked += 1

    def only_braces(self, l):
        return re.sub(r'[ \t}]', '', self.line(l)) == ''

    def caselines(self, l):
        """Marks the line of a case label and the lines after it until the
        next label."""
        depth = braces(self.line(l))
        self.mark(l)
        for i in range(l + 1, len(self.code) + 1):
            s = self.line(i)
            t = s.lstrip(' \t')
            if depth == 0 and (re.match(r'case[ \t]', t) or re.match(r'default[ \t:]', t)):
                return
            depth += braces(s)
            if depth < 0:
                return
            self.mark(i)

    def block(self, l, col, text):
        """Marks the body of the branch whose condition starts at column
        col (from 1) of line l."""
        phase = depth = opened = start = 0
        for i in range(l, len(self.code) + 1):
            s = self.line(i)
            j = col if i == l else 1
            while j <= len(s):
                c = s[j - 1]
                j += 1
                if phase == 0:                  # the condition
                    if c == '(':
                        depth += 1
                    elif c == ')':
                        depth -= 1
                        if depth == 0:
                            phase = 1
                elif phase == 1:                # what follows it
                    if c in ' \t':
                        continue
                    if c == '{':
                        phase, depth, opened = 2, 1, i
                    elif i == l:
                        return                  # `if (c) s;` on one line: nothing apart
                    else:
                        phase, start, depth = 3, i, 0
                        j -= 1
                elif phase == 2:                # a braced body
                    if c == '{':
                        depth += 1
                    elif c == '}':
                        depth -= 1
                        if depth == 0:
                            for k in range(opened + 1, i):
                                self.mark(k)
                            if i > opened and self.only_braces(i):
                                self.mark(i)
                            return
                else:                           # one statement
                    if c == '(':
                        depth += 1
                    elif c == ')':
                        depth -= 1
                    elif c == ';' and depth == 0:
                        for k in range(start, i + 1):
                            self.mark(k)
                        return
        self.report.warn(f'{self.rel}: {text}: no end of block')

    def scope(self, fname):
        """Lines (lo, hi) of function fname (static ones are "file.c:name"
        in lcov), or None when it has none."""
        if fname == '':
            return 1, len(self.code)
        lo = 0
        for first, name in self.functions:
            if short_name(name) == fname:
                lo = first
        if not lo:
            return None
        hi = len(self.code)
        for first, _ in self.functions:
            if first > lo and first - 1 < hi:
                hi = first - 1
        return lo, hi

    def mark_entry(self, kind, fname, text):
        self.marked, found = 0, False
        lines = self.scope(fname)
        if lines is None:
            self.report.warn(f'{self.rel}: no function {fname}')
            return
        nth, seen = 0, 0
        occ = re.match(r'(.*) \(occurrence ([0-9]+)\)$', text) if kind in CHECK_KINDS else None
        if occ:
            text, nth = occ.group(1), int(occ.group(2))
        for l in range(lines[0], lines[1] + 1):
            where = self.src[l - 1] if kind in CHECK_KINDS and l <= len(self.src) else self.line(l)
            p = where.find(text) + 1
            if not p:
                continue
            seen += 1
            if nth and seen != nth:
                continue
            found = True
            if kind in ('line', 'check'):
                self.mark(l)
            elif kind == 'case':
                self.caselines(l)
            else:
                self.block(l, p, text)
        if not found or not self.marked:
            why = 'no line to exclude' if found else 'not found'
            self.report.warn(f'{self.rel}: {kind} "{text}": {why}')

    def function_of(self, l):
        """The function holding line l: the one starting last at or before l."""
        best, best_line = None, 0
        for first, name in self.functions:
            if best_line < first <= l:
                best, best_line = name, first
        return best


def function_starts(code):
    """(first line, name) of each function definition in code (lines
    with comments blanked), for a source without an lcov record: a line
    at column 0 that starts with a name and holds a parenthesis, not a
    preprocessor line nor one ending in `;`; the name is the word before
    its first parenthesis."""
    found = []
    for l, s in enumerate(code, 1):
        m = re.match(r'([A-Za-z_][^(]*?)\s*\(', s)
        if not m or s.rstrip().endswith(';'):
            continue
        name = re.search(r'([A-Za-z_]\w*)$', m.group(1))
        if name:
            found.append((l, name.group(1)))
    return found


def braces(s):
    return s.count('{') - s.count('}')


def short_name(name):
    """A function's name without lcov's "file.c:" of static functions."""
    return re.sub(r'^.*:', '', name)


class Listed:
    """The functions UNREACHABLE_TXT lists: names and * wildcards."""

    def __init__(self):
        self.names, self.patterns = set(), {}

    def add_line(self, line):
        word = re.split(r'[ \t]+', re.sub(r'#.*', '', line))[0]
        if word == '':
            return
        if '*' in word:
            self.patterns[word] = re.compile('^' + word.replace('*', '.*') + '$')
        else:
            self.names.add(word)

    def __contains__(self, name):
        name = short_name(name)
        return name in self.names or any(p.search(name) for p in self.patterns.values())


def parse_entry(line, where, report):
    """(file, kind, function, text) of a line of UNREACHABLE_REGIONS, None
    for a comment, a blank or a bad line (named on stderr)."""
    if line.startswith('#') or re.fullmatch(r'[ \t]*', line):
        return None
    f = line.split('\t')
    kind, _, fname = (f[1] if len(f) > 1 else '').partition('@')
    if len(f) < 4 or kind not in KINDS:
        report.warn(f'{where}: want FILE<tab>block|line|case|check[@FUNCTION]<tab>TEXT<tab>WHY')
        return None
    return f[0], kind, fname, f[2]


def read_lines(path):
    """The lines of path (awk's: no last empty one), [] when unreadable."""
    try:
        with open(path, encoding=ENCODING, newline='') as fh:
            text = fh.read()
    except OSError:
        return []
    lines = text.split('\n')
    return lines[:-1] if lines[-1] == '' else lines


def region_lines(record, entries, listed, report):
    """The region lines of one lcov record's file that count (lines with a
    count, outside listed functions): {line: function holding it}."""
    path, rel = record['path'], record['rel']
    src = Source(rel, read_lines(path), record['functions'], report)
    for efile, kind, fname, text in entries:
        if efile == rel and kind not in CHECK_KINDS:
            src.mark_entry(kind, fname, text)
    out = {}
    for l in sorted(src.region):
        fn = src.function_of(l)
        if l in record['da'] and not (fn is not None and fn in listed):
            out[l] = fn
    return out, src


def resolve(record, entries, listed, report):
    """The region lines of one lcov record's file: (rel, lines, hit)."""
    rel, da, hits = record['rel'], record['da'], 0
    lines, src = region_lines(record, entries, listed, report)
    for l in lines:
        if da[l] > 0:
            hits += 1
            report.warn(f'{rel}:{l}: in an unreachable region, yet hit {da[l]} times: '
                        f'{src.src[l - 1] if l <= len(src.src) else ""}')
    return rel, len(lines), hits


def lcov_records(lines):
    """The records of an lcov file: path, path under lib/zstd/, functions
    (first line, name) and hit counts by line, one at each end_of_record."""
    rec = {'path': '', 'rel': '', 'functions': [], 'da': {}}
    for line in lines:
        if line.startswith('SF:'):
            path = line[3:]
            rec = {'path': path, 'rel': re.sub(r'.*/lib/zstd/', '', path, 1),
                   'functions': [], 'da': {}}
        elif line.startswith('FN:'):
            first, comma, name = line[3:].partition(',')
            if not comma:
                first, name = '', line[3:]
            rec['functions'].append((number(first), name))
        elif line.startswith('DA:'):
            d = line[3:].split(',')
            l = int(d[0]) if d[0].isdigit() else d[0]
            rec['da'][l] = rec['da'].get(l, 0) + number(d[1] if len(d) > 1 else '')
        elif line.startswith('end_of_record'):
            yield rec


def number(text):
    m = re.match(r'\s*[-+]?\d+', text)
    return int(m.group(0)) if m else 0


def main(argv):
    if len(argv) != 3:
        sys.stderr.write('usage: coverage_regions.py LCOV UNREACHABLE_TXT UNREACHABLE_REGIONS\n')
        return 2
    for f in argv:
        if not os.path.isfile(f):
            sys.stderr.write(f'coverage-regions: {f}: no such file\n')
            return 1
    lcov, fn_file, regions = argv
    report, listed = Report(), Listed()
    entries = []
    for n, line in enumerate(read_lines(regions), 1):
        if regions == fn_file:
            listed.add_line(line)
            continue
        entry = parse_entry(line, f'{regions}:{n}', report)
        if entry:
            entries.append(entry)
    for line in read_lines(fn_file):
        listed.add_line(line)
    for record in lcov_records(read_lines(lcov)):
        rel, n, hits = resolve(record, entries, listed, report)
        if n:
            sys.stdout.write(f'{rel}\t{n}\t{hits}\n')
    return 1 if report.bad else 0


if __name__ == '__main__':
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(encoding=ENCODING, errors='replace')
    sys.exit(main(sys.argv[1:]))

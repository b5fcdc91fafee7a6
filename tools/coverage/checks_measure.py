#!/usr/bin/env python3
"""The measure of the checks of lib/zstd: per file, its error returns,
those the wrapper cannot reach, and the reachable ones a single-defect
input proves.

  checks_measure.py [--files F,F...] [--branches LOG] [--lines OUT] [--zstd V]
                    [--findings FILE] LIB_ZSTD
                    UNREACHABLE_TXT UNREACHABLE_REGIONS SINGLE_DEFECT_DIR CHECK_LOG...

An error return is a line (comments and #define bodies left out) holding
  - in lib/zstd's files: RETURN_ERROR_IF(, RETURN_ERROR(, CHECK_F(,
    FORWARD_IF_ERROR(, CHECK_E(, return ERROR(, or a macro the file
    defines around one of them (CHECK_DBOUNDS, BOUNDCHECK);
  - in zstd_*_module.c: the same, `return NULL;` (a constructor's failure)
    and ZSTD_FORWARD_IF_ERR( (the module's own forwarding macro);
  - in lib/decompress_unzstd.c (named ../decompress_unzstd.c, files are
    under LIB_ZSTD): a call of error(), its caller's failure message.
It is unreachable when its function is in UNREACHABLE_TXT or its line is
in an entry of UNREACHABLE_REGIONS (kinds block, line, case, and check:
the lines holding the entry's text), resolved by coverage_regions.py.
It is proved when a row of a SINGLE_DEFECT_DIR/MANIFEST* file names it
(input | file | function | error | check text [(occurrence N)]: the text
on the error return's line, or on a continuation line of its statement) and a
CHECK_LOG says "single-defect: NAME: ok" for its input NAME (and, with
--branches, single-defect-branches.sh says "single-defect-branches: NAME:
FILE:LINE: taken").

A case the findings registry (FILE, default corpus/findings.txt, its
entries for zstd V) knows this version fails is neither proved nor failed
("checks: known NAME"): by the check log's "known" verdict, or by a
single-defect entry "NAME: its check's branch is not taken" (its error is
right, another check gives it on this version); such an entry whose
branch --branches shows taken is stale.

Prints per file "checks: FILE: N of M reachable proved (E error returns,
U unreachable)", then each reachable check not proved, then "checks: all
files: checks proved: N of M reachable (...)". A row whose input did not
pass prints "checks: FAIL NAME: ..." naming its check. --lines OUT writes
"INPUT FILE LINE" per row, its check's line (single-defect-branches.sh
reads it; CHECK_LOG may be /dev/null then). Exit 1 on a stale
entry (a text found nowhere, or an unreachable entry a row proves), a row
that names no error return, or a row that did not pass.
"""
import glob
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import coverage_regions as cr      # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import findings                    # noqa: E402

# The reason a case whose error is right but whose check's branch is not
# taken on a zstd version is registered under (class single-defect).
BRANCH_NOT_TAKEN = "its check's branch is not taken"

DECODER = ['decompress/zstd_decompress.c', 'decompress/zstd_decompress_block.c',
           'decompress/huf_decompress.c', 'common/fse_decompress.c',
           'common/entropy_common.c']
UNZSTD = '../decompress_unzstd.c'
MODULES = ['zstd_compress_module.c', 'zstd_decompress_module.c']
MACROS = [r'\bRETURN_ERROR_IF\s*\(', r'\bRETURN_ERROR\s*\(', r'\bCHECK_F\s*\(',
          r'\bFORWARD_IF_ERROR\s*\(', r'\bCHECK_E\s*\(', r'\breturn\s+ERROR\s*\(']
MODULE_RETURNS = [r'\breturn\s+NULL\s*;', r'\bZSTD_FORWARD_IF_ERR\s*\(']
UNZSTD_RETURNS = [r'(?<![\w>.])error\s*\(']
OCCURRENCE = re.compile(r'^(.*) \(occurrence ([0-9]+)\)$')


def default_files(lib_zstd):
    comp = sorted(os.path.relpath(p, lib_zstd)
                  for p in glob.glob(os.path.join(lib_zstd, 'compress', '*.c')))
    # Headers' inline functions hold error returns too (bitstream.h's
    # BIT_initDStream, zstd_compress_internal.h's ZSTD_noCompressBlock).
    heads = sorted(rel for d in ('common', 'decompress', 'compress')
                   for p in glob.glob(os.path.join(lib_zstd, d, '*.h'))
                   for rel in [os.path.relpath(p, lib_zstd)] if File(lib_zstd, rel, None).returns)
    return DECODER + [UNZSTD] + comp + MODULES + heads


def patterns_of(rel):
    if rel == UNZSTD:
        return UNZSTD_RETURNS
    return MACROS + (MODULE_RETURNS if os.path.basename(rel) in MODULES else [])


def define_lines(code):
    """Lines of #define directives, continuation lines included: {line: body}."""
    out, cont = {}, False
    for l, s in enumerate(code, 1):
        if cont or re.match(r'\s*#\s*define\b', s):
            out[l] = s
        cont = (cont or l in out) and s.rstrip().endswith('\\')
    return out


def wrapper_macros(code, defines, pats):
    """Names of the macros the file defines whose body holds an error return."""
    names, current = [], None
    for l in sorted(defines):
        m = re.match(r'\s*#\s*define\s+(\w+)\(', defines[l])
        if m:
            current = m.group(1)
        if current and any(re.search(p, defines[l]) for p in pats):
            if current not in names:
                names.append(current)
    return [r'\b%s\s*\(' % re.escape(n) for n in names]


class File:
    """One measured file: its error returns {line: function}, its Source."""

    def __init__(self, lib_zstd, rel, report):
        self.rel = rel
        lines = cr.read_lines(os.path.join(lib_zstd, rel))
        self.present = bool(lines)
        code = cr.strip_code(lines)
        self.src = cr.Source(rel, lines, cr.function_starts(code), report)
        defines = define_lines(code)
        pats = patterns_of(rel)
        pats = pats + wrapper_macros(code, defines, pats)
        self.returns = {}
        for l, s in enumerate(code, 1):
            if l not in defines and any(re.search(p, s) for p in pats):
                self.returns[l] = cr.short_name(self.src.function_of(l) or '')

    def text_line(self, function, text, nth):
        """The line of the nth (or only) occurrence of text in function; why not."""
        scope = self.src.scope(function)
        if scope is None:
            return None, 'no function %s' % function
        found = [l for l in range(scope[0], scope[1] + 1)
                 if text in (self.src.src[l - 1] if l <= len(self.src.src) else '')]
        if not found:
            return None, 'its text is not in %s (stale row?)' % function
        if not nth and len(found) > 1:
            return None, 'its text is in %s more than once' % function
        if nth > len(found):
            return None, 'its text is in %s fewer than %d times' % (function, nth)
        line = self.statement_of(found[(nth or 1) - 1])
        if line is None:
            return None, 'line %d holds no error return' % found[(nth or 1) - 1]
        return line, None

    def statement_of(self, l):
        """The error return whose statement holds line l: l itself, the
        last one before it with no `;` in between (a text on a macro's
        continuation line), or the body of the `if (...)` on line l (its
        next line, as the modules' `if (workspace == NULL)` / `return
        NULL;`); None when there is none."""
        if l not in self.returns and (l + 1) in self.returns and \
                re.match(r'\s*if\s*\(', self.src.line(l)) and ';' not in self.src.line(l):
            return l + 1
        for k in range(l, 0, -1):
            if k < l and ';' in self.src.line(k):
                return None
            if k in self.returns:
                return k
        return None


def manifest_rows(d):
    """(manifest, input, file, function, error, text, nth) of every MANIFEST* row."""
    rows = []
    for m in sorted(glob.glob(os.path.join(d, 'MANIFEST*'))):
        for line in cr.read_lines(m):
            if not line.strip() or line.startswith('#'):
                continue
            f = [x.strip() for x in line.split(' | ', 4)]
            if len(f) != 5:
                rows.append((m, line, None, None, None, None, 0))
                continue
            occ = OCCURRENCE.match(f[4])
            text, nth = (occ.group(1), int(occ.group(2))) if occ else (f[4], 0)
            rows.append((m, f[0], f[1], f[2], f[3], text, nth))
    return rows


def input_name(path):
    """A frame's name (x.zst) or an API case's (api/x.txt), as the logs say it."""
    return re.sub(r'\.(zst|txt)$', '', os.path.basename(path))


def log_verdicts(logs):
    """{name: its verdict} of "single-defect: NAME: ..." lines. A sanitizer's
    line ("==pid==...") may come between the name and its verdict: the
    verdict is then the next line that starts with "ok" or "FAIL" before
    another input's line, else the sanitizer's line (a report)."""
    out = {}
    for log in logs:
        name = None
        for line in cr.read_lines(log):
            m = re.match(r'single-defect: ([^: ]+): (.*)$', line)
            if m and not m.group(2).startswith('checks proved'):
                name = m.group(1) if m.group(2).startswith('==') else None
                out[m.group(1)] = m.group(2)
            elif m or line.startswith('single-defect: '):
                name = None
            elif name and re.match(r'(ok|FAIL)\b', line):
                out[name], name = line, None
    return out


def generator_of(inp):
    """The generator that makes an input: its findings target."""
    return 'gen-single-defect-api' if inp.startswith('api/') else 'gen-single-defect'


def branch_verdicts(log):
    out = {}
    for line in cr.read_lines(log) if log else []:
        m = re.match(r'single-defect-branches: ([^: ]+): (.*):(\d+): (taken|not-taken)$', line)
        if m:
            out[(m.group(1), m.group(2), int(m.group(3)))] = m.group(4)
    return out


class Report(cr.Report):
    def warn(self, msg):
        sys.stderr.write('checks: %s\n' % msg)
        self.bad = True


class Measure:
    def __init__(self, lib_zstd, files, report, chosen=False, known=()):
        self.report, self.chosen = report, chosen
        self.known = known          # findings entries of this zstd version
        self.files = {rel: File(lib_zstd, rel, report) for rel in files}
        self.unreachable = {}       # (rel, line): why (the entry)
        self.proved = {}            # (rel, line): input names
        self.lines = []             # (input, file, line of its check or None)

    def list_functions(self, listed):
        for f in self.files.values():
            for l, fn in f.returns.items():
                if fn and fn in listed:
                    self.unreachable[(f.rel, l)] = 'function %s (unreachable.txt)' % fn

    def list_regions(self, entries):
        for efile, kind, fname, text in entries:
            f = self.files.get(efile)
            if f is None or not f.present:
                if kind in cr.CHECK_KINDS and not self.chosen:
                    self.report.warn('%s: check "%s": not a measured file' % (efile, text))
                continue
            before = set(f.src.region)
            f.src.mark_entry(kind, fname, text)
            for l in f.src.region - before:
                k = f.statement_of(l) if kind in cr.CHECK_KINDS else l
                if k in f.returns:
                    self.unreachable[(efile, k)] = '%s "%s" (unreachable-regions.txt)' % (kind, text)

    def read_rows(self, rows, verdicts, branches):
        for m, inp, rel, fn, _, text, nth in rows:
            name = input_name(inp)
            if rel is None:
                self.report.warn('%s: want INPUT | FILE | FUNCTION | ERROR | TEXT: %s' % (m, inp))
                continue
            f = self.files.get(rel)
            if f is None or not f.present:
                if not self.chosen:
                    self.report.warn('%s: %s: %s is not a measured file' % (m, name, rel))
                continue
            v, why = verdicts.get(name), None
            if v is not None and v.startswith('known'):
                # A case the findings registry knows this tree fails: neither proved nor failed.
                print('checks: known %s: input %s: %s' % (name, inp, v))
                continue
            line, where = f.text_line(fn, text, nth)
            self.lines.append((inp, rel, line))
            if self.branch_known(name, inp, rel, line, branches):
                continue
            if v is None or not v.startswith('ok'):
                why = 'not run' if v is None else v
                if why.startswith('=='):
                    why = 'a sanitizer report: ' + why
            elif branches is not None and branches.get((name, rel, line)) != 'taken':
                why = 'its check\'s branch is not taken (make coverage-single-defect)'
            if where or why:
                print('checks: FAIL %s: input %s: its check %s%s %s: %s: %s'
                      % (name, inp, rel, ':%d' % line if line else '', fn, text,
                         '; '.join(w for w in (where, why) if w)))
                self.report.bad = True
                continue
            self.proved.setdefault((rel, line), []).append(name)
            if (rel, line) in self.unreachable:
                self.report.warn('%s:%d is listed unreachable (%s), yet %s proves it: '
                                 'a stale entry' % (rel, line, self.unreachable[(rel, line)], name))

    def branch_known(self, name, inp, rel, line, branches):
        """Is the case registered as not taking its check's branch on this
        version (neither proved nor failed)? A registered case that takes it
        is a stale entry."""
        state = '%s: %s' % (name, BRANCH_NOT_TAKEN)
        e = findings.match(self.known, generator_of(inp), 'single-defect', state)
        if e is None:
            return False
        if branches is not None and branches.get((name, rel, line)) == 'taken':
            self.report.warn('%s:%d: %s takes its check\'s branch, yet corpus/findings.txt '
                             '(%s) says not: a stale entry' % (rel, line, name, e.id))
        print('checks: known %s: input %s: %s (corpus/findings.txt %s)' % (name, inp, BRANCH_NOT_TAKEN, e.id))
        return True

    def print(self):
        tn = tm = te = tu = 0
        for rel, f in self.files.items():
            if not f.present:
                continue
            keys = [(rel, l) for l in sorted(f.returns)]
            unr = [k for k in keys if k in self.unreachable]
            reach = [k for k in keys if k not in self.unreachable]
            n = sum(1 for k in reach if k in self.proved)
            print('checks: %s: %d of %d reachable proved (%d error returns, %d unreachable)'
                  % (rel, n, len(reach), len(keys), len(unr)))
            for k in reach:
                if k not in self.proved:
                    print('checks:   not proved: %s:%d %s: %s'
                          % (rel, k[1], f.returns[k[1]], f.src.src[k[1] - 1].strip()))
            tn, tm, te, tu = tn + n, tm + len(reach), te + len(keys), tu + len(unr)
        print('checks: all files: checks proved: %d of %d reachable (%d error returns, '
              '%d unreachable)' % (tn, tm, te, tu))


def lists_version(regions):
    """The zstd version a "# zstd: V" line of the regions list names, or None."""
    for line in cr.read_lines(regions):
        m = re.match(r'#\s*zstd:\s*(\S+)', line)
        if m:
            return m.group(1)
    return None


def parse_args(argv):
    opts = {'files': None, 'branches': None, 'lines': None, 'zstd': None,
            'findings': findings.DEFAULT}
    while argv and argv[0] in ('--files', '--branches', '--lines', '--zstd', '--findings'):
        if len(argv) < 2:
            return None, argv
        opts[argv[0][2:]] = argv[1]
        argv = argv[2:]
    return opts, argv


def main(argv):
    opts, args = parse_args(argv)
    if opts is None or len(args) < 5:
        sys.stderr.write('usage: checks_measure.py [--files F,F...] [--branches LOG] [--lines OUT] [--zstd V] '
                         '[--findings FILE] LIB_ZSTD '
                         'UNREACHABLE_TXT UNREACHABLE_REGIONS SINGLE_DEFECT_DIR CHECK_LOG...\n')
        return 2
    lib_zstd, fn_file, regions, sd_dir, logs = args[0], args[1], args[2], args[3], args[4:]
    for p in [fn_file, regions] + logs + ([opts['branches']] if opts['branches'] else []):
        if not os.path.exists(p) or os.path.isdir(p):
            sys.stderr.write('checks: %s: no such file\n' % p)
            return 2
    made_for = lists_version(regions)
    if opts['zstd'] and made_for and opts['zstd'] != made_for:
        # Another version's texts: every entry would read as stale.
        print('checks: all files: checks proved: not measured for zstd %s (%s is for %s)'
              % (opts['zstd'], regions, made_for))
        return 0
    report = Report()
    files = opts['files'].split(',') if opts['files'] else default_files(lib_zstd)
    try:
        known = findings.load(opts['findings'], opts['zstd'])
    except findings.RegistryError as err:
        sys.stderr.write('checks: %s\n' % err)
        return 2
    m = Measure(lib_zstd, files, report, bool(opts['files']), known)
    listed = cr.Listed()
    for line in cr.read_lines(fn_file):
        listed.add_line(line)
    m.list_functions(listed)
    entries = [e for n, line in enumerate(cr.read_lines(regions), 1)
               for e in [cr.parse_entry(line, '%s:%d' % (regions, n), report)] if e]
    m.list_regions(entries)
    branches = branch_verdicts(opts['branches']) if opts['branches'] else None
    m.read_rows(manifest_rows(sd_dir), log_verdicts(logs), branches)
    m.print()
    if opts['lines']:
        with open(opts['lines'] + '.tmp', 'w') as f:
            f.write(''.join('%s %s %d\n' % (i, r, l) for i, r, l in m.lines if l))
        os.replace(opts['lines'] + '.tmp', opts['lines'])
    return 1 if report.bad else 0


if __name__ == '__main__':
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(encoding=cr.ENCODING, errors='replace')
    sys.exit(main(sys.argv[1:]))

"""What the campaign reads from the fuzzers and how it shows it.

Pure functions, no processes: the live figures of libFuzzer and AFL++,
the inputs a libFuzzer merge did not finish, the progress rows and the
summary table.
"""
import os
import re

ROW_FORMAT = '%-20s %-9s %10s %7s %11s %7s %8s %6s'
ROW_HEADER = ('target', 'state', 'execs', 'exec/s', 'coverage', 'corpus',
              'findings', 'left')
SUMMARY_HEADER = ('target', 'engine', 'secs', 'execs', 'exec/s', 'coverage',
                  'corpus-before', 'corpus-after', 'new-crash-inputs',
                  'findings', 'known')
# Figures of a target that did not fuzz: execs exec/s coverage corpus.
NO_STATS = ('0', '0', '-', '-')
_NUMBER = re.compile(r'\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?')


def number(text):
    """The value of text as awk sees it: its leading number, else 0."""
    m = _NUMBER.match(text)
    return float(m.group(0)) if m else 0.0


def awk_str(value):
    """A number as awk prints it with %s: integers without a point."""
    return str(int(value)) if value == int(value) else '%.6g' % value


def lf_stats(text, elapsed):
    """Live figures from a libFuzzer log: execs exec/s coverage corpus.

    The last status line ("#1234: cov: 56 ... corp: 7/8b exec/s 9 ...")
    counts; exec/s is recomputed over the elapsed seconds when known.
    """
    lines = [l for l in text.split('\n') if re.match(r'#[0-9]', l)]
    fields = re.split(r'[ \t]+', lines[-1]) if lines else []
    execs = fields[0].replace('#', '').replace(':', '') if fields else ''
    rate = cov = corp = ''
    for i, f in enumerate(fields[:-1]):
        if f == 'cov:':
            cov = fields[i + 1]
        elif f == 'corp:':
            corp = fields[i + 1].split('/', 1)[0]
        elif f in ('exec/s', 'exec/s:'):
            rate = fields[i + 1]
    if execs != '' and elapsed > 0:
        rate = str(int(number(execs) / elapsed))
    return (execs or '0', rate or '0', 'cov:' + cov if cov else '-',
            corp or '-')


def afl_stats(stats_texts, elapsed):
    """Live figures from the fuzzer_stats files of the AFL++ instances:
    execs and exec/s summed, the best map coverage, the largest corpus."""
    execs = rate = 0.0
    cov, corp = '', None
    for text in stats_texts:
        for line in text.split('\n'):
            key, _, value = line.partition(':')
            key, value = key.rstrip(' '), value.lstrip(' ')
            # AFL++ aligns with blanks; the value ends at the next ':'.
            value = re.split(r' *: *', value, 1)[0]
            if key == 'execs_done':
                execs += number(value)
            elif key == 'execs_per_sec' and number(value) < 1e9:
                rate += number(value)
            elif key == 'bitmap_cvg' and (cov == '' or number(value) > number(cov)):
                cov = value
            elif key == 'corpus_count' and number(value) > (corp or 0):
                corp = number(value)
    if elapsed > 0:
        rate = execs / elapsed
    return (str(int(execs)), str(int(rate)), 'map:' + cov if cov else '-',
            awk_str(corp) if corp is not None else '-')


def unfinished_inputs(ctl_text):
    """The inputs a libFuzzer merge started and never finished (they
    crashed or hung it), from its control file: line 1 the number of
    inputs, then a line we skip, the inputs, then "STARTED i" and "FT i"
    lines."""
    lines = ctl_text.split('\n')
    if not lines[0]:
        return []
    count = int(number(lines[0]))
    inputs = {str(i - 3): lines[i - 1] for i in range(3, min(count + 2, len(lines)) + 1)}
    started = {}
    for line in lines:
        f = line.split()
        if len(f) > 1 and f[0] == 'STARTED':
            started[f[1]] = True
        elif len(f) > 1 and f[0] == 'FT':
            started.pop(f[1], None)
    return [inputs.get(i, '') for i in sorted(started, key=number)]


def fmt_row(*cells):
    """One line of the progress table; missing cells are blank."""
    cells = cells + ('',) * (8 - len(cells))
    return ROW_FORMAT % cells


def done_row(figures, corpus, findings):
    """What the progress table keeps of a finished target: execs exec/s
    coverage as the last status said, then its corpus and findings."""
    return (*figures[:3], str(corpus), str(findings))


def progress_lines(rows):
    """The progress table: the header, then one line per target."""
    return [fmt_row(*ROW_HEADER)] + [fmt_row(*r) for r in rows]


def is_live_line(line):
    """The lines a log (no terminal) gets: the header and the running row."""
    return line.startswith('target') or re.match(r'[^ ]+ +fuzzing', line) is not None


def summary_row(target, engine, fuzz_secs, stats, before, after, raw, findings, known):
    """A target's line of the summary; of the last figures, the corpus
    size is left out (corpus-before and -after say it)."""
    return (target, engine, str(fuzz_secs), *stats[:3], str(before), str(after),
            str(raw), str(findings), str(known))


def columns(rows):
    """Rows of as many cells each, aligned as `column -t` does: two blanks
    between columns, the last one not padded."""
    widths = [max(len(c) for c in col) for col in zip(*rows)]
    return ['  '.join([c.ljust(w) for c, w in zip(r[:-1], widths)] + [r[-1]])
            for r in rows]


def summary_text(engine, secs, jobs, started, interrupted, tree_text, rows, findings):
    """The summary file: the campaign, the tree, one line per target."""
    head = (f'kzfuzz campaign: engine {engine}, {secs}s per target, {jobs} jobs, '
            f'started {started}' + (', INTERRUPTED' if interrupted else ''))
    table = columns([SUMMARY_HEADER] + [tuple(r) for r in rows])
    return (head + '\n' + tree_text + ''.join(l + '\n' for l in table) +
            f'findings: {findings} (make findings)\n')


def count_files(folder):
    """Regular files directly in folder (0 when it is missing)."""
    try:
        return sum(1 for e in os.scandir(folder) if e.is_file(follow_symlinks=False))
    except OSError:
        return 0



#!/usr/bin/env python3
"""Unit tests of the gate's driver and reports (conformance/gate.py,
conformance/gate_report.py): the summary table, the TAP and JUnit files,
the arguments, and how a check program's exit becomes a result.
make gate-py-tests runs them."""
import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'conformance'))
import gate  # noqa: E402
import gate_report as gr  # noqa: E402


def write_check(run, folder, **files):
    d = os.path.join(run, folder)
    os.makedirs(d, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(d, name), 'w') as f:
            f.write(text)


class Fields(unittest.TestCase):
    def test_tab_runs_are_one_separator(self):
        self.assertEqual(gr.fields('msg\t\tcmd a\tb\t'), ('msg', 'cmd a\tb'))

    def test_leading_tabs_go(self):
        self.assertEqual(gr.fields('\tmsg\tcmd'), ('msg', 'cmd'))

    def test_no_command(self):
        self.assertEqual(gr.fields('only a message'), ('only a message', ''))

    def test_pairs_skip_empty_messages(self):
        self.assertEqual(gr.failure_pairs('a\tb\n\n\t\t\nc\td'), [('a', 'b'), ('c', 'd')])

    def test_lines_of_drops_an_unterminated_last_line(self):
        self.assertEqual(gr.lines_of('a\nb'), ['a'])
        self.assertEqual(gr.all_lines('a\nb'), ['a', 'b'])
        self.assertEqual(gr.all_lines('a\nb\n'), ['a', 'b'])


class Times(unittest.TestCase):
    """Totals as awk prints them: whole numbers bare, else 6 digits."""

    def test_whole_sum(self):
        self.assertEqual(gr.add_time('1.5', '2.5'), '4')

    def test_fraction(self):
        self.assertEqual(gr.add_time('0', '60.2'), '60.2')

    def test_six_significant_digits(self):
        self.assertEqual(gr.add_time('123456.7', '0.1'), '123457')

    def test_leading_number_or_zero(self):
        self.assertEqual(gr.awk_number('12abc'), 12.0)
        self.assertEqual(gr.awk_number('abc'), 0.0)
        self.assertEqual(gr.awk_number('1e3'), 1000.0)


class Xml(unittest.TestCase):
    def test_escapes(self):
        self.assertEqual(gr.xml('<a href="x">&\'</a>\n\n'),
                         '&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;')


def check(result, figure='fig', failures='', folder='02-api-contract', time='1.5'):
    return gr.Check(folder, result, figure, time, failures)


class Tap(unittest.TestCase):
    def test_pass(self):
        self.assertEqual(gr.tap_entry(3, check('pass')), 'ok 3 - api-contract: fig\n')

    def test_skip(self):
        self.assertEqual(gr.tap_entry(9, check('skip', 'no BASELINE_SRC given')),
                         'ok 9 - api-contract # SKIP no BASELINE_SRC given\n')

    def test_failure_quotes_become_apostrophes(self):
        got = gr.tap_entry(2, check('fail', failures='a "b"\tmake "x"'))
        self.assertEqual(got, 'not ok 2 - api-contract: FAIL: fig\n  ---\n  failures:\n'
                         '    - message: "a \'b\'"\n      reproduce: "make \'x\'"\n  ...\n')

    def test_other_results_are_errors(self):
        entry = gr.tap_entry(1, check('weird'))
        self.assertTrue(entry.startswith('not ok 1 - api-contract: WEIRD: '))


class Junit(unittest.TestCase):
    def test_pass(self):
        self.assertEqual(gr.junit_case(check('pass', 'a<b')),
                         '  <testcase classname="kzfuzz.gate" name="02-api-contract" time="1.5">\n'
                         '    <system-out>a&lt;b</system-out>\n  </testcase>\n')

    def test_skip(self):
        self.assertIn('    <skipped message="why"/>\n', gr.junit_case(check('skip', 'why')))

    def test_fail_and_error(self):
        self.assertIn('<failure message="fig" type="fail">m\n  reproduce: c</failure>',
                      gr.junit_case(check('fail', failures='m\tc')))
        self.assertIn('<error message="fig" type="error">', gr.junit_case(check('error')))

    def test_suite_counts(self):
        t = gr.Tally()
        for r in ('pass', 'fail', 'error', 'skip', 'other'):
            t.add(check(r))
        self.assertEqual((t.n, t.failed, t.errors, t.skipped, t.total), (5, 1, 2, 1, '7.5'))
        text = gr.junit_text(t, 'run&1', '')
        self.assertIn('<testsuite name="run&amp;1" tests="5" failures="1" errors="2" '
                      'skipped="1" time="7.5">', text)


class Summary(unittest.TestCase):
    def test_header_and_row(self):
        self.assertEqual(gr.summary_header().split('\n')[1],
                         '#    check            result     time  figure')
        self.assertEqual(gr.summary_row(1, check('pass', 'x', folder='00-build', time='60.2')),
                         '1    build            pass      60.2s  x')


class Report(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.run = os.path.join(self.tmp.name, 'run1')
        os.makedirs(self.run)

    def tearDown(self):
        self.tmp.cleanup()

    def report(self):
        lines = []
        with contextlib.redirect_stderr(io.StringIO()) as err:
            rc = gr.report(self.run, lines.append)
        return rc, lines, err.getvalue()

    def test_pass_run(self):
        write_check(self.run, '00-build', result='pass\n', figure='built\n', time='2.5\n')
        write_check(self.run, '08-baseline', result='skip\n', figure='no BASELINE_SRC given\n',
                    time='0.0\n')
        rc, lines, _ = self.report()
        self.assertEqual(rc, 0)
        self.assertEqual(lines[-1], f'gate: PASS: nothing new found (2.5s of checks; reports: '
                         f'{self.run}/report.tap {self.run}/report.junit.xml)')
        with open(os.path.join(self.run, 'report.tap')) as f:
            self.assertEqual(f.read(), 'TAP version 13\n1..2\nok 1 - build: built\n'
                             'ok 2 - baseline # SKIP no BASELINE_SRC given\n')

    def test_references_named(self):
        write_check(self.run, '00-build', result='pass\n', figure='built\n', time='2.5\n')
        with open(os.path.join(self.run, 'references.txt'), 'w') as f:
            f.write('libzstd 1.5.4 (Debian), zstd 1.5.7 (npm zstd-napi@0.0.13)\n')
        rc, lines, _ = self.report()
        self.assertEqual(rc, 0)
        self.assertIn('gate: references: libzstd 1.5.4 (Debian), zstd 1.5.7 '
                      '(npm zstd-napi@0.0.13)', lines)
        with open(os.path.join(self.run, 'report.tap')) as f:
            self.assertEqual(f.read(), 'TAP version 13\n1..1\n# references: libzstd 1.5.4 '
                             '(Debian), zstd 1.5.7 (npm zstd-napi@0.0.13)\nok 1 - build: built\n')

    def test_missing_files_are_an_error(self):
        write_check(self.run, '03-golden')
        rc, lines, _ = self.report()
        self.assertEqual(rc, 1)
        self.assertIn('1    golden           error        0s  no result written', lines)
        self.assertEqual(lines[-1].split(' (')[0], 'gate: FAIL: 0 checks failed, 1 errors')

    def test_failures_listed_with_commands(self):
        write_check(self.run, '01-selftest', result='fail\n', figure='f\n',
                    failures='FAIL x\tmake selftest\n')
        _, lines, _ = self.report()
        self.assertIn('selftest:', lines)
        self.assertIn('  - FAIL x', lines)
        self.assertIn('    reproduce: make selftest', lines)

    def test_baseline_of_summary_lines_only_stops(self):
        write_check(self.run, '08-baseline', result='pass\n', figure='f\n',
                    **{'speed.txt': 'mean\t1\nworst\t2\n'})
        rc, lines, _ = self.report()
        self.assertEqual((rc, lines[-1]), (1, 'baseline comparison, speed (b: baseline, '
                                              'c: candidate):'))

    def test_bad_run_folders(self):
        rc, _, err = self.report()
        self.assertEqual((rc, err), (2, f'gate-report: {self.run}: no check results\n'))
        self.run += '-none'
        self.assertEqual(self.report()[0], 2)


class Args(unittest.TestCase):
    def status(self, fn, *args):
        with contextlib.redirect_stderr(io.StringIO()):
            try:
                fn(*args)
            except gate.Exit as e:
                return e.status
        return 0

    def test_options(self):
        o = gate.parse_args(['--quick', '--build', 'b', '--seconds', '5', '--kernel-src', 'k'])
        self.assertEqual(o, {'build': 'b', 'ksrc': 'k', 'bsrc': '', 'secs': '5', 'quick': True,
                             'no_base_rule': False})
        o = gate.parse_args(['--no-base-rule', '--build', 'b', '--seconds', '5'])
        self.assertTrue(o['no_base_rule'])
        self.assertFalse(o['quick'])

    def test_option_without_value_is_status_1(self):
        self.assertEqual(self.status(gate.parse_args, ['--build']), 1)

    def test_unknown_is_status_2(self):
        self.assertEqual(self.status(gate.parse_args, ['--bogus']), 2)

    def test_checks(self):
        ok = {'build': 'b', 'secs': '5'}
        self.assertEqual(self.status(gate.check_args, ok, {}), 0)
        self.assertEqual(self.status(gate.check_args, dict(ok, build=''), {}), 2)
        self.assertEqual(self.status(gate.check_args, dict(ok, secs='05'), {}), 2)
        self.assertEqual(self.status(gate.check_args, ok, {'GATE_JOBS': '1.5'}), 0)
        self.assertEqual(self.status(gate.check_args, ok, {'GATE_JOBS': 'x'}), 2)


class ProgramResults(unittest.TestCase):
    """What a check program's exit and log make of its check."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.g = gate.Gate({'build': 'b', 'ksrc': '', 'bsrc': '', 'secs': '5', 'quick': False})
        self.g.run, self.g.repro_env = self.tmp.name, 'BUILD=b'
        # Not from the environment of whoever runs the tests.
        self.g.make_str, self.g.check_timeout = 'make', '600'
        self.c = '02-api-contract'
        with contextlib.redirect_stdout(io.StringIO()):
            self.g.begin(self.c)
        self.log = os.path.join(self.g.cdir(self.c), 'log')

    def tearDown(self):
        self.tmp.cleanup()

    def judge(self, rc, log):
        with open(self.log, 'w') as f:
            f.write(log)
        self.g.judge_prog(self.c, rc, self.log, 'prog --quick')
        d = self.g.cdir(self.c)
        with open(os.path.join(d, 'result')) as r, open(os.path.join(d, 'figure')) as f, \
                open(os.path.join(d, 'failures')) as x:
            return r.read().strip(), f.read().strip(), x.read()

    def test_pass(self):
        self.assertEqual(self.judge(0, 'ok 1 - a\nfigure: 3 cases\n'), ('pass', '3 cases', ''))

    def test_exit_0_with_failing_lines(self):
        self.assertEqual(self.judge(0, 'not ok 1 - a: b\nfigure: x\n'),
                         ('error', 'exit 0 with failing lines: x', '1 - a: b\tprog --quick\n'))

    def test_exit_0_without_figure(self):
        self.assertEqual(self.judge(0, 'ok 1\n')[:2], ('error', 'exit 0 without a figure line'))

    def test_fail_without_not_ok(self):
        self.assertEqual(self.judge(1, 'last\n'),
                         ('fail', 'no figure',
                          "exit 1 without a 'not ok' line: last\tprog --quick\n"))

    def test_usage_error(self):
        self.assertEqual(self.judge(2, 'usage: x\n')[:2], ('error', 'error: usage: x'))

    def test_timeout(self):
        self.assertEqual(self.judge(124, '')[1], 'timed out after 600s')

    def test_crash(self):
        r, f, x = self.judge(134, 'a\n==1==ERROR: AddressSanitizer: x\nb\n')
        self.assertEqual((r, f), ('error', f'exited with status 134 (crash; log: {self.log})'))
        self.assertEqual(x, 'exited with status 134: ==1==ERROR: AddressSanitizer: x\t'
                         'prog --quick\n')

    def test_mark_error_names_the_gate_command(self):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            self.assertFalse(self.g.needs('fuzz', '07-fuzz'))
        self.assertEqual(out.getvalue().split('\n')[1],
                         'gate:   error - not run: the fuzz variant does not build')
        with open(os.path.join(self.g.cdir('07-fuzz'), 'failures')) as f:
            self.assertEqual(f.read(), 'not run: the fuzz variant does not build\t'
                             'make BUILD=b gate\n')


class Helpers(unittest.TestCase):
    def test_last_line(self):
        with tempfile.NamedTemporaryFile('w', delete=False) as f:
            f.write('a\nb\n')
        try:
            self.assertEqual(gate.last_line(f.name), 'b')
        finally:
            os.unlink(f.name)
        self.assertEqual(gate.last_line('/nonexistent/x'), '')

    def test_status_of_a_signalled_child(self):
        self.assertEqual(gate.status(-9), 137)
        self.assertEqual(gate.status(3), 3)


if __name__ == '__main__':
    unittest.main()

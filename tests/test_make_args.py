#!/usr/bin/env python3
"""Unit tests of the check of make's variables (tools/make_args.py): each
wrong value refused with one line naming the variable, right ones and
unknown variables let through, TARGETS checked against the tree's API
level when it is known, PARAMS against fuzz/zstd_params.c's names and
fuzz/fuzz_input.c's syntax, the environment read too.

    python3 tests/test_make_args.py
"""
import os
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
sys.path.insert(0, os.path.join(TOP, 'tools'))
import make_args                    # noqa: E402

SCRIPT = os.path.join(TOP, 'tools', 'make_args.py')


def refusal(given, goals=(), tree_api=None):
    """The one line make_args gives for GIVEN, or None when it passes."""
    try:
        make_args.check(given, goals, tree_api)
    except make_args.ArgError as e:
        return str(e)
    return None


class Check(unittest.TestCase):
    def test_good_values_pass(self):
        with tempfile.NamedTemporaryFile() as f:
            for given in ({}, {'TARGETS': 'unzstd spec_frames', 'ENGINE': 'afl', 'SECONDS': '5',
                               'JOBS': '2', 'KERNEL_SRC': 'debian:6.12', 'BASELINE_SRC': TOP},
                          {'INPUT': f.name, 'TARGET': 'unzstd'}, {'GATE_SHORT_RUNS': '0'},
                          {'KERNEL_SRC': ''}, {'VARIANT': 'msan'}, {'VARIANT': 'asan'}):
                self.assertIsNone(refusal(given, ['repro'] if 'INPUT' in given else []), given)

    def test_bad_values_refused(self):
        for given, want in (({'TARGETS': 'unzstd nosuch'}, 'TARGETS: nosuch: unknown target'),
                            ({'TARGETS': ''}, 'TARGETS= is empty'),
                            ({'TARGET': 'nosuch'}, 'TARGET: nosuch: unknown target'),
                            ({'ENGINE': 'honggfuzz'}, 'ENGINE=honggfuzz: unknown engine'),
                            ({'VARIANT': 'tsan'}, 'VARIANT=tsan: unknown (one of: asan msan)'),
                            ({'SECONDS': '0'}, 'SECONDS=0: not a whole number of at least 1'),
                            ({'JOBS': '01'}, 'JOBS=01: not'),
                            ({'TIMEOUT': '1.5'}, 'TIMEOUT=1.5: not'),
                            ({'GATE_SHORT_RUNS': '-1'}, 'GATE_SHORT_RUNS=-1: not a whole number'),
                            ({'KERNEL_SRC': '/nonexistent'}, 'KERNEL_SRC=/nonexistent: no such path'),
                            ({'KERNEL_SRC': SCRIPT}, 'not a directory'),
                            ({'BASELINE_SRC': 'debian:'}, 'BASELINE_SRC=debian:: not debian:VERSION'),
                            ({'INPUT': '/nonexistent'}, 'INPUT=/nonexistent: no such file'),
                            ({'INPUT': TOP}, 'not a readable file')):
            line = refusal(given)
            self.assertIsNotNone(line, given)
            self.assertIn(want, line)
            self.assertNotIn('\n', line)

    def test_repro_needs_an_input(self):
        self.assertIn('no INPUT given', refusal({}, ['repro']))
        self.assertIsNone(refusal({}, ['fuzz']))

    def test_tree_api(self):
        """A 6.12-only target passes the first check, and is refused once
        the tree is known to lack its API."""
        given = {'TARGETS': 'decompress_ddict'}
        self.assertIsNone(refusal(given))
        self.assertIsNone(refusal(given, tree_api='5.16 API + dictionaries, allocators'))
        self.assertIn('decompress_ddict: not a target of this tree (5.16 API); it needs '
                      'dictionaries and allocators', refusal(given, tree_api='5.16 API'))


class Params(unittest.TestCase):
    """PARAMS: names from fuzz/zstd_params.c, values as strtoll reads them."""

    def test_names_come_from_the_c_file(self):
        names = make_args.param_names()
        for name in ('level', 'estimated_src_size', 'windowLog', 'strategy', 'noDictIDFlag'):
            self.assertIn(name, names)
        with tempfile.NamedTemporaryFile('w', suffix='.c') as f:
            f.write('static const struct zp_range ranges[] = {\n'
                    '\t[ZP_ONE] = { "oneLog", 1, 2 },\n};\n'
                    'if (fuzz_input_override("two", &v))\n')
            f.flush()
            self.assertEqual(make_args.param_names(f.name), ['oneLog', 'two'])
        with tempfile.NamedTemporaryFile('w', suffix='.c') as f:
            self.assertRaises(make_args.ArgError, make_args.param_names, f.name)

    def test_good_params_pass(self):
        with tempfile.NamedTemporaryFile() as f:
            for params in ('level=19 minMatch=7 windowLog=18', 'level=-1,checksumFlag=0x1',
                           ' strategy=011\testimated_src_size=0 ', ''):
                self.assertIsNone(refusal({'INPUT': f.name, 'PARAMS': params}, ['repro']), params)

    def test_bad_params_refused(self):
        for params, want in (('nosuch=1', 'PARAMS: nosuch: unknown parameter (one of: '),
                             ('level=19 windowlog=18', 'PARAMS: windowlog: unknown parameter'),
                             ('level', "PARAMS: 'level' is not name=value"),
                             ('=3', "PARAMS: '=3' is not name=value"),
                             ('level=', 'the value of level is not a number'),
                             ('level=x', 'the value of level is not a number'),
                             ('level=08', 'the value of level is not a number'),
                             ('level=1e3', 'the value of level is not a number'),
                             ('level=9223372036854775808', 'the value of level is not a number'),
                             (' '.join(['level=1'] * 17), 'more than 16 parameters')):
            line = refusal({'PARAMS': params})
            self.assertIsNotNone(line, params)
            self.assertIn(want, line)
            self.assertNotIn('\n', line)

    def test_values_read_as_strtoll(self):
        for text, value in (('18', 18), ('-1', -1), ('+5', 5), ('0x1F', 31), ('-0X1f', -31),
                            ('010', 8), ('0', 0), ('-9223372036854775808', -2**63)):
            self.assertEqual(make_args.param_value(text), value, text)
        for text in ('08', '0x', '1e3', '', '9223372036854775808', '1_0', ' 1'):
            self.assertIsNone(make_args.param_value(text), text)


class Command(unittest.TestCase):
    def run_it(self, args, env=None):
        return subprocess.run([sys.executable, SCRIPT] + args, capture_output=True, text=True,
                              env=dict(os.environ, **(env or {})))

    def test_exit_and_one_line(self):
        r = self.run_it(['--goals', 'fuzz', 'TARGETS=nosuch', 'V=1'])
        self.assertEqual(r.returncode, 1)
        self.assertRegex(r.stderr, r'^make: TARGETS: nosuch: unknown target \(one of: .*\)\n$')
        r = self.run_it(['--goals', 'fuzz', 'TARGETS=unzstd', 'UNRELATED=x'])
        self.assertEqual((r.returncode, r.stderr), (0, ''))

    def test_environment(self):
        r = self.run_it(['--goals', 'fuzz'], {'SECONDS': 'x'})
        self.assertIn('SECONDS=x', r.stderr)
        # INPUT, TARGET and PARAMS only matter to make repro.
        self.assertEqual(self.run_it(['--goals', 'check'], {'TARGET': 'x86_64'}).returncode, 0)
        self.assertEqual(self.run_it(['--goals', 'check'], {'PARAMS': 'x'}).returncode, 0)
        self.assertIn('TARGET: x86_64', self.run_it(['--goals', 'repro'], {'TARGET': 'x86_64'}).stderr)
        # The command line wins over the environment.
        self.assertEqual(self.run_it(['JOBS=2'], {'JOBS': 'x'}).returncode, 0)


if __name__ == '__main__':
    unittest.main()

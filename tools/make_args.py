#!/usr/bin/env python3
"""The variables a user gives make, checked before anything is staged,
installed or built: the Makefile runs this first.

  make_args.py [--goals "GOALS"] [--tree-api LEVEL] [VAR=VALUE...]

Each VAR=VALUE is a variable of make's command line; the variables below
are also read from the environment (INPUT and TARGET only for make repro:
no other goal reads them). Others are ignored. With --tree-api (the staged tree's KTREE_API_LEVEL), TARGETS and TARGET
must also be targets of that tree. Prints one line naming the first
problem and exits 1; silent, exit 0, when all is well.
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, 'fuzz'))
import targets  # noqa: E402
from campaign import positive  # noqa: E402

# Whole numbers of at least 1, and of at least 0.
POSITIVE = ('SECONDS', 'JOBS', 'TIMEOUT', 'INTERVAL', 'CORPUS_MAX_LEN', 'MEASURE_SECONDS',
            'MEASURE_RUNS', 'CALIBRATE_RUNS', 'GATE_FUZZ_JOBS', 'GATE_SHORT_SECONDS')
COUNTS = ('GATE_SHORT_RUNS', 'GATE_STACK_GROWTH')
TREES = ('KERNEL_SRC', 'BASELINE_SRC')
KNOWN = ('TARGETS', 'TARGET', 'INPUT', 'ENGINE') + TREES + POSITIVE + COUNTS


class ArgError(Exception):
    """A variable's value is wrong; the message is the one line to print."""


def check_tree(var, value):
    """A tree: empty (the default), debian:VERSION or a directory."""
    if not value or re.fullmatch(r'debian:[0-9]+(\.[0-9]+)+', value):
        return
    if value.startswith('debian:'):
        raise ArgError(f'{var}={value}: not debian:VERSION (debian:6.1, debian:6.12)')
    if not os.path.exists(value):
        raise ArgError(f'{var}={value}: no such path (a kernel tree, or debian:VERSION)')
    if not os.path.isdir(value):
        raise ArgError(f'{var}={value}: not a directory (a kernel tree, or debian:VERSION)')


def check_targets(var, names, rows, engine, tree_api):
    """Targets of the manifest, with ENGINE among their engines, and of
    the tree of API level tree_api when it is given."""
    if var == 'TARGETS' and not names:
        raise ArgError('TARGETS= is empty (leave it out for every target)')
    for t in names:
        if t not in rows:
            raise ArgError(f'{var}: {t}: unknown target '
                           f'(one of: {" ".join(rows)})')
        if var == 'TARGETS' and engine not in rows[t]['engines']:
            raise ArgError(f'ENGINE={engine}: {t} is not fuzzed with it '
                           f'(fuzz/targets.tsv: {",".join(rows[t]["engines"])})')
        if tree_api is not None and not targets.has_api(rows[t], tree_api):
            raise ArgError(f'{var}={t}: not a target of this tree ({tree_api}); it needs '
                           f'{" and ".join(rows[t]["api"])} (Linux {",".join(rows[t]["trees"])})')


def check_input(value, goals):
    if 'repro' in goals and not value:
        raise ArgError('repro: no INPUT given (make repro INPUT=file [TARGET=name])')
    if value and not os.path.exists(value):
        raise ArgError(f'INPUT={value}: no such file')
    if value and not (os.path.isfile(value) and os.access(value, os.R_OK)):
        raise ArgError(f'INPUT={value}: not a readable file')


def check(given, goals=(), tree_api=None, rows=None):
    """Raises ArgError for the first wrong variable of GIVEN ({VAR: VALUE})."""
    rows = targets.read() if rows is None else rows
    engine = given.get('ENGINE', 'libfuzzer')
    if engine not in targets.ENGINES:
        raise ArgError(f'ENGINE={engine}: unknown engine (one of: {" ".join(targets.ENGINES)})')
    for var in TREES:
        check_tree(var, given.get(var, ''))
    for var in POSITIVE + COUNTS:
        value = given.get(var)
        if value is None or positive(value) or (var in COUNTS and value == '0'):
            continue
        kind = 'a whole number' if var in COUNTS else 'a whole number of at least 1'
        raise ArgError(f'{var}={value}: not {kind}')
    if 'TARGETS' in given:
        check_targets('TARGETS', given['TARGETS'].split(), rows, engine, tree_api)
    if given.get('TARGET'):
        check_targets('TARGET', given['TARGET'].split(), rows, engine, tree_api)
    if tree_api is None:
        check_input(given.get('INPUT', ''), goals)


def main(argv):
    goals, tree_api = [], None
    while argv and argv[0] in ('--goals', '--tree-api') and len(argv) >= 2:
        if argv[0] == '--goals':
            goals = argv[1].split()
        else:
            tree_api = argv[1]
        argv = argv[2:]
    from_env = KNOWN if 'repro' in goals else [v for v in KNOWN if v not in ('INPUT', 'TARGET')]
    given = {v: os.environ[v] for v in from_env if v in os.environ}
    for arg in argv:
        var, sep, value = arg.partition('=')
        if not sep:
            print(f'make_args: {arg}: not VAR=VALUE', file=sys.stderr)
            return 2
        if var in KNOWN:
            given[var] = value
    try:
        check(given, goals, tree_api)
    except (ArgError, targets.ManifestError) as e:
        print(f'make: {e}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

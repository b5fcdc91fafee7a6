#!/usr/bin/env python3
"""The variables a user gives make, checked before anything is staged,
installed or built: the Makefile runs this first.

  make_args.py [--goals "GOALS"] [--tree-api LEVEL] [VAR=VALUE...]

Each VAR=VALUE is a variable of make's command line; the variables below
are also read from the environment (INPUT, TARGET and PARAMS only for make repro:
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
KNOWN = ('TARGETS', 'TARGET', 'INPUT', 'ENGINE', 'PARAMS', 'VARIANT') + TREES + POSITIVE + COUNTS
# VARIANT=: the sanitizer family of make fuzz, repro and check-msan.
SANITIZER_VARIANTS = ('asan', 'msan')
# Read from the environment only for make repro: no other goal reads them.
REPRO_ONLY = ('INPUT', 'TARGET', 'PARAMS')
# PARAMS="name=value ...": the names are the ones fuzz/zstd_params.c reads
# (its table of fields and its fuzz_input_override calls), the syntax the
# one fuzz/fuzz_input.c parses (fuzz_input_overrides_parse).
ZSTD_PARAMS_C = os.path.join(TOP, 'fuzz', 'zstd_params.c')
PARAMS_MAX = 16         # FUZZ_OVERRIDES_MAX
PARAM_NAME_MAX = 31     # FUZZ_OVERRIDE_NAME_MAX - 1
# strtoll(value, &end, 0) with nothing after it: decimal, 0x hex, 0 octal.
PARAM_VALUE = re.compile(r'[+-]?(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)')


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


def param_names(path=ZSTD_PARAMS_C):
    """The names KZFUZZ_PARAMS may give, as fuzz/zstd_params.c knows them:
    the names of its field table and of its fuzz_input_override calls."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    names = re.findall(r'^\s*\[ZP_\w+\] = \{ "(\w+)",', text, re.M)
    names += re.findall(r'fuzz_input_override\("(\w+)"', text)
    if not names:
        raise ArgError(f'{path}: no parameter names found (its field table moved?)')
    return list(dict.fromkeys(names))


def param_value(text):
    """TEXT's value as strtoll(text, &end, 0) reads all of it, or None
    (not a number, or outside long long)."""
    if not PARAM_VALUE.fullmatch(text):
        return None
    digits = text.lstrip('+-')
    base = 16 if digits[:2] in ('0x', '0X') else 8 if digits.startswith('0') else 10
    v = int(text, base)
    return v if -2**63 <= v < 2**63 else None


def check_params(value, names):
    """PARAMS: name=value words (spaces or commas between) that
    fuzz_input_overrides_parse accepts, each name one of NAMES."""
    words = [w for w in re.split(r'[ \t\n,]+', value) if w]
    if len(words) > PARAMS_MAX:
        raise ArgError(f'PARAMS: more than {PARAMS_MAX} parameters')
    for w in words:
        name, sep, v = w.partition('=')
        if not sep or not name or len(name) > PARAM_NAME_MAX:
            raise ArgError(f"PARAMS: '{w}' is not name=value")
        if name not in names:
            raise ArgError(f'PARAMS: {name}: unknown parameter (one of: {" ".join(names)})')
        if param_value(v) is None:
            raise ArgError(f'PARAMS: the value of {name} is not a number ({v!r})')


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
    variant = given.get('VARIANT', 'asan')
    if variant not in SANITIZER_VARIANTS:
        raise ArgError(f'VARIANT={variant}: unknown (one of: {" ".join(SANITIZER_VARIANTS)})')
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
        if given.get('PARAMS'):
            check_params(given['PARAMS'], param_names())


def main(argv):
    goals, tree_api = [], None
    while argv and argv[0] in ('--goals', '--tree-api') and len(argv) >= 2:
        if argv[0] == '--goals':
            goals = argv[1].split()
        else:
            tree_api = argv[1]
        argv = argv[2:]
    from_env = KNOWN if 'repro' in goals else [v for v in KNOWN if v not in REPRO_ONLY]
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

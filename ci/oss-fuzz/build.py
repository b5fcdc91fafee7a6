#!/usr/bin/env python3
"""The OSS-Fuzz / ClusterFuzzLite build of kzfuzz (ci/oss-fuzz/build.sh,
OSS-Fuzz's entry point, runs it): every fuzz target of fuzz/targets.tsv
(through fuzz/targets.mk), built with the environment's compiler, flags
and engine ($CC $CFLAGS $LIB_FUZZING_ENGINE $SANITIZER), objects in $WORK,
and written to $OUT:
  <target>                  the fuzzer
  <target>_seed_corpus.zip  corpus/regression/<target> and the generated seeds
  <target>.dict             corpus/dicts/<target>.dict, where there is one
  <target>.options          its max_len and options of fuzz/targets.tsv (every
                            target; fuzz/targets.py options)
Sources: the project in $SRC/kzfuzz (or KZFUZZ_SRC); the kernel tree in
KERNEL_SRC (a path, or debian:6.12 for Debian's linux-source-6.12), else
$SRC/linux when it exists, else Debian's linux-source-6.1; its zstd.h's
API level picks the targets (fuzz/targets.mk: the dictionary and allocator
ones on 6.12+); the reference libzstd (1.5.x) in /usr/local (the
Dockerfile builds it) or Debian's libzstd-dev (KZFUZZ_REF_LIB overrides);
the second reference, upstream zstd 1.5.7 (ref/zstd-next.sh: npm
zstd-napi 0.0.13, integrity checked), from $SRC/zstd-next (the image
fetched it when it was built), else KZFUZZ_ZSTD_NEXT_CACHE (locally: what
make already fetched, build/zstd-next), else $WORK/zstd-next; where it
cannot be had, one line says so and the targets judge with 1.5.x alone.
KZFUZZ_TARGETS: only these of the tree's targets (a test's quicker build);
KZFUZZ_JOBS: make's jobs (default: the CPUs).

A seed the fuzzer fails on would stop every fuzzing session at its start:
found by running the fuzzer over them all and bisecting a failing set,
each is classified (fuzz/crashlog.py): a known finding is left out and
listed, anything else fails the build.
"""
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True      # no __pycache__ in the source tree

REF_LIBS = ('/usr/local/lib/libzstd.a', '/usr/lib/x86_64-linux-gnu/libzstd.a')
PRINT_TARGETS = 'include fuzz/targets.mk\nprint-targets:\n\t@echo $(FUZZ_TARGETS)\n'
SEED_TIMEOUT = ['timeout', '-k', '5', '300']
MAX_LEFT_OUT = 100


class Stop(Exception):
    """One line on stderr, and the build fails."""


def env(name):
    """A variable the contract sets; its absence stops the build."""
    if name not in os.environ:
        raise Stop(f'{name}: unbound variable')
    return os.environ[name]


def say(text):
    print(f'build.sh: {text}', flush=True)


def output(argv, **kw):
    """argv's stdout without its trailing newlines; its failure stops the build."""
    p = subprocess.run(argv, stdout=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        sys.exit(p.returncode)
    return p.stdout.rstrip('\n')


def kernel_source():
    ksrc = os.environ.get('KERNEL_SRC', '')
    if not ksrc and os.path.isdir(env('SRC') + '/linux'):
        ksrc = env('SRC') + '/linux'
    return ksrc


def reference_source():
    """SANITIZER=memory: libzstd 1.5.4's lib/ folder, to be compiled with
    the build's own flags (ref-src.sh: MSan needs every library
    instrumented); '' for any other sanitizer."""
    if os.environ.get('SANITIZER', '') != 'memory':
        return ''
    p = subprocess.run(['ci/oss-fuzz/ref-src.sh', env('WORK')], stdout=subprocess.PIPE,
                       text=True)
    if p.returncode:
        sys.exit(1)
    return p.stdout.rstrip('\n')


def reference_lib():
    lib = os.environ.get('KZFUZZ_REF_LIB', '')
    if not lib:
        lib = next((p for p in REF_LIBS if os.path.isfile(p)), '')
    if not lib:
        raise Stop('no static reference libzstd (libzstd.a)')
    return lib


def zstd_version(tree):
    """The tree's kernel zstd version (tree.mk), as the registry reads it."""
    with open(os.path.join(tree, 'tree.mk')) as f:
        return '\n'.join(line[len('KTREE_ZSTD_VERSION := '):].rstrip('\n') for line in f
                         if line.startswith('KTREE_ZSTD_VERSION := '))


def second_reference(build):
    """(path of zstd 1.5.7 or '', its error file)."""
    cache = os.environ.get('KZFUZZ_ZSTD_NEXT_CACHE', '')
    if not cache:
        cache = env('WORK') + '/zstd-next'
        if os.path.isdir(env('SRC') + '/zstd-next'):
            cache = env('SRC') + '/zstd-next'
    err = os.path.join(build, 'zstd-next.err')
    with open(err, 'w') as e:
        p = subprocess.run(['ref/zstd-next.sh', cache], stdout=subprocess.PIPE, stderr=e, text=True)
    if p.returncode == 0:
        path = p.stdout.rstrip('\n')
        say(f'second reference: zstd 1.5.7 from {path}')
        return path, err
    with open(err, errors='replace') as e:
        lines = e.read().splitlines()
    say(lines[-1] if lines else '')
    return '', err


def tree_targets(tree):
    """The tree's targets (fuzz/targets.mk), or those of KZFUZZ_TARGETS."""
    targets = output(['make', '--no-print-directory', '-s', '-f', '-', 'print-targets',
                      f'TREE_DIR={tree}'], input=PRINT_TARGETS).split()
    wanted = os.environ.get('KZFUZZ_TARGETS', '')
    if not wanted:
        return targets
    for t in wanted.split():
        if t not in targets:
            raise Stop(f'KZFUZZ_TARGETS: {t} is not a target of this tree ({" ".join(targets)})')
    return wanted.split()


def object_folder(build, tree):
    """One object folder per compiler, flags and engine: builds never mix."""
    key = '%s\n%s\n%s\n' % (env('CC'), env('CFLAGS'), env('LIB_FUZZING_ENGINE'))
    return os.path.join(build, os.path.basename(tree),
                        'ossfuzz-' + hashlib.sha1(key.encode()).hexdigest()[:12])


def build_fuzzers(tree, b, targets, ref_lib, nxt, next_err, ref_src=''):
    jobs = os.environ.get('KZFUZZ_JOBS') or str(len(os.sched_getaffinity(0)))
    # AFL++'s driver passes the input in place, misaligned: copy it (fuzz/afl_aligned_input.c).
    afl = '1' if os.environ.get('FUZZING_ENGINE', '') == 'afl' else ''
    mk = ['make', '--no-print-directory', f'-j{jobs}', '-f', 'build.mk', 'VARIANT=ossfuzz',
          f'TREE_DIR={tree}', f'B={b}', f'CC={env("CC")}', f'OSSFUZZ_CFLAGS={env("CFLAGS")}',
          f'LIB_FUZZING_ENGINE={env("LIB_FUZZING_ENGINE")}', f'REF_LIB={ref_lib}',
          f'ZSTD_NEXT={nxt}', f'ZSTD_NEXT_ERR={next_err}', f'OSSFUZZ_AFL={afl}',
          f'ZSTD_DEB_SRC={ref_src}']
    rc = subprocess.call(mk + [f'{b}/fuzz/{t}' for t in targets] +
                         [f'{b}/bin/gen-seeds', f'{b}/bin/fanotify-seeds'])
    if rc:
        sys.exit(rc)


def make_seeds(b):
    """The generated seeds, made once per object folder (the generators are
    deterministic)."""
    seeds = f'{b}/seeds'
    if os.path.isdir(seeds):
        return seeds
    shutil.rmtree(seeds + '.tmp', ignore_errors=True)
    os.makedirs(seeds + '.tmp/fanotify')
    quiet = dict(os.environ, ASAN_OPTIONS='detect_leaks=0')
    for gen, out in (('gen-seeds', 'zstd'), ('fanotify-seeds', 'fanotify')):
        rc = subprocess.call([f'{b}/bin/{gen}', f'{seeds}.tmp/{out}'], env=quiet,
                             stdout=subprocess.DEVNULL)
        if rc:
            sys.exit(rc)
    os.rename(seeds + '.tmp', seeds)
    return seeds


def asan_options(text):
    """The [asan] section of a .options file, as ASAN_OPTIONS."""
    section, opts = None, []
    for line in text.split('\n'):
        if line.startswith('['):
            section = line
        if section == '[asan]' and '=' in line:
            opts.append(re.sub(r'[ \t]', '', line))
    return ':'.join(opts)


class Seeds:
    """A target's seed stage: the seeds its fuzzer fails on are left out
    when the registry knows the failure."""
    def __init__(self, b, target, san, registry='corpus/findings.txt'):
        self.bin, self.target, self.san = f'{b}/fuzz/{target}', target, san
        self.log = f'{b}/seed-stage/{target}.log'
        self.registry = registry

    def fails(self, files):
        """Does the fuzzer fail on these inputs?"""
        return subprocess.call(SEED_TIMEOUT + [self.bin] + files, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL,
                               env=dict(os.environ, ASAN_OPTIONS=self.san)) != 0

    def first_failing(self, files):
        """One input of a failing set, by bisection."""
        while len(files) > 1:
            half = len(files) // 2
            files = files[:half] if self.fails(files[:half]) else files[half:]
        return files[0]

    def verdict(self, f):
        """(known, the verdict line) of the fuzzer's failure on f."""
        san = (self.san + ':' if self.san else '') + 'handle_abort=1:symbolize=1'
        with open(self.log, 'wb') as log:
            subprocess.call(SEED_TIMEOUT + [self.bin, f], stdout=log, stderr=subprocess.STDOUT,
                            env=dict(os.environ, ASAN_OPTIONS=san, UBSAN_OPTIONS=(
                                'print_stacktrace=1:report_error_type=1:halt_on_error=1')))
        with open(self.log, encoding='utf-8', errors='replace') as log:
            text = log.read()
        try:
            cls, state, known = crashlog.judge(crashlog.findings.load(self.registry),
                                               self.target, text)
        except crashlog.NoFinding as err:
            print(f'crash-match: {self.log}: {err}', file=sys.stderr)
            return False, ''
        except crashlog.findings.RegistryError as err:
            print(f'crash-match: {err}', file=sys.stderr)
            return False, ''
        return known, '%s %s | %s | %s' % ('known' if known else 'new', self.target, cls, state)

    def triage(self, stage):
        """Leaves out each seed of stage the fuzzer fails on, known; how many."""
        left = 0
        while True:
            files = sorted(glob.glob(os.path.join(stage, '*')))
            if not files or not self.fails(files):
                return left
            if left >= MAX_LEFT_OUT:
                raise Stop(f'{self.target}: over {MAX_LEFT_OUT} seeds fail')
            f = self.first_failing(files)
            known, line = self.verdict(f)
            if not known:
                raise Stop(f'{self.target}: seed {os.path.basename(f)} fails with a finding '
                           f'the baseline does not know: {line}')
            say(f'{self.target}: seed {os.path.basename(f)} left out: {line}')
            os.remove(f)
            left += 1


def stage_seeds(t, stage, seeds):
    """Every file of the target's regression corpus and seeds, in one folder."""
    shutil.rmtree(stage, ignore_errors=True)
    os.makedirs(stage)
    dirs = [f'corpus/regression/{t}', f'{seeds}/zstd/{t}']
    if t.startswith('fanotify_'):
        dirs.append(f'{seeds}/fanotify')
    for d in dirs:
        for root, _, names in os.walk(d):
            for n in names:
                p = os.path.join(root, n)
                if os.path.isfile(p) and not os.path.islink(p):
                    shutil.copy(p, stage)


def write_atomic(path, text):
    with open(path + '.tmp', 'w') as f:
        f.write(text)
    os.replace(path + '.tmp', path)


def package(t, b, seeds, out):
    """The target's fuzzer, options, seed corpus and dictionary in out."""
    if not re.fullmatch(r'[A-Za-z0-9_-]+', t):
        raise Stop(f'{t}: not a valid fuzzer name')
    shutil.copy(f'{b}/fuzz/{t}', f'{out}/{t}')
    stage = f'{b}/seed-stage/{t}'
    stage_seeds(t, stage, seeds)
    options = targets.options_text(targets.row_of(targets.read(), t))
    write_atomic(f'{out}/{t}.options', options)
    left = Seeds(b, t, asan_options(options)).triage(stage)
    if left:
        say(f'{t}: {left} seeds left out of the seed corpus: known findings (corpus/findings.txt)')
    zipped = f'{out}/{t}_seed_corpus.zip'
    if os.path.exists(zipped):
        os.remove(zipped)
    rc = subprocess.call(['zip', '-q', '-r', '-j', zipped, '.'], cwd=stage)
    if rc:
        sys.exit(rc)
    if os.path.isfile(f'corpus/dicts/{t}.dict'):
        shutil.copy(f'corpus/dicts/{t}.dict', f'{out}/{t}.dict')


def main():
    ref_src = reference_source()
    ref_lib = 'from-source' if ref_src else reference_lib()
    build = env('WORK') + '/kzfuzz'
    os.makedirs(build, exist_ok=True)
    tree = output(['kernel/prepare-tree.sh', build, kernel_source()])
    with open(os.path.join(tree, 'tree.txt')) as f:
        say(f.read().rstrip('\n'))
    # The findings registry as this tree's zstd version sees it (lib/findings.py).
    os.environ['KZ_ZSTD_VERSION'] = zstd_version(tree)
    nxt, next_err = second_reference(build)
    b = object_folder(build, tree)
    if ref_src:
        ref_lib = os.path.join(b, 'ref154', 'libzstd.a')
    names = tree_targets(tree)
    build_fuzzers(tree, b, names, ref_lib, nxt, next_err, ref_src)
    seeds = make_seeds(b)
    for t in names:
        package(t, b, seeds, env('OUT'))
    refs = 'libzstd 1.5.x and zstd 1.5.7' if nxt else 'libzstd 1.5.x alone'
    say(f'{len(names)} fuzzers in {env("OUT")} ({env("SANITIZER")}, '
        f'{os.path.basename(env("CC"))}, engine {env("LIB_FUZZING_ENGINE")}; references: {refs})')
    return 0


sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), 'fuzz'))
import crashlog  # noqa: E402
import targets  # noqa: E402

if __name__ == '__main__':
    try:
        os.chdir(os.environ.get('KZFUZZ_SRC') or env('SRC') + '/kzfuzz')
        sys.exit(main())
    except Stop as err:
        print(f'build.sh: {err}', file=sys.stderr)
        sys.exit(1)

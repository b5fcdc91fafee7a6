#!/usr/bin/env python3
"""The pre-merge conformance gate: may this tree's zstd and fanotify sample
merge? Called by `make gate` (conformance/gate.goals.mk):

    gate.py --build BUILD --kernel-src TREE --baseline-src TREE --seconds N [--quick]
            [--no-base-rule]

--quick (make gate-short): the check programs that take --quick (their
usage text says so) run their quick subset, and check 9 (make kunit: the
vectors in the tree's UML kernel, conformance/kunit_run.py) is skipped.
--no-base-rule (or
GATE_BASE_RULE=0): check 7's new findings fail without being judged
against the base tree (conformance/gate_base.py), for calibration.
Builds the harness against the tree, runs the checks, each into
$BUILD/gate/<run>/NN-<check>/ (result, figure, failures, logs), then
conformance/gate_report.py prints the summary table and writes
report.tap and report.junit.xml. Exit 0 only when every check passed or
was skipped by design; 1 otherwise; 2 on bad arguments.

When the self-test fails, checks 2-5 still run (they name the cause);
6-9 are skipped.
Environment: MAKE; GATE_JOBS (build jobs, 2); SPEED_THRESHOLD (percent, -5:
check 8's speed rows, gate_baseline.py);
GATE_STACK_GROWTH (bytes, 64); GATE_FUZZ_JOBS (2); GATE_FUZZ_SEED (1);
GATE_CHECK_TIMEOUT (seconds per check program, 600); GATE_BUILD_TIMEOUT
(seconds per variant build, 1800); GATE_OUT (the folder of the run folders
and their latest link, BUILD/gate); GATE_BASE_RULE (1; 0: as --no-base-rule).
"""
import os
import re
import signal
import subprocess
import sys
import time

import gate_base
import gate_report
from gate_report import TABLE, check_of, env, last_line  # noqa: F401 (shared with the check scripts)

HERE = 'conformance'
# The checks, one entry each: TABLE in gate_report.py (HACKING.md "Gate").
CHECKS = [c.name for c in TABLE]
TITLES = {c.name: c.title for c in TABLE}

NUMERIC_ENV = ['GATE_JOBS', 'GATE_STACK_GROWTH', 'GATE_FUZZ_JOBS',
               'GATE_FUZZ_SEED', 'GATE_CHECK_TIMEOUT', 'GATE_BUILD_TIMEOUT']
OPTIONS = {'--build': 'build', '--kernel-src': 'ksrc', '--baseline-src': 'bsrc',
           '--seconds': 'secs'}
USAGE = 'usage: gate.py --build B --kernel-src T --baseline-src T --seconds N [--quick] ' \
    '[--no-base-rule]'
ENC = gate_report.ENC


class Exit(Exception):
    """Stops the gate with a status (a message already printed)."""

    def __init__(self, status):
        super().__init__(status)
        self.status = status


def die(msg):
    print(f'gate: {msg}', file=sys.stderr)
    raise Exit(2)


# --- arguments ---------------------------------------------------------------

def parse_args(argv):
    """The options as a dict; Exit(2) on a bad one. An option without its
    value is a silent status 1, as the shell version's failing shift was."""
    opts = {'build': '', 'ksrc': '', 'bsrc': '', 'secs': '', 'quick': False,
            'no_base_rule': False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ('--quick', '--no-base-rule'):
            opts[a[2:].replace('-', '_')] = True
            i += 1
        elif a in OPTIONS:
            if i + 1 >= len(argv):
                raise Exit(1)
            opts[OPTIONS[a]] = argv[i + 1]
            i += 2
        else:
            die(f"unknown argument '{a}' ({USAGE})")
    return opts


def check_args(opts, environ):
    if not opts['build']:
        die('--build is empty')
    if not re.fullmatch(r'[1-9][0-9]*', opts['secs']):
        die(f"SECONDS='{opts['secs']}': not a positive whole number of seconds")
    for v in NUMERIC_ENV:
        val = environ.get(v, '')
        if val and not re.fullmatch(r'[0-9]+(\.[0-9]+)?', val):
            die(f"{v}='{val}': not a number")


def whole(name, value):
    """A setting used in arithmetic: whole numbers only (the shell version
    stopped with status 1 on others, as here)."""
    if not re.fullmatch(r'[0-9]+', value):
        print(f"gate: {name}='{value}': not a whole number", file=sys.stderr)
        raise Exit(1)
    return int(value)


# --- files and commands --------------------------------------------------------

def write(path, text, mode='w'):
    with open(path, mode, **ENC) as f:
        f.write(text)


def first_match(path, pattern):
    """grep -m1 -E pattern path, or None."""
    rx = re.compile(pattern)
    for line in gate_report.all_lines(gate_report.read_text(path)):
        if rx.search(line):
            return line
    return None


def matching(path, pattern):
    rx = re.compile(pattern)
    return [line for line in gate_report.all_lines(gate_report.read_text(path)) if rx.search(line)]


def status(rc):
    """A shell's $?: a child killed by signal N is 128+N."""
    return 128 - rc if rc < 0 else rc


class Interrupts:
    """INT and TERM, acted on between commands as the shell's trap was:
    after the command that runs when the signal comes."""

    def __init__(self):
        self.seen = False
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self.note)

    def note(self, signum, frame):
        self.seen = True


class Gate:
    def __init__(self, opts):
        self.o = opts
        # As the shell had it: split into words to run, whole in messages.
        self.make_str = env('MAKE', 'make')
        self.make = self.make_str.split()
        self.check_timeout = env('GATE_CHECK_TIMEOUT', '600')
        self.build_timeout = env('GATE_BUILD_TIMEOUT', '1800')
        self.fuzz_jobs = env('GATE_FUZZ_JOBS', '2')
        # Build jobs: a recursive make does not always get the caller's jobserver.
        self.jobs = env('GATE_JOBS', '2')
        self.run = None
        self.built = set()
        self.t_start = 0.0
        self.interrupts = None

    # Every child goes through here: a signal that came meanwhile ends the gate.
    def call(self, argv, out=None, append=False, stdin_text=None, merge_err=True):
        """Runs argv, its output into the file out, else captured (with its
        stderr when merge_err). The shell's status, and the captured text."""
        mode = 'ab' if append else 'wb'
        log = open(out, mode) if out else None
        try:
            # close_fds=False: children get the descriptors the gate got, as
            # from a shell (make's jobserver pipe among them).
            p = subprocess.run(argv, stdout=log or subprocess.PIPE, close_fds=False,
                               stderr=subprocess.STDOUT if merge_err else None,
                               input=stdin_text.encode() if stdin_text is not None else None)
            rc, text = status(p.returncode), None if log else p.stdout.decode(**ENC)
        except OSError as e:
            rc, text = 127, f'{argv[0]}: {e.strerror}\n'
            if log:
                log.write(text.encode(**ENC))
        finally:
            if log:
                log.close()
        self.after_command()
        return rc, text

    def after_command(self):
        if self.interrupts and self.interrupts.seen:
            print('gate: interrupted')
            if self.run:
                gate_report.report(self.run)
            raise Exit(130)

    def make_cmd(self, *args):
        return self.make + list(args)

    # --- one check's folder ---------------------------------------------------
    def cdir(self, c):
        return os.path.join(self.run, c)

    def set_result(self, c, result, figure):
        d = self.cdir(c)
        for name, value in (('result', result), ('figure', figure)):
            write(os.path.join(d, name + '.tmp'), value + '\n')
            os.replace(os.path.join(d, name + '.tmp'), os.path.join(d, name))

    def add_failure(self, c, msg, cmd):
        write(os.path.join(self.cdir(c), 'failures'), f'{msg}\t{cmd}\n', 'a')

    def has_failures(self, c):
        return gate_report.nonempty(os.path.join(self.cdir(c), 'failures'))

    def begin(self, c):
        d = self.cdir(c)
        os.makedirs(d, exist_ok=True)
        write(os.path.join(d, 'failures'), '')
        write(os.path.join(d, 'title'), TITLES[c] + '\n')
        self.t_start = time.time()
        print(f'gate: {TITLES[c]} ...')

    def end(self, c):
        d = self.cdir(c)
        write(os.path.join(d, 'time'), '%.1f\n' % (time.time() - self.t_start))
        result = gate_report.read_text(os.path.join(d, 'result')).rstrip('\n')
        figure = gate_report.read_text(os.path.join(d, 'figure')).rstrip('\n')
        print(f'gate:   {result} - {figure}')

    def mark(self, result, reason, *checks):
        """Every check skipped or errored with reason."""
        for c in checks:
            self.begin(c)
            self.set_result(c, result, reason)
            if result == 'error':
                self.add_failure(c, reason, f'{self.make_str} {self.repro_env} gate')
            self.end(c)

    def needs(self, variant, c):
        """With the variant not built, the check is an error."""
        if variant in self.built:
            return True
        self.mark('error', f'not run: the {variant} variant does not build', c)
        return False

    def finish(self):
        self.after_command()
        return gate_report.report(self.run)

    # --- the run ----------------------------------------------------------------
    def locate(self):
        """Where the tree's builds are (make gate-where)."""
        o = self.o
        _, loc = self.call(self.make_cmd('-s', '--no-print-directory', f'BUILD={o["build"]}',
                                         f'KERNEL_SRC={o["ksrc"]}', 'gate-where'))
        self.loc = loc.rstrip('\n')
        found = re.findall(r'^gate-where: bdir=([^ \n]*)', self.loc, re.M)
        self.bdir = '\n'.join(found)
        found = re.findall(r'^gate-where: .*tree_id=([^ \n]*)', self.loc, re.M)
        self.tree_id = '\n'.join(found)
        found = re.findall(r'^gate-where: .*tree_dir=([^ \n]*)', self.loc, re.M)
        self.tree_dir = '\n'.join(found)

    def start_run(self):
        o = self.o
        run_id = time.strftime('%Y%m%dT%H%M%SZ', time.gmtime()) + '-' + (self.tree_id or 'unstaged')
        out = env('GATE_OUT', os.path.join(o['build'], 'gate'))
        self.run = os.path.join(out, run_id)
        os.makedirs(self.run, exist_ok=True)
        latest = os.path.join(out, 'latest')
        if os.path.lexists(latest + '.tmp'):
            os.unlink(latest + '.tmp')
        os.symlink(run_id, latest + '.tmp')
        os.replace(latest + '.tmp', latest)
        self.repro_env = f'BUILD={o["build"]}' + (f' KERNEL_SRC={o["ksrc"]}' if o['ksrc'] else '')
        base = f' BASELINE_SRC={o["bsrc"]}' if o['bsrc'] else ''
        print(f'gate: run {self.run} ({self.repro_env}{base} SECONDS={o["secs"]})')
        # Interrupted: the reports of what ran (a check without a result shows as an error).
        self.interrupts = Interrupts()

    def unstaged(self):
        c = check_of('build').name
        log = os.path.join(self.cdir(c), 'stage.log')
        write(log, self.loc + '\n')
        why = f'the tree cannot be staged: {last_line(log)}'
        self.set_result(c, 'error', why)
        self.add_failure(c, why, f'{self.make_str} {self.repro_env} gate-where')
        self.end(c)
        for c in CHECKS[1:]:
            self.mark('error', 'not run: the tree cannot be staged', c)
        return self.finish() or 1

    def build(self):
        c = check_of('build').name
        self.begin(c)
        if not self.bdir:
            return self.unstaged()
        d, failed = self.cdir(c), []
        for v in ('asan', 'plain', 'fuzz'):
            log = os.path.join(d, f'build-{v}.log')
            rc, _ = self.call(['timeout', self.build_timeout] + self.make_cmd(
                f'-j{self.jobs}', '--no-print-directory', f'BUILD={self.o["build"]}',
                f'KERNEL_SRC={self.o["ksrc"]}', f'gate-build-{v}'), out=log)
            if rc == 0:
                self.built.add(v)
                continue
            failed.append(v)
            why = first_match(log, 'error|Error') or last_line(log)
            self.add_failure(c, f'the {v} variant does not build: {why}',
                             f'{self.make_str} {self.repro_env} gate-build-{v}')
        if 'asan' in self.built:
            self.api_note()
            self.references_note()
        if failed:
            self.set_result(c, 'error', f'variants that do not build: {" ".join(failed)} '
                            f'(logs: {d}/build-*.log)')
        else:
            self.set_result(c, 'pass', f'asan, plain and fuzz variants of {self.tree_id} built')
        self.end(c)
        return None

    def api_note(self):
        """The tree's zstd.h functions no target or check calls: a note, so
        that a newer tree's API is never passed over in silence."""
        out = os.path.join(self.run, 'api-unexercised.txt')
        rc, text = self.call(['kernel/api-unused.sh', self.tree_dir,
                              os.path.join(self.bdir, 'asan', 'obj')], merge_err=False)
        names = text.split() if rc == 0 else []
        write(out, text if rc == 0 else '')
        level = ''
        try:
            with open(os.path.join(self.tree_dir, 'tree.mk')) as f:
                level = ''.join(re.findall(r'^KTREE_API_LEVEL := (.*)$', f.read(), re.M))
        except OSError:
            pass
        if rc != 0:
            print(f'gate: note: the declared API could not be listed: {text.strip()}')
        elif names:
            print(f'gate: note: {level}: {len(names)} functions of the tree\'s zstd.h that no '
                  f'target or check calls: {", ".join(names)}')
        else:
            print(f'gate: note: {level}: every function of the tree\'s zstd.h is exercised')
        unknown = os.path.join(self.tree_dir, 'api-unknown.txt')
        if gate_report.nonempty(unknown):
            for line in gate_report.lines_of(gate_report.read_text(unknown)):
                proto = line.split('\t')[-1]
                print(f'gate: note: the tree\'s zstd.h declares {proto}, '
                      'a signature the harness does not know: not driven')

    def references_note(self):
        """Which references judge (libzstd 1.5.4, zstd 1.5.7 or why not), as
        a zstd target says on its first input: the report's references line."""
        empty = os.path.join(self.run, 'empty.input')
        write(empty, '')
        _, text = self.call([os.path.join(self.bdir, 'asan', 'fuzz', 'decompress_oneshot'),
                             empty])
        found = re.findall(r'^kzfuzz: references: (.*)$', text or '', re.M)
        said = (text or '').strip().rsplit('\n', 1)[-1]
        refs = found[0] if found else f'not known: the replayer said {said}'
        write(os.path.join(self.run, 'references.txt'), refs + '\n')
        print(f'gate: note: references: {refs}')

    def selftest(self):
        """Check 1; whether the build passed its self-test."""
        chk = check_of('selftest')
        c = chk.name
        if not self.needs(chk.variant, c):
            return False
        self.begin(c)
        log = os.path.join(self.cdir(c), 'log')
        rc, _ = self.call(['timeout', self.check_timeout,
                           os.path.join(self.bdir, chk.variant, 'bin', chk.program)], out=log)
        repro = f'{self.make_str} {self.repro_env} selftest'
        tail = last_line(log)
        if rc == 0:
            self.set_result(c, 'pass', tail)
        elif rc == 1:
            self.set_result(c, 'fail', tail)
            for line in matching(log, 'FAIL|broken')[:20]:
                self.add_failure(c, line, repro)
            if not self.has_failures(c):
                self.add_failure(c, tail, repro)
        elif rc == 124:
            self.set_result(c, 'error', f'timed out after {self.check_timeout}s')
            self.add_failure(c, 'timed out', repro)
        else:
            self.set_result(c, 'error', f'exited with status {rc} (crash?): {tail}')
            self.add_failure(c, f'exited with status {rc}', repro)
        self.end(c)
        return rc == 0

    def run_prog(self, c, variant, prog, *args):
        """A gate-<name> program (TAP-like lines, one "figure:" line, exit
        0/1/2) run from the top of the repo."""
        if not self.needs(variant, c):
            return
        self.begin(c)
        d = self.cdir(c)
        binary = os.path.join(self.bdir, variant, 'bin', prog)
        args = list(args)
        if not os.access(binary, os.X_OK):
            self.set_result(c, 'error', f'not built: {binary} does not exist')
            self.add_failure(c, f'not built: {prog} (no such program in the {variant} variant)',
                             f'{self.make_str} {self.repro_env} gate-build-{variant}')
            self.end(c)
            return
        with open(binary, 'rb') as f:
            if self.o['quick'] and b'[--quick]' in f.read():
                args.append('--quick')
        repro = ' '.join([binary] + args)
        write(os.path.join(d, 'command'), repro + '\n')
        log = os.path.join(d, 'log')
        rc, _ = self.call(['timeout', self.check_timeout, binary] + args, out=log)
        self.judge_prog(c, rc, log, repro)
        self.end(c)

    def judge_prog(self, c, rc, log, repro):
        figures = [m[len('figure: '):] for m in matching(log, '^figure: ')]
        figure = figures[-1] if figures else ''
        for line in matching(log, '^not ok '):
            self.add_failure(c, line[len('not ok '):], repro)
        tail = last_line(log)
        if rc == 0:
            if self.has_failures(c):
                self.set_result(c, 'error', f'exit 0 with failing lines: {figure or "no figure"}')
            elif not figure:
                self.set_result(c, 'error', 'exit 0 without a figure line')
            else:
                self.set_result(c, 'pass', figure)
        elif rc == 1:
            self.set_result(c, 'fail', figure or 'no figure')
            if not self.has_failures(c):
                self.add_failure(c, f"exit 1 without a 'not ok' line: {tail}", repro)
        elif rc == 2:
            self.set_result(c, 'error', f'error: {tail}')
            self.add_failure(c, f'error: {tail}', repro)
        elif rc == 124:
            self.set_result(c, 'error', f'timed out after {self.check_timeout}s')
            self.add_failure(c, f'timed out after {self.check_timeout}s (partial log: {log})',
                             repro)
        else:
            self.set_result(c, 'error', f'exited with status {rc} (crash; log: {log})')
            why = first_match(log, 'ERROR|SUMMARY|runtime error') or tail
            self.add_failure(c, f'exited with status {rc}: {why}', repro)

    def targets(self):
        """The fuzz targets (fuzz/targets.mk)."""
        mk = 'include fuzz/targets.mk\nall:\n\t@echo $(FUZZ_TARGETS)\n'
        # The tree's API level picks the dictionary targets (its tree.mk).
        tree = [f'TREE_DIR={self.tree_dir}'] if self.tree_dir else []
        rc, out = self.call(self.make_cmd('-s', '--no-print-directory', '-f', '-', *tree),
                            stdin_text=mk, merge_err=False)
        if rc:
            raise Exit(rc)
        targets = out.split()
        if not targets:
            die('fuzz/targets.mk lists no targets')
        return targets

    def make_seeds(self):
        """The deterministic seeds: fuzzing starts from them and the committed corpus."""
        seeds = os.path.join(self.run, 'seeds')
        os.makedirs(os.path.join(seeds, 'fanotify'), exist_ok=True)
        log = os.path.join(self.run, 'seeds.log')
        for prog, where, append in (('gen-seeds', seeds, False),
                                    ('fanotify-seeds', os.path.join(seeds, 'fanotify'), True)):
            rc, _ = self.call([os.path.join(self.bdir, 'asan', 'bin', prog), where],
                              out=log, append=append)
            if rc:
                print(f'gate: {prog} failed (see {log})')
        return seeds

    def run_script(self, c, limit, script, *args):
        """One of our check scripts, which writes result, figure and failures
        itself; a crash or a hang is an error."""
        self.begin(c)
        d = self.cdir(c)
        log = os.path.join(d, 'log')
        rc, _ = self.call(['timeout', str(limit), script, d] + list(args), out=log)
        if rc != 0 or not gate_report.nonempty(os.path.join(d, 'result')):
            how = f'timed out after {limit}s' if rc == 124 else f'stopped with status {rc}'
            figure = os.path.join(d, 'figure')
            kept = gate_report.read_text(figure).rstrip('\n') if os.path.isfile(figure) \
                else last_line(log)
            name = os.path.basename(script)
            self.set_result(c, 'error', f'{name} {how}; partial results kept: {kept}')
            self.add_failure(c, f'{name} did not finish (status {rc}; log {log})',
                             ' '.join([script, d] + list(args)))
        self.end(c)

    def base_args(self):
        """gate_fuzz.py's options: the base that judges new findings, or why none."""
        if not gate_base.rule_on(os.environ, self.o['no_base_rule']):
            return ['--no-base', 'base rule off (--no-base-rule or GATE_BASE_RULE=0)']
        version = gate_base.tree_zstd_version(self.tree_dir)
        ksrc, why = gate_base.choose(self.o['bsrc'], version)
        if ksrc is None:
            print(f'gate: note: {why}; every new finding of the fuzz check fails')
            return ['--no-base', why]
        print(f'gate: note: base rule: a new finding of the fuzz check is replayed on {ksrc} '
              f'({why})')
        return ['--base', ksrc, '--build', self.o['build']]

    def main(self):
        self.locate()
        self.start_run()
        err = self.build()
        if err is not None:
            return err
        selftest_ok = self.selftest()
        first = TABLE.index(check_of('selftest')) + 1
        progs = [c for c in TABLE[first:] if c.runner == 'prog']
        late = TABLE[first + len(progs):]
        # The program checks run even when the self-test failed: their lines name the cause.
        for c in progs:
            self.run_prog(c.name, c.variant, c.program, *self.prog_args(c))
        # A build that fails its self-test gives false findings: no corpus,
        # fuzzing or baseline.
        if not selftest_ok:
            self.mark('skip', 'not run: the build self-test did not pass, the results would '
                      'be false findings', *[c.name for c in late])
            return self.finish() or 1
        return self.late_checks(self.targets(), late)

    def stack_csv(self):
        """The stack check's figures, which the baseline check compares."""
        return os.path.join(self.cdir(check_of(program='gate-stack').name), 'stack.csv')

    def prog_args(self, c):
        return ['--csv', self.stack_csv()] if c.program == 'gate-stack' else []

    def late_checks(self, targets, late):
        """The checks after the programs: regression corpus, time-boxed fuzzing, baseline."""
        seeds = self.make_seeds()
        for c in late:
            getattr(self, 'check_' + c.runner)(c, targets, seeds)
        return self.finish()

    def check_regression(self, c, targets, seeds):
        if self.needs(c.variant, c.name):
            self.run_script(c.name, self.check_timeout, f'{HERE}/{c.program}',
                            self.bdir, self.repro_env, *targets)

    def check_fuzz(self, c, targets, seeds):
        o = self.o
        if self.needs(c.variant, c.name):
            jobs = whole('GATE_FUZZ_JOBS', self.fuzz_jobs)
            if not jobs:
                print('gate: GATE_FUZZ_JOBS=0: division by 0', file=sys.stderr)
                raise Exit(1)
            rounds = (len(targets) + jobs - 1) // jobs
            # By executions (GATE_FUZZ_RUNS), a run may take up to its own timeout.
            per_target = int(o['secs']) if not env('GATE_FUZZ_RUNS', '') else \
                int(env('GATE_FUZZ_RUN_TIMEOUT', '600'))
            # The base, when a new finding needs it, builds within the check's time.
            limit = rounds * (per_target + 60) + 120 + whole('GATE_BUILD_TIMEOUT',
                                                             self.build_timeout) + 600
            self.run_script(c.name, limit, f'{HERE}/{c.program}', *self.base_args(),
                            self.bdir, o['secs'], self.fuzz_jobs,
                            env('GATE_FUZZ_SEED', '1'), seeds, self.repro_env, *targets)

    def check_baseline(self, c, targets, seeds):
        o = self.o
        if not o['bsrc']:
            self.mark('skip', 'no BASELINE_SRC given', c.name)
        elif self.needs(c.variant, c.name):
            limit = whole('GATE_BUILD_TIMEOUT', self.build_timeout) + \
                whole('GATE_CHECK_TIMEOUT', self.check_timeout) * 2
            self.run_script(c.name, limit, f'{HERE}/{c.program}', self.bdir,
                            o['build'], o['bsrc'], seeds, self.stack_csv())

    def check_kunit(self, c, targets, seeds):
        o = self.o
        if o['quick']:
            self.mark('skip', 'not run under --quick: a UML kernel build takes minutes '
                      '(make kunit)', c.name)
        else:
            self.run_script(c.name, whole('GATE_BUILD_TIMEOUT', self.build_timeout) + 3600,
                            f'{HERE}/{c.program}', o['build'], o['ksrc'], self.repro_env)


def main(argv):
    # Until the run folder exists, a signal stops the gate as it would a shell.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    gate_report.setup_output()
    try:
        opts = parse_args(argv[1:])
        check_args(opts, os.environ)
        os.environ['ASAN_OPTIONS'] = env('GATE_ASAN_OPTIONS',
                                         'handle_abort=1:detect_leaks=1:symbolize=1')
        os.environ['UBSAN_OPTIONS'] = env('GATE_UBSAN_OPTIONS',
                                          'print_stacktrace=1:report_error_type=1:halt_on_error=1')
        return Gate(opts).main()
    except Exit as e:
        return e.status


if __name__ == '__main__':
    sys.exit(main(sys.argv))

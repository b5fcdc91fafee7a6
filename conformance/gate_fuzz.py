#!/usr/bin/env python3
"""Gate check 7: every target's libFuzzer binary for SECONDS, JOBS targets
at a time, from a copy of the committed corpus (corpus/regression/<target>/,
the fanotify captures) and the deterministic seeds, with a fixed -seed.

    gate_fuzz.py [--base KERNEL_SRC --build BUILD | --no-base WHY]
                 DIR BDIR SECONDS JOBS SEED SEEDS_DIR REPRO_ENV TARGET...

A crash stops libFuzzer: its artifact is kept under DIR/../findings/<target>/,
classified by fuzz/crashlog.py, and the target fuzzes on from the grown
corpus with the next seed until its SECONDS are used up (at most
GATE_FUZZ_RESTARTS runs; after 4 known findings with
KZ_FANOTIFY_WELLFORMED_ONLY=1, which only the fanotify targets read). A
finding the findings registry does not cover fails the check, unless the
base tree reproduces it (--base: conformance/gate_base.py, same class and
crash state on the base's ASan replayer; then it is pre-existing, listed
in DIR/pre-existing, "message TAB candidate command TAB base command", and
counted, not failed); with --no-base (the rule off, or no base known)
every new finding fails. A run killed by the timeout is an error. Writes
DIR/<target>/{result,figure,findings.txt,run.N.log} and DIR/result,
DIR/figure, DIR/failures (message TAB command), DIR/base.txt (which base
judged).

GATE_FUZZ_RUNS=N fuzzes each target for N executions after its starting
corpus instead of SECONDS; GATE_FUZZ_RUNS=0 (make check's gate-short) only
runs every libFuzzer binary over its starting corpus (libFuzzer -runs=0):
no mutations, so the same verdict on every machine (how far mutations get
in a few seconds depends on the machine, and so did the verdict). Each
run then has GATE_FUZZ_RUN_TIMEOUT seconds (600).
"""
import concurrent.futures
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, 'lib'))
sys.path.insert(0, os.path.join(TOP, 'fuzz'))
import crashlog  # noqa: E402
import findings  # noqa: E402
import gate_base  # noqa: E402
import max_len  # noqa: E402

REGISTRY = 'corpus/findings.txt'


def put(path, text):
    with open(path + '.tmp', 'w') as f:
        f.write(text + '\n')
    os.replace(path + '.tmp', path)


def read(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read()


def sha1_of(path):
    with open(path, 'rb') as f:
        return hashlib.sha1(f.read()).hexdigest()


def copy_into(pattern, dest):
    for f in glob.glob(pattern):
        if os.path.isfile(f):
            shutil.copy2(f, dest)


def drop_from_corpus(corpus, artifact):
    """The copies of the artifact's bytes leave the run's corpus: a
    starting input that crashes would stop every run at once."""
    sha = sha1_of(artifact)
    for f in glob.glob(os.path.join(corpus, '*')):
        if os.path.isfile(f) and sha1_of(f) == sha:
            os.unlink(f)


class Target:
    def __init__(self, gate, t):
        self.g, self.t = gate, t
        self.td = os.path.join(gate.dir, t)
        self.art = os.path.join(gate.findings, t)
        self.bin = os.path.join(gate.bdir, 'fuzz/fuzz', t)
        self.runs = self.execs = self.known = self.new = self.pre = self.err = 0
        # New crash states, each with its first artifact, and how often each came.
        self.found, self.times = [], {}
        self.env = dict(os.environ)
        self.ran = False

    def fail(self, msg, cmd):
        with open(os.path.join(self.td, 'failures'), 'a') as f:
            f.write('%s\t%s\n' % (msg, cmd))

    def note(self, line):
        with open(os.path.join(self.td, 'findings.txt'), 'a') as f:
            f.write(line + '\n')

    def seed_corpus(self):
        corpus = os.path.join(self.td, 'corpus')
        copy_into(os.path.join('corpus/regression', self.t, '*'), corpus)
        if self.t.startswith('fanotify_'):
            copy_into(os.path.join(self.g.seeds, 'fanotify', '*'), corpus)
            copy_into('corpus/fanotify-captures/*.bin', corpus)
        else:
            copy_into(os.path.join(self.g.seeds, self.t, '*'), corpus)
        return corpus

    def one_run(self, corpus, left, dict_args):
        """One libFuzzer run, for left seconds or, with an executions
        budget, for what is left of it; False when fuzzing ends here."""
        log = os.path.join(self.td, 'run.%d.log' % self.runs)
        seed = self.g.seed + self.runs
        # Past a few known findings, the fanotify targets fuzz well-formed buffers only
        # (fuzz/fanotify_sample.c: the differential beyond the sample's known bugs).
        if self.known >= 4:
            self.env['KZ_FANOTIFY_WELLFORMED_ONLY'] = '1'
        limit = ['-max_total_time=%d' % left]
        if self.g.runs_budget is not None:
            limit = ['-runs=%d' % max(self.g.runs_budget - self.execs, 0)]
        argv = ['timeout', str(left + 60), self.bin, '-seed=%d' % seed] + limit + [
                '-timeout=%d' % self.g.unit_timeout, '-max_len=%d' % self.g.max_len[self.t],
                '-rss_limit_mb=2048', '-artifact_prefix=%s/' % self.art,
                '-print_final_stats=1'] + dict_args + [corpus]
        with open(log, 'wb') as out:
            rc = subprocess.call(argv, stdout=out, stderr=subprocess.STDOUT, env=self.env)
        self.runs += 1
        text = read(log)
        execs = re.findall(r'^#([0-9]+)', text, re.M)
        self.execs += int(execs[-1]) if execs else 0
        if rc == 0:
            return False
        if rc == 124:
            self.err += 1
            self.fail('%s: the fuzzing run was killed by the timeout (log %s)' % (self.t, log),
                      '%s -seed=%d -max_total_time=%d -max_len=%d %s'
                      % (self.bin, seed, left, self.g.max_len[self.t], corpus))
            return False
        return self.judge(rc, log, text, seed, corpus)

    def judge(self, rc, log, text, seed, corpus):
        written = re.findall(r'Test unit written to (.*)$', text, re.M)
        a = written[-1] if written else ''
        try:
            cls, state, known = crashlog.judge(self.g.entries, self.t, text)
            line = '%s %s | %s | %s' % ('known' if known else 'new', self.t, cls, state)
        except crashlog.NoFinding:
            known, line = None, 'crash-match: %s: no finding in the log' % log
        self.note('%s | %s | %s' % (line, a or 'no artifact', log))
        if a and os.path.isfile(a):
            drop_from_corpus(corpus, a)
        if known:
            self.known += 1
        elif known is False:
            # Judged once per new crash state, after fuzzing (settle()).
            key = (cls, crashlog.normalize(state))
            if key not in self.times:
                words = ['%s=%s' % kv for kv in sorted(self.env.items())
                         if os.environ.get(kv[0]) != kv[1]]
                self.found.append(gate_base.Finding(self.t, cls, state, a, log, words))
            self.times[key] = self.times.get(key, 0) + 1
        else:
            self.err += 1
            self.fail('%s: libFuzzer stopped (status %d) without a finding (log %s)'
                      % (self.t, rc, log), '%s -seed=%d -max_len=%d %s'
                      % (self.bin, seed, self.g.max_len[self.t], corpus))
            return False
        return True

    def fuzz_time(self, corpus, dict_args):
        deadline = int(time.time()) + self.g.secs
        while deadline - int(time.time()) >= 1:
            if self.runs >= self.g.max_runs:
                self.note('stopped after %d runs' % self.runs)
                break
            if not self.one_run(corpus, deadline - int(time.time()), dict_args):
                break

    def fuzz_runs(self, corpus, dict_args):
        while self.one_run(corpus, self.g.run_timeout, dict_args) and \
                self.execs < self.g.runs_budget:
            if self.runs >= self.g.max_runs:
                self.note('stopped after %d runs' % self.runs)
                break

    def fuzz(self):
        os.makedirs(os.path.join(self.td, 'corpus'), exist_ok=True)
        os.makedirs(self.art, exist_ok=True)
        for name in ('findings.txt', 'failures'):
            open(os.path.join(self.td, name), 'w').close()
        if not os.access(self.bin, os.X_OK):
            self.fail('%s: no libFuzzer binary %s' % (self.t, self.bin),
                      'make %s gate-build-fuzz' % self.g.repro_env)
            put(os.path.join(self.td, 'figure'), 'not built')
            put(os.path.join(self.td, 'result'), 'error')
            return
        self.ran = True
        corpus = self.seed_corpus()
        d = 'corpus/dicts/%s.dict' % self.t
        dict_args = ['-dict=' + d] if os.path.isfile(d) else []
        if self.g.runs_budget is not None:
            self.fuzz_runs(corpus, dict_args)
        else:
            self.fuzz_time(corpus, dict_args)

    def settle(self):
        """After the base judged: failures for the new, a list of the
        pre-existing, the figure and the result."""
        if not self.ran:
            return
        for f in self.found:
            n = self.times[(f.cls, crashlog.normalize(f.state))]
            what = '%s: new finding: %s | %s (input %s, log %s)' % (
                self.t, f.cls, f.state, f.artifact or 'not written', f.log)
            cand = self.g.repro_cmd(self.g.repro_env, f)
            if f.verdict == 'pre-existing':
                self.pre += n
                with open(os.path.join(self.g.dir, 'pre-existing'), 'a') as out:
                    out.write('%s\t%s\t%s\n' % (what.replace(': new finding: ',
                                                               ': pre-existing: ', 1)
                                                 + ': ' + f.why, cand, f.base_cmd))
                continue
            self.new += n
            self.fail(what + (': ' + f.why if f.why else ''), cand)
        put(os.path.join(self.td, 'figure'), '%d execs in %d runs, %d known, %d pre-existing, '
            '%d new' % (self.execs, self.runs, self.known, self.pre, self.new))
        put(os.path.join(self.td, 'result'),
            'fail' if self.new else 'error' if self.err else 'pass')


class Gate:
    def __init__(self, args):
        self.base, self.no_base, args = options(args)
        self.dir, self.bdir = args[0], args[1]
        self.secs, self.jobs, self.seed = int(args[2]), int(args[3]), int(args[4])
        self.seeds, self.repro_env, self.targets = args[5], args[6], args[7:]
        self.findings = os.path.join(os.path.dirname(self.dir), 'findings')
        self.max_runs = int(os.environ.get('GATE_FUZZ_RESTARTS', '20'))
        self.unit_timeout = int(os.environ.get('GATE_FUZZ_UNIT_TIMEOUT', '25'))
        runs = os.environ.get('GATE_FUZZ_RUNS', '')
        self.runs_budget = int(runs) if runs else None
        self.run_timeout = int(os.environ.get('GATE_FUZZ_RUN_TIMEOUT', '600'))
        self.entries = findings.load(REGISTRY)
        # Each target's largest input, as make fuzz gives it (fuzz/targets.tsv):
        # libFuzzer's default would cut the bigger starting inputs.
        table = max_len.read_table()
        self.max_len = {t: max_len.max_len(t, table) for t in self.targets}

    def repro_cmd(self, repro_env, f):
        """make repro of a finding's input on a tree (REPRO_ENV: BUILD, KERNEL_SRC)."""
        return ''.join(w + ' ' for w in f.env_words) + 'make %s repro INPUT=%s TARGET=%s' % (
            repro_env, f.artifact or f.log, f.target)

    def judge_base(self, found):
        """The new crash states against the base: DIR/base.txt says which judged."""
        if self.no_base is not None:
            line = '%s: every new finding fails' % self.no_base
        elif not found:
            line = '%s (not built: no new finding to judge)' % self.base[0]
        else:
            ksrc, build = self.base
            base = gate_base.Base(ksrc, build, self.bdir, self.dir,
                                  os.environ.get('MAKE') or 'make',
                                  os.environ.get('GATE_JOBS') or '2')
            line = gate_base.judge(found, base, self.bdir, self.dir,
                                   int(os.environ.get('GATE_BASE_REPLAY_TIMEOUT', '60')))
            env = 'BUILD=%s KERNEL_SRC=%s' % (build, ksrc)
            for f in found:
                f.base_cmd = self.repro_cmd(env, f)
        put(os.path.join(self.dir, 'base.txt'), line)
        print('base: %s' % line, flush=True)

    def run(self):
        open(os.path.join(self.dir, 'failures'), 'a').close()
        targets = [Target(self, t) for t in self.targets]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(self.jobs, 1)) as pool:
            for f in [pool.submit(t.fuzz) for t in targets]:
                f.result()
        self.judge_base([f for t in targets for f in t.found])
        for t in targets:
            t.settle()
        return self.summary()

    def summary(self):
        execs = known = pre = new = 0
        result = 'pass'
        for t in self.targets:
            td = os.path.join(self.dir, t)
            if not os.path.isfile(os.path.join(td, 'result')):
                put(os.path.join(td, 'result'), 'error')
                put(os.path.join(td, 'figure'), 'did not finish')
            r = read(os.path.join(td, 'result')).strip()
            figure = read(os.path.join(td, 'figure')).strip()
            if os.path.isfile(os.path.join(td, 'failures')):
                with open(os.path.join(self.dir, 'failures'), 'a') as out:
                    out.write(read(os.path.join(td, 'failures')))
            m = re.match(r'([0-9]+) execs in [0-9]+ runs, ([0-9]+) known, ([0-9]+) pre-existing, '
                         r'([0-9]+) new', figure)
            if m:
                execs, known = execs + int(m[1]), known + int(m[2])
                pre, new = pre + int(m[3]), new + int(m[4])
            print('%s: %s - %s' % (t, r, figure), flush=True)
            if r == 'fail':
                result = 'fail'
            elif r == 'error' and result != 'fail':
                result = 'error'
        budget = ' x %ds' % self.secs
        if self.runs_budget == 0:
            budget = ' over their starting corpus'
        elif self.runs_budget:
            budget = ' x %d execs' % self.runs_budget
        put(os.path.join(self.dir, 'figure'),
            '%d targets%s: %d execs, %d known findings, %d pre-existing, %d new'
            % (len(self.targets), budget, execs, known, pre, new))
        put(os.path.join(self.dir, 'result'), result)
        return 0


def options(args):
    """((base KERNEL_SRC, BUILD) or None, the reason there is no base or None,
    the other arguments). The options may come anywhere (gate.py puts DIR
    first); without one, no base (the rule not asked for)."""
    opts, rest, i = {}, [], 0
    while i < len(args):
        if args[i] in ('--base', '--build', '--no-base') and i + 1 < len(args):
            opts[args[i]] = args[i + 1]
            i += 2
        else:
            rest.append(args[i])
            i += 1
    if len(rest) < 8 or any(a.startswith('--') for a in rest) or \
            ('--base' in opts) != ('--build' in opts) or \
            ('--base' in opts and '--no-base' in opts):
        raise ValueError(USAGE)
    if '--base' in opts:
        return (opts['--base'], opts['--build']), None, rest
    return None, opts.get('--no-base', 'no base given'), rest


USAGE = ('usage: gate_fuzz.py [--base KERNEL_SRC --build BUILD | --no-base WHY] '
         'DIR BDIR SECONDS JOBS SEED SEEDS_DIR REPRO_ENV TARGET...')


def main(argv):
    try:
        options(argv)
    except ValueError:
        print(USAGE, file=sys.stderr)
        return 2
    # What gate.py sets: stacks for aborts and UBSan, UBSan error types for the matcher.
    os.environ.setdefault('ASAN_OPTIONS', 'handle_abort=1:detect_leaks=1:symbolize=1')
    os.environ.setdefault('UBSAN_OPTIONS', 'print_stacktrace=1:report_error_type=1:halt_on_error=1')
    try:
        return Gate(argv).run()
    except (ValueError, findings.RegistryError, max_len.MaxLenError) as err:
        print('gate_fuzz: %s' % err, file=sys.stderr)
        return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Unit tests of the campaign's data logic (fuzz/campaign.py and its
modules): options, the fuzzers' figures, the merge control file, the
progress and summary tables, corpus swaps and the signal handling.

    python3 tests/test_campaign.py     (make test-campaign-py)
"""
import os
import signal
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fuzz'))
import campaign                     # noqa: E402
import campaign_stats as stats      # noqa: E402
import fs_write                     # noqa: E402

SHA_KZ = '4af0928e05ec2f2bf3b4c93617439d859aa5a478'    # sha1 of b'kzfuzz'
ARGS = ['-e', 'libfuzzer', '-b', 'B', '-T', 'T', '-w', 'W', '-f', 'F', '-k', 'K',
        '-s', '20', '-j', '2']


def stderr_of(fn, *args):
    """What fn writes to file descriptor 2 (the campaign writes there
    directly, a signal handler may), and what it raises or returns."""
    saved = os.dup(2)
    with tempfile.TemporaryFile() as f:
        os.dup2(f.fileno(), 2)
        try:
            result = fn(*args)
        except campaign.Stop as e:
            result = e
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        f.seek(0)
        return f.read().decode(), result


def usage_error(argv):
    """The one line a bad command line stops the campaign with."""
    _, result = stderr_of(campaign.parse_args, argv)
    return str(result) if isinstance(result, campaign.Stop) else None


class Options(unittest.TestCase):
    def test_all(self):
        opts, targets = campaign.parse_args(ARGS + ['-S', 's1', '-S', 's2', 'a', 'b'])
        self.assertEqual(targets, ['a', 'b'])
        self.assertEqual(opts['S'], ['s1', 's2'])
        self.assertEqual((opts['s'], opts['j'], opts['o'], opts['e']), ('20', '2', '10', 'libfuzzer'))

    def test_options_end_at_the_first_target(self):
        opts, targets = campaign.parse_args(ARGS + ['a', '-o', '5'])
        self.assertEqual((opts['o'], targets), ('10', ['a', '-o', '5']))

    def test_messages(self):
        cases = [([], 'campaign: no target given'),
                 (ARGS + ['-e', 'honggfuzz', 't'],
                  'campaign: ENGINE=honggfuzz: unknown engine (libfuzzer or afl)'),
                 (ARGS + ['-s', '0', 't'], 'campaign: SECONDS=0: not a positive number'),
                 (ARGS + ['-j', '01', 't'], 'campaign: JOBS=01: not a positive number'),
                 (ARGS + ['-o', '1.5', 't'], 'campaign: TIMEOUT=1.5: not a positive number'),
                 (ARGS + ['-T', '', 't'], 'campaign: -t: missing'),
                 (ARGS + ['-k', '', 't'], 'campaign: -b: missing')]
        for argv, want in cases:
            self.assertEqual(usage_error(argv), want, argv)
        self.assertTrue(usage_error(['-x', 't']).startswith('campaign: usage: campaign.py -e'))
        self.assertTrue(usage_error(['-s']).startswith('campaign: usage:'))
        said, _ = stderr_of(campaign.parse_args, ['-q'])
        self.assertEqual(said, f'{sys.argv[0]}: illegal option -- q\n')


class Figures(unittest.TestCase):
    FORK_LOG = ('INFO: -fork=1: fuzzing in separate process(s)\n'
                '#4050: cov: 2004 ft: 2004 corp: 127 exec/s 4050 oom/timeout/crash: 0/0/0 time: 2s\n'
                '  NEW_FUNC: 0x55 in f /x.c#62068: cov: 2900 ft: 1 corp: 3 exec/s 1\n'
                '#76234: cov: 2958 ft: 2820 corp: 354/9Kb exec/s 2833 oom/timeout/crash: 1/0/0\n'
                'Done\n')

    def test_libfuzzer(self):
        self.assertEqual(stats.lf_stats(self.FORK_LOG, 0), ('76234', '2833', 'cov:2958', '354'))
        self.assertEqual(stats.lf_stats(self.FORK_LOG, 20), ('76234', '3811', 'cov:2958', '354'))
        self.assertEqual(stats.lf_stats('#2\tINITED cov: 3 ft: 4 corp: 1/1b exec/s: 0 rss: 30Mb', 0),
                         ('2', '0', 'cov:3', '1'))

    def test_libfuzzer_nothing_yet(self):
        self.assertEqual(stats.lf_stats('INFO: Seed: 1\n', 5), stats.NO_STATS)
        self.assertEqual(stats.lf_stats('', 0), stats.NO_STATS)

    def test_afl(self):
        main = ('start_time        : 1\nexecs_done        : 1000\nexecs_per_sec     : 50.5\n'
                'corpus_count      : 40\nbitmap_cvg        : 3.25%\n'
                'command_line      : afl-fuzz -M main -t 10000+ -- /x\n')
        sec = 'execs_done : 500\nexecs_per_sec : 2e9\ncorpus_count : 45\nbitmap_cvg : 12.00%\n'
        self.assertEqual(stats.afl_stats([main, sec], 0), ('1500', '50', 'map:12.00%', '45'))
        self.assertEqual(stats.afl_stats([main, sec], 10), ('1500', '150', 'map:12.00%', '45'))
        self.assertEqual(stats.afl_stats([], 10), ('0', '0', '-', '-'))

    def test_merge_control_file(self):
        ctl = '3\n1\n/c/a\n/c/b\n/s/c\nSTARTED 0 10\nFT 0 1 2\nSTARTED 1 20\nSTARTED 2 5\nFT 2 7\n'
        self.assertEqual(stats.unfinished_inputs(ctl), ['/c/b'])
        self.assertEqual(stats.unfinished_inputs(''), [])
        self.assertEqual(stats.unfinished_inputs('2\n0\n/x\n/y\nSTARTED 1 3\nSTARTED 0 4\n'),
                         ['/x', '/y'])


class Tables(unittest.TestCase):
    def test_row(self):
        self.assertEqual(stats.fmt_row('unzstd', 'fuzzing', '62068', '3103', 'cov:2900', '315',
                                       '1 new', '0s'),
                         'unzstd               fuzzing        62068    3103    cov:2900'
                         '     315    1 new     0s')
        self.assertEqual(stats.fmt_row(*stats.ROW_HEADER),
                         'target               state          execs  exec/s    coverage'
                         '  corpus findings   left')

    def test_rows_of_each_state(self):
        camp = campaign.Campaign(campaign.parse_args(ARGS + ['a', 'b'])[0], ['a', 'b'])
        camp.state['a'] = 'done'
        camp.rows['a'] = stats.done_row(('76234', '3465', 'cov:2958', '354'), 336, 1)
        self.assertEqual(stats.progress_lines(camp.rows_now())[1:], [
            'a                    done           76234    3465    cov:2958     336        1     0s',
            'b                    queued             -       -           -       -        -    20s'])

    def test_live_lines(self):
        lines = stats.progress_lines([('a', 'done', '1', '2', '-', '3', '0', '0s'),
                                      ('b', 'fuzzing', '1', '2', '-', '3', '0 new', '5s'),
                                      ('c', 'queued', '-', '-', '-', '-', '-', '20s')])
        self.assertEqual([l.split()[0] for l in lines if stats.is_live_line(l)], ['target', 'b'])

    def test_summary(self):
        rows = [stats.summary_row('unzstd', 'libfuzzer', 22, ('76234', '3465', 'cov:2958', '-'),
                                  128, 336, 2, 1, 1),
                stats.summary_row('frame_header', 'libfuzzer', 22, ('1725566', '78434', 'cov:496',
                                                                    '69'), 39, 69, 0, 0, 0)]
        text = stats.summary_text('libfuzzer', 20, 1, '2026-12-03T14:03:21Z', False,
                                  'tree x\n', rows, '/f')
        self.assertEqual(text.split('\n'), [
            'kzfuzz campaign: engine libfuzzer, 20s per target, 1 jobs, started 2026-12-03T14:03:21Z',
            'tree x',
            # What column -t -s $'\t' made of the same rows.
            'target        engine     secs  execs    exec/s  coverage  corpus-before  '
            'corpus-after  new-crash-inputs  findings  known',
            'unzstd        libfuzzer  22    76234    3465    cov:2958  128            '
            '336           2                 1         1',
            'frame_header  libfuzzer  22    1725566  78434   cov:496   39             '
            '69            0                 0         0',
            'findings: /f (make findings)', ''])
        self.assertIn(', INTERRUPTED\n', stats.summary_text('afl', 5, 2, 'x', True, '', [], '/f'))


class Corpus(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix='kzfuzz-campaign-test-')
        self.c = os.path.join(self.tmp.name, 'corpus')
        self.camp = campaign.Campaign(campaign.parse_args(ARGS + ['t'])[0], ['t'])

    def tearDown(self):
        self.tmp.cleanup()

    def put(self, folder, name, data=b'kzfuzz'):
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, name), 'wb') as f:
            f.write(data)

    def test_sha1_names(self):
        self.put(self.c, SHA_KZ)
        self.put(self.c, 'crash-' + SHA_KZ)
        self.put(self.c, 'timeout-' + '0' * 40)
        self.put(self.c, 'seed-empty')
        self.assertEqual(fs_write.drop_damaged(self.c), 1)
        self.assertEqual(sorted(os.listdir(self.c)), [SHA_KZ, 'crash-' + SHA_KZ, 'seed-empty'])
        self.assertEqual(fs_write.drop_damaged(self.c + '.none'), 0)

    def test_save_copy(self):
        self.put(self.c, 'a')
        self.assertTrue(fs_write.save_copy(os.path.join(self.c, 'a'), os.path.join(self.c, 'b')))
        self.assertFalse(fs_write.save_copy(os.path.join(self.c, 'a'), '/nonexistent/x/b'))
        self.assertEqual(sorted(os.listdir(self.c)), ['a', 'b'])

    def test_swap(self):
        self.put(self.c, 'old')
        self.put(self.c + '.merge', SHA_KZ)
        self.camp.swap_corpus(self.c)
        self.assertEqual(os.listdir(self.c), [SHA_KZ])
        self.assertFalse(os.path.exists(self.c + '.merge') or os.path.exists(self.c + '.old'))
        self.camp.swap_corpus(self.c)       # nothing merged: nothing to do
        self.assertEqual(os.listdir(self.c), [SHA_KZ])

    def test_swap_of_a_damaged_merge_stops(self):
        self.put(self.c, 'old')
        self.put(self.c + '.merge', '1' * 40)
        with self.assertRaisesRegex(campaign.Stop, r'merging into .* \(1 files cut short\): '
                                    r'cannot write in .*: stopped; the corpus and findings'):
            self.camp.swap_corpus(self.c)
        self.assertEqual(os.listdir(self.c), ['old'])
        self.assertFalse(os.path.exists(self.c + '.merge'))

    def test_restore_after_a_swap_cut_in_two(self):
        self.put(self.c + '.old', SHA_KZ)
        self.put(self.c + '.old', '2' * 40)
        self.put(self.c + '.merge', 'half')
        said, _ = stderr_of(self.camp.restore_corpus, self.c)
        self.assertEqual(said, f'campaign: {self.c}: dropped 1 inputs cut short by an earlier '
                               'write failure\n')
        self.assertEqual(os.listdir(self.c), [SHA_KZ])
        self.assertFalse(os.path.exists(self.c + '.merge') or os.path.exists(self.c + '.old'))

    def test_copy_new(self):
        self.put(self.c, 'a', b'corpus')
        self.put(self.c + '.job', 'a', b'job')
        self.put(self.c + '.job', 'b')
        self.put(self.c + '.job', '.hidden')
        campaign.copy_new(self.c + '.job', self.c)
        self.assertEqual(sorted(os.listdir(self.c)), ['a', 'b'])
        with open(os.path.join(self.c, 'a'), 'rb') as f:
            self.assertEqual(f.read(), b'corpus')

    def test_afl_found(self):
        run = os.path.join(self.tmp.name, 'afl-run')
        self.put(os.path.join(run, 'main', 'crashes'), 'id:000000,sig:06')
        self.put(os.path.join(run, 'main', 'crashes'), 'README.txt')
        self.put(os.path.join(run, 's1', 'hangs'), 'id:000001')
        self.put(os.path.join(run, 's1', 'queue'), 'id:000002')
        self.assertEqual(campaign.afl_found(run), 2)


class FindingsOf(unittest.TestCase):
    """The summary's known count judges each finding's report with
    fuzz/crashlog.py against the baseline registry."""
    LOGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'crash-logs')

    def test_known_new_and_no_record(self):
        with tempfile.TemporaryDirectory() as tmp:
            args = ARGS + ['unzstd']
            args[args.index('F')] = tmp
            args[args.index('K')] = os.path.join(self.LOGS, 'baseline.txt')
            camp = campaign.Campaign(campaign.parse_args(args)[0], ['unzstd'])
            for name, log in (('a', 'asan-allocation-libfuzzer.log'),
                              ('b', 'kzfuzz-mismatch-replayer.log'),
                              ('c', 'no-finding.log'), ('d', None)):
                d = os.path.join(tmp, 'unzstd', name)
                os.makedirs(d)
                if log:
                    open(os.path.join(d, 'finding.txt'), 'w').close()
                    with open(os.path.join(self.LOGS, log), 'rb') as src:
                        open(os.path.join(d, 'report.txt'), 'wb').write(src.read())
            self.assertEqual(camp.findings_of('unzstd'), (3, 1))
            args[args.index(os.path.join(self.LOGS, 'baseline.txt'))] = os.path.join(tmp, 'none')
            camp = campaign.Campaign(campaign.parse_args(args)[0], ['unzstd'])
            self.assertEqual(camp.findings_of('unzstd'), (3, 0))


class Signals(unittest.TestCase):
    def setUp(self):
        self.camp = campaign.Campaign(campaign.parse_args(ARGS + ['t'])[0], ['t'])
        self.sent = []
        self.camp.kill_groups = self.sent.append

    def signal(self, signum):
        return stderr_of(self.camp.on_signal, signum, None)[0]

    def test_first_signal_stops_and_forwards(self):
        said = self.signal(signal.SIGTERM)
        self.assertEqual(said, 'campaign: interrupted: stopping the fuzzers, keeping corpus '
                               'and findings\n')
        self.assertEqual((self.camp.stop, self.camp.status), (True, 143))
        self.assertEqual(self.sent, [signal.SIGINT])

    def test_second_signal_while_stopped_is_only_counted(self):
        self.signal(signal.SIGINT)
        self.assertEqual(self.signal(signal.SIGTERM), '')
        self.assertEqual((self.camp.status, self.camp.signals, self.sent), (130, 2, [signal.SIGINT]))

    def test_triage_after_a_signal_can_be_stopped_again(self):
        # Triage and the last merge run with stop cleared: a new signal
        # stops them, and its status is the one the campaign exits with.
        self.signal(signal.SIGINT)
        self.camp.stop = False
        self.signal(signal.SIGTERM)
        self.assertEqual((self.camp.stop, self.camp.status), (True, 143))

    def test_exit_codes(self):
        self.assertEqual(campaign.exit_code(3), 3)
        self.assertEqual(campaign.exit_code(-signal.SIGKILL), 137)


if __name__ == '__main__':
    unittest.main(verbosity=1)

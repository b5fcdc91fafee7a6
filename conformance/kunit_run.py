#!/usr/bin/env python3
"""make kunit: the harness's vectors as a KUnit suite in the tree's UML kernel.

    kunit_run.py --build BUILD --kernel-src SRC --zstd VERSION --kver KVER
                 [--plant PATCH] [--timeout S]

Generates the suite (kunit_gen.py), stages a scratch copy of the tree
(kunit-stage.sh), runs tools/testing/kunit/kunit.py run --arch=um (KASAN,
lib/kzfuzz/.kunitconfig), parses the KTAP and prints one summary line:
"kunit: passed|failed|skipped ...". A KASAN report, a kernel panic or a
frame-size warning of the build (-Wframe-larger-than, CONFIG_FRAME_WARN of
kunit/kunitconfig) in lib/zstd or the suite fails the run. Exit 0 when
passed or skipped (the line says which), 1 when failed.
"""
import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kunit_gen  # noqa: E402

FRAME_WARN = re.compile(r'(?:^|\S*/)((?:lib/zstd|lib/kzfuzz)/\S+?):(\d+):\d+: warning: the frame size of '
                        r'(\d+) bytes is larger than (\d+) bytes')
IN_FUNCTION = re.compile(r"(?:^|\S*/)((?:lib/zstd|lib/kzfuzz)/\S+?): In function [‘'`]([^’']+)[’']")
RESULT = re.compile(r'^(\s*)(not ok|ok) (\d+)(?: -)? ([^#\s]+)(?:\s*#\s*(\w+)\s*(.*))?$')
TOOLS = ('flex', 'bison', 'bc', 'gcc', 'make')


def parse_ktap(text, suite='kz_zstd'):
    """The suite's cases from a console log: (cases, plan, problems) where
    cases is a list of (name, 'pass'|'fail'|'skip', [diagnostics]), plan the
    number of cases announced (None when absent) and problems the lines of
    the log no case owns that fail the run (KASAN reports)."""
    cases, plan, diags, problems = [], None, [], []
    depth = None
    lines = text.splitlines()
    for line in lines:
        line = re.sub(r'^\[[^\]]*\] ', '', line.rstrip('\r'))
        if 'BUG: KASAN' in line or 'Kernel panic' in line:
            problems.append(line.strip())
        if depth is None:
            m = re.match(r'^(\s*)# Subtest: (\S+)$', line)
            if m and m.group(2) == suite:
                depth = len(m.group(1))
            continue
        ind = len(line) - len(line.lstrip(' '))
        s = line.strip()
        if plan is None and ind == depth and re.fullmatch(r'1\.\.\d+', s):
            plan = int(s[3:])
            continue
        m = RESULT.match(line)
        if m and len(m.group(1)) == depth:
            status = 'fail' if m.group(2) == 'not ok' else 'pass'
            if (m.group(5) or '').upper() == 'SKIP':
                status = 'skip'
            cases.append((m.group(4), status, diags))
            diags = []
            continue
        if m and len(m.group(1)) < depth:
            break
        if s and not s.startswith(('# Subtest', 'KTAP version')):
            diags.append(re.sub(r'^# (\w+: )?', '', s))
    return cases, plan, problems


def frame_warnings(text):
    """The kernel build's -Wframe-larger-than warnings (CONFIG_FRAME_WARN) in
    lib/zstd and the suite, one line each: "frame size: FILE:LINE FUNCTION:
    a frame of N bytes, over the limit of M". kunit.py prints a successful build's
    warnings; a file is compiled, and warns, again only when it changed."""
    out, function = [], {}
    for line in text.splitlines():
        m = IN_FUNCTION.search(line)
        if m:
            function[m.group(1)] = m.group(2)
            continue
        m = FRAME_WARN.search(line)
        if m:
            out.append(f'frame size: {m.group(1)}:{m.group(2)} {function.get(m.group(1), "?")}: '
                       f'a frame of {m.group(3)} bytes, over the limit of {m.group(4)}')
    return out


def first_reason(diags):
    """What the kernel gave: the first message of a failed expectation."""
    for d in diags:
        if re.match(r'(EXPECTATION|ASSERTION) FAILED at|Expected |\S+ (==|!=|<=|>=|<|>) |"', d):
            continue
        return d
    return 'no message'


def summarize(cases, plan, problems, label):
    """The summary line and the exit status (0 passed, 1 failed)."""
    passed = sum(1 for c in cases if c[1] == 'pass')
    skipped = sum(1 for c in cases if c[1] == 'skip')
    failed = [c for c in cases if c[1] == 'fail']
    tail = []
    if plan is None:
        tail.append('no KTAP result for suite kz_zstd')
    elif len(cases) < plan:
        tail.append(f'{plan - len(cases)} of {plan} cases never reported (the kernel stopped after '
                    f'{cases[-1][0] if cases else "none"})')
    tail += [f'{c[0]}: {first_reason(c[2])}' for c in failed]
    tail += problems[:3]
    ok = not tail
    line = (f'kunit: {"passed" if ok else "failed"} on {label}: {len(cases)} cases, {passed} passed, '
            f'{len(failed)} failed, {skipped} skipped')
    if tail:
        line += '; ' + '; '.join(tail)
    return line, 0 if ok else 1


def why_no_uml():
    """Why UML cannot be built here, or None."""
    if platform.machine() != 'x86_64':
        return f'UML x86_64 needs an x86_64 host, this is {platform.machine()}'
    missing = [t for t in TOOLS if not shutil.which(t)]
    if not os.path.exists('/usr/include/libelf.h'):
        missing.append('libelf-dev')
    if missing:
        return f'the UML build needs {", ".join(missing)} (ci/install-deps.sh installs them)'
    return None


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', required=True)
    ap.add_argument('--kernel-src', default='')
    ap.add_argument('--zstd', required=True)
    ap.add_argument('--kver', required=True)
    ap.add_argument('--tree-id', required=True)
    ap.add_argument('--plant', default='')
    ap.add_argument('--api', default='', help="the tree's api.txt: the suite's KZ_API_* defines")
    ap.add_argument('--timeout', default='1200')
    ap.add_argument('--jobs', default=str(os.cpu_count() or 2))
    a = ap.parse_args(argv)
    label = f'{a.kver} (zstd {a.zstd}), UML x86_64 with KASAN'
    why = why_no_uml()
    if why:
        print(f'kunit: skipped on {a.kver} (zstd {a.zstd}): {why}')
        return 0
    dest = os.path.abspath(os.path.join(a.build, 'kunit', a.tree_id))
    os.makedirs(dest, exist_ok=True)
    suite = os.path.join(dest, 'kz_zstd_kunit.c')
    if kunit_gen.main(['--zstd', a.zstd, '-o', suite] + (['--api', a.api] if a.api else [])):
        return 1
    stage = [os.path.join(HERE, 'kunit-stage.sh'), dest, a.kernel_src, suite]
    if a.plant:
        stage.append(os.path.abspath(a.plant))
    r = subprocess.run(stage, stdout=subprocess.PIPE, text=True)
    if r.returncode:
        print(f'kunit: failed on {label}: staging the scratch tree failed')
        return 1
    tree = r.stdout.strip()
    log = os.path.join(dest, 'kunit.log')
    t0 = time.monotonic()
    with open(log, 'w') as f:
        run = subprocess.run(
            [sys.executable, os.path.join(tree, 'tools/testing/kunit/kunit.py'), 'run', '--arch=um',
             f'--kunitconfig={tree}/lib/kzfuzz/.kunitconfig', f'--build_dir={dest}/out',
             f'--jobs={a.jobs}', f'--timeout={a.timeout}', '--raw_output=all'],
            cwd=tree, stdout=f, stderr=subprocess.STDOUT)
    secs = time.monotonic() - t0
    text = open(log, errors='replace').read()
    cases, plan, problems = parse_ktap(text)
    problems = frame_warnings(text) + problems
    if plan is None and run.returncode:
        err = [ln for ln in text.splitlines() if 'error' in ln.lower()][:2]
        print(f'kunit: failed on {label}: kunit.py exited {run.returncode} before any result '
              f'({"; ".join(e.strip() for e in err) or "see " + log}) after {secs:.0f} s')
        return 1
    line, status = summarize(cases, plan, problems, label)
    print(f'{line} ({secs:.0f} s; log {log})')
    return status


if __name__ == '__main__':
    sys.exit(main())

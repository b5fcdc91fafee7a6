#!/usr/bin/env python3
"""Generate make kunit's KUnit suite from the userspace gate's own files.

    kunit_gen.py --zstd VERSION [--golden DIR] [--template FILE] -o OUT

One truth, two runners: the golden vectors (must-decode/ with the SHA-256
of their output from must-decode.sha256, must-fail/ with the one-shot
error kernel-answers.txt records for this lib/zstd VERSION, which
gate-golden checks against the userspace build; and the known
divergences' must-decode and must-fail vectors of corpus/divergences/, as
gate-golden reads them), the frame header and frame size of every
must-decode vector (parsed here, RFC 8878), the round-trip levels and the
decoder's single-defect inputs (corpus/single-defect/MANIFEST: each
input's check's error; WAYS: how gen-single-defect check decodes it)
become one KUnit case each in the template's @VECTORS@ / @CASES@ /
@CASE_LIST@ slots. The output is never edited by hand.
"""
import argparse
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TOP, 'tools/coverage'))
sys.path.insert(0, os.path.join(TOP, 'lib'))
import checks_measure  # noqa: E402
import coverage_regions as cr  # noqa: E402
import findings  # noqa: E402
ROUNDTRIP_LEVELS = (-5, -1, 1, 2, 3, 6, 9, 12, 16, 19, 22)
SKIPPABLE = 0x184D2A50
MAGIC = 0xFD2FB528
# gen-single-defect's ways (single_defect_drive.h) and capacities (WAYS).
SD_WAYS = ('oneshot', 'stream-bytes', 'stream-whole', 'unzstd-one', 'unzstd-fill',
           'unzstd-flush', 'header-null', 'stream-in-past', 'stream-out-past')
SD_CAPS = {'1MiB': 'KZ_SD_CAP_1MIB', 'control': 'KZ_SD_CAP_CONTROL',
           'control-1': 'KZ_SD_CAP_CONTROL_SHORT'}


class GenError(Exception):
    pass


def ident(name):
    """A C identifier from a vector's file name."""
    return re.sub(r'[^A-Za-z0-9]', '_', name.rsplit('.zst', 1)[0])


MANIFEST_LINE = re.compile(r'([0-9a-f]{64})  (must-decode/[A-Za-z0-9._-]+\.zst)')
ANSWER_LINE = re.compile(r'(\S+) (\S+) (oneshot|stream) rejects (.+)')


def read_lines(path, pattern, want):
    """(line number, match) of each line of path that is neither blank nor
    a # comment; a line pattern does not fullmatch is a GenError naming
    path:line and what was wanted."""
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            m = pattern.fullmatch(line)
            if not m:
                raise GenError(f'{path}:{n}: want "{want}"')
            yield n, m


def load_manifest(path):
    """{"must-decode/x.zst": digest} from must-decode.sha256."""
    out = {}
    for n, m in read_lines(path, MANIFEST_LINE, '<sha256>  must-decode/<name>.zst'):
        if m.group(2) in out:
            raise GenError(f'{path}:{n}: {m.group(2)} listed twice')
        out[m.group(2)] = m.group(1)
    return out


def load_answers(path, version):
    """{"must-fail/x.zst": error name} of that kernel zstd version."""
    out = {}
    for n, m in read_lines(path, ANSWER_LINE,
                           '<vector> <version> oneshot rejects <error name>'):
        if m.group(2) == version and m.group(3) == 'oneshot':
            if m.group(1) in out:
                raise GenError(f'{path}:{n}: {m.group(1)} listed twice for {version}')
            out[m.group(1)] = m.group(4)
    return out


def frame_info(data):
    """The first frame's header fields and size, or None when it is not a
    zstd frame (skippable frames: only their size)."""
    if len(data) < 4:
        return None
    magic = int.from_bytes(data[:4], 'little')
    if magic & 0xFFFFFFF0 == SKIPPABLE:
        return {'skippable': True, 'size': 8 + int.from_bytes(data[4:8], 'little')}
    if magic != MAGIC:
        return None
    fhd = data[4]
    fcs_flag, single, checksum, did_flag = fhd >> 6, (fhd >> 5) & 1, (fhd >> 2) & 1, fhd & 3
    pos = 5
    window = 0
    if not single:
        wd = data[pos]
        pos += 1
        base = 1 << (10 + (wd >> 3))
        window = base + (base // 8) * (wd & 7)
    did_len = (0, 1, 2, 4)[did_flag]
    dict_id = int.from_bytes(data[pos:pos + did_len], 'little')
    pos += did_len
    fcs_len = (1 if single else 0, 2, 4, 8)[fcs_flag]
    content = int.from_bytes(data[pos:pos + fcs_len], 'little') if fcs_len else None
    if fcs_len == 2:
        content += 256
    pos += fcs_len
    if single:
        window = content
    header = pos
    while True:
        bh = int.from_bytes(data[pos:pos + 3], 'little')
        last, btype, bsize = bh & 1, (bh >> 1) & 3, bh >> 3
        pos += 3 + (1 if btype == 1 else bsize)
        if last:
            break
    pos += 4 * checksum
    return {'skippable': False, 'size': pos, 'header_size': header, 'window': window,
            'content': content, 'dict_id': dict_id, 'checksum': checksum}


def c_bytes(data):
    lines = []
    for i in range(0, len(data), 16):
        lines.append('\t' + ' '.join(f'0x{b:02x},' for b in data[i:i + 16]))
    return '\n'.join(lines)


def c_str(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def divergence_vectors(div_dir):
    """[(set, "<set>/<id>.zst", path, sha256 or None)] of every known
    divergence's golden.txt first line, "vector SET FILE [SHA-256]", named
    as gate-golden names them (golden_divergences.h)."""
    out = []
    for d in sorted(os.listdir(div_dir)):
        path = os.path.join(div_dir, d, 'golden.txt')
        if not os.path.isfile(path):
            continue
        for n, line in enumerate(open(path), 1):
            if line.startswith('vector '):
                f = line.split()
                if len(f) not in (3, 4) or (f[1] == 'must-decode') != (len(f) == 4):
                    raise GenError(f'{path}:{n}: want "vector SET FILE [SHA-256: must-decode only]"')
                out.append((f[1], f'{f[1]}/{d}.zst', os.path.join(div_dir, d, f[2]),
                            f[3] if len(f) == 4 else None))
                break
    return out


def single_defect_cases(sd_dir, version):
    """[(input, way, capacity, streamed too, error, message, known)] of every decoder
    input of sd_dir/MANIFEST with its way, capacity and whether it must be
    rejected streamed too from sd_dir/WAYS (both made by gen-single-defect),
    as gen-single-defect check runs them; message: what an unzstd check
    gives error() (its text's error("...")); known: the corpus/findings.txt
    entry whose kernel verdict this version gives instead, or None."""
    ways = {}
    for n, line in enumerate(cr.read_lines(os.path.join(sd_dir, 'WAYS')), 1):
        if not line.strip() or line.startswith('#'):
            continue
        f = [x.strip() for x in line.split(' | ')]
        if (len(f) != 4 or f[1] not in SD_WAYS or f[2] not in ('1MiB', 'control', 'control-1')
                or f[3] not in ('yes', 'no')):
            raise GenError(f'{sd_dir}/WAYS:{n}: want "input | way | 1MiB|control|control-1 | yes|no"')
        ways[f[0]] = (f[1], f[2], f[3] == 'yes')
    if not ways:
        raise GenError(f'{sd_dir}/WAYS: missing or empty (make single-defect)')
    known = [e for e in findings.load(zstd=version) if e.kind == 'finding' and
             e.cls == 'single-defect' and e.covers_target('gen-single-defect')]
    out = []
    for m, name, _, _, error, text, _ in checks_measure.manifest_rows(sd_dir):
        if os.path.basename(m) != 'MANIFEST':
            continue
        if name not in ways or not error:
            raise GenError(f'{m}: {name}: no way in WAYS or no error (make single-defect)')
        base = checks_measure.input_name(name)
        # The kernel's verdicts (gen-single-defect's kernel_verdict, unzstd_verdict).
        k = [e.id for e in known if e.signature.startswith((base + ': the kernel', base + ': unzstd'))]
        msg = re.search(r'error\("(.*?)"\)', text or '')
        if ways[name][0].startswith('unzstd') and not msg:
            raise GenError(f'{m}: {name}: an unzstd way without an error("...") check')
        out.append((name, *ways[name], error, msg.group(1) if msg else '', k[0] if k else None))
    return out


def sd_error(name):
    """A MANIFEST error's ZSTD_ErrorCode; "-" (unzstd's own checks: a message, no code) is 0."""
    return 'ZSTD_error_no_error' if name == '-' else f'ZSTD_error_{name}'


def api_defines(path):
    """#define KZ_API_<NAME> 1 for each zstd_* function of the tree's api.txt
    (kernel/zstd-api.sh: the functions its zstd.h declares), as the
    userspace build's <kz_zstd_api.h> has them."""
    names = [ln.strip() for ln in open(path) if ln.strip()] if path else []
    for n in names:
        if not re.fullmatch(r'zstd_[a-z0-9_]+', n):
            raise GenError(f'{path}: {n!r} is not a zstd_* function name')
    return '\n'.join(f'#define KZ_API_{n.upper()} 1' for n in names) or '/* none named */'


def generate(golden, version, template, div_dir=None, sd_dir=None, api=None):
    """The suite's source and its case names."""
    manifest = load_manifest(os.path.join(golden, 'must-decode.sha256'))
    answers = load_answers(os.path.join(golden, 'kernel-answers.txt'), version)
    decode = sorted(f for f in os.listdir(os.path.join(golden, 'must-decode')) if f.endswith('.zst'))
    fail = sorted(f for f in os.listdir(os.path.join(golden, 'must-fail')) if f.endswith('.zst'))
    for f in decode:
        if 'must-decode/' + f not in manifest:
            raise GenError(f'must-decode/{f}: no digest in must-decode.sha256')
    for p in manifest:
        if os.path.basename(p) not in decode:
            raise GenError(f'{p}: a digest without a vector')
    decode = [('must-decode/' + f, os.path.join(golden, 'must-decode', f), manifest['must-decode/' + f])
              for f in decode]
    fail = [('must-fail/' + f, os.path.join(golden, 'must-fail', f)) for f in fail]
    for vset, rel, path, sha in divergence_vectors(div_dir) if div_dir else []:
        if vset == 'must-decode':
            decode.append((rel, path, sha))
        elif vset == 'must-fail':
            fail.append((rel, path))
    for rel, _ in fail:
        if rel not in answers:
            raise GenError(f'{rel}: no answer for zstd {version} in kernel-answers.txt (make kunit-answers)')
    vectors, cases, names = [], [], []
    frames = []
    for rel, path, sha in sorted(decode):
        data = open(path, 'rb').read()
        v = ident(os.path.basename(rel))
        vectors.append(f'static const u8 d_{v}[] = {{\n{c_bytes(data)}\n}};')
        vectors.append(f'static const struct kz_decode dv_{v} = {{ {c_str(rel)}, '
                       f'd_{v}, sizeof(d_{v}), {c_str(sha)} }};')
        cases.append(f'static void golden_decode_{v}(struct kunit *test)\n'
                     f'{{\n\tkz_check_decode(test, &dv_{v});\n}}')
        names.append(f'golden_decode_{v}')
        info = frame_info(data)
        if info:
            fi = (f'{{ {c_str(rel)}, d_{v}, sizeof(d_{v}), {info["size"]}, '
                  f'{int(info["skippable"])}')
            if not info['skippable']:
                content = 'ZSTD_CONTENTSIZE_UNKNOWN' if info['content'] is None else f'{info["content"]}ULL'
                fi += (f', {content}, {info["window"]}ULL, {info["header_size"]}, '
                       f'{info["dict_id"]}, {info["checksum"]}')
            frames.append(fi + ' },')
    for rel, path in sorted(fail):
        data = open(path, 'rb').read()
        v = ident(os.path.basename(rel))
        vectors.append(f'static const u8 f_{v}[] = {{\n{c_bytes(data)}\n}};')
        vectors.append(f'static const struct kz_fail fv_{v} = {{ {c_str(rel)}, '
                       f'f_{v}, sizeof(f_{v}), {c_str(answers[rel])} }};')
        cases.append(f'static void golden_fail_{v}(struct kunit *test)\n'
                     f'{{\n\tkz_check_fail(test, &fv_{v});\n}}')
        names.append(f'golden_fail_{v}')
    vectors.append('static const struct kz_frame kz_frames[] = {\n\t' + '\n\t'.join(frames) + '\n};')
    names += ['api_compress_bound', 'api_exact_workspaces', 'api_stream_small_buffers',
              'api_find_frame_compressed_size', 'api_get_frame_header', 'api_dict_roundtrip',
              'api_allocator_refused']
    for level in ROUNDTRIP_LEVELS:
        n = f'roundtrip_level_{level}'.replace('-', 'm')
        cases.append(f'static void {n}(struct kunit *test)\n'
                     f'{{\n\tkz_check_roundtrip(test, {level});\n}}')
        names.append(n)
    for name, way, cap, streamed, error, msg, known in single_defect_cases(sd_dir, version) if sd_dir else []:
        v = ident(name)
        data = open(os.path.join(sd_dir, name), 'rb').read()
        vectors.append(f'static const u8 s_{v}[] = {{\n{c_bytes(data)}\n}};')
        ctl = 'NULL, 0'
        if cap != '1MiB':
            cdata = open(os.path.join(sd_dir, name[:-4] + '.ok.zst'), 'rb').read()
            vectors.append(f'static const u8 s_{v}_ok[] = {{\n{c_bytes(cdata)}\n}};')
            ctl = f's_{v}_ok, sizeof(s_{v}_ok)'
        vectors.append(f'static const struct kz_sd sv_{v} = {{ {c_str("single-defect/" + name)}, '
                       f's_{v}, sizeof(s_{v}), {ctl}, KZ_SD_{way.upper().replace("-", "_")}, '
                       f'{SD_CAPS[cap]}, {int(streamed)}, {sd_error(error)}, {c_str(error)}, '
                       f'{c_str(msg)}, {c_str(known) if known else "NULL"} }};')
        cases.append(f'static void sd_{v}(struct kunit *test)\n'
                     f'{{\n\tkz_check_single_defect(test, &sv_{v});\n}}')
        names.append(f'sd_{v}')
    if len(set(names)) != len(names):
        raise GenError('two vectors give the same case name')
    src = open(template).read()
    for slot, text in (('@ZSTD_VERSION@', version), ('@API@', api_defines(api)),
                       ('@VECTORS@', '\n\n'.join(vectors)),
                       ('@CASES@', '\n\n'.join(cases)),
                       ('@CASE_LIST@', '\n'.join(f'\tKUNIT_CASE({n}),' for n in names))):
        if slot not in src:
            raise GenError(f'{template}: no {slot} slot')
        src = src.replace(slot, text)
    head = ('/* Generated by conformance/kunit_gen.py from conformance/golden/, '
            f'corpus/divergences/ and corpus/single-defect/ for lib/zstd {version}: '
            'never edit by hand. */\n')
    return head + src, names


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--zstd', required=True, help="the tree's lib/zstd version (1.4.10, 1.5.2)")
    ap.add_argument('--golden', default=os.path.join(HERE, 'golden'))
    ap.add_argument('--template', default=os.path.join(HERE, 'kunit_suite.c.in'))
    ap.add_argument('--divergences', default=os.path.join(TOP, 'corpus/divergences'),
                    help="the known divergences' folders (their golden vectors)")
    ap.add_argument('--single-defect', default=os.path.join(TOP, 'corpus/single-defect'),
                    help='the single-defect inputs (MANIFEST, WAYS)')
    ap.add_argument('--api', help="the tree's api.txt (kernel/zstd-api.sh): its zstd_* functions")
    ap.add_argument('-o', '--output', required=True)
    ap.add_argument('--list', help='also write the case names here, one a line')
    a = ap.parse_args(argv)
    try:
        src, names = generate(a.golden, a.zstd, a.template, a.divergences, a.single_defect, a.api)
    except (GenError, OSError) as e:
        print(f'kunit_gen: {e}', file=sys.stderr)
        return 1
    for path, text in ((a.output, src), (a.list, '\n'.join(names) + '\n')):
        if path:
            with open(path + '.tmp', 'w') as f:
                f.write(text)
            os.replace(path + '.tmp', path)
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""Generate make kunit's KUnit suite from the userspace gate's own files.

    kunit_gen.py --zstd VERSION [--golden DIR] [--template FILE] -o OUT

One truth, two runners: the golden vectors (must-decode/ with the SHA-256
of their output from must-decode.sha256, must-fail/ with the one-shot
error kernel-answers.txt records for this lib/zstd VERSION), the frame
header and frame size of every must-decode vector (parsed here, RFC 8878)
and the round-trip levels become one KUnit case each in the template's
@VECTORS@ / @CASES@ / @CASE_LIST@ slots. The output is never edited by hand.
"""
import argparse
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROUNDTRIP_LEVELS = (-5, -1, 1, 2, 3, 6, 9, 12, 16, 19, 22)
SKIPPABLE = 0x184D2A50
MAGIC = 0xFD2FB528


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


def generate(golden, version, template):
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
    for f in fail:
        if 'must-fail/' + f not in answers:
            raise GenError(f'must-fail/{f}: no answer for zstd {version} in kernel-answers.txt')
    vectors, cases, names = [], [], []
    frames = []
    for f in decode:
        data = open(os.path.join(golden, 'must-decode', f), 'rb').read()
        v = ident(f)
        vectors.append(f'static const u8 d_{v}[] = {{\n{c_bytes(data)}\n}};')
        vectors.append(f'static const struct kz_decode dv_{v} = {{ {c_str("must-decode/" + f)}, '
                       f'd_{v}, sizeof(d_{v}), {c_str(manifest["must-decode/" + f])} }};')
        cases.append(f'static void golden_decode_{v}(struct kunit *test)\n'
                     f'{{\n\tkz_check_decode(test, &dv_{v});\n}}')
        names.append(f'golden_decode_{v}')
        info = frame_info(data)
        if info:
            fi = (f'{{ {c_str("must-decode/" + f)}, d_{v}, sizeof(d_{v}), {info["size"]}, '
                  f'{int(info["skippable"])}')
            if not info['skippable']:
                content = 'ZSTD_CONTENTSIZE_UNKNOWN' if info['content'] is None else f'{info["content"]}ULL'
                fi += (f', {content}, {info["window"]}ULL, {info["header_size"]}, '
                       f'{info["dict_id"]}, {info["checksum"]}')
            frames.append(fi + ' },')
    for f in fail:
        data = open(os.path.join(golden, 'must-fail', f), 'rb').read()
        v = ident(f)
        vectors.append(f'static const u8 f_{v}[] = {{\n{c_bytes(data)}\n}};')
        vectors.append(f'static const struct kz_fail fv_{v} = {{ {c_str("must-fail/" + f)}, '
                       f'f_{v}, sizeof(f_{v}), {c_str(answers["must-fail/" + f])} }};')
        cases.append(f'static void golden_fail_{v}(struct kunit *test)\n'
                     f'{{\n\tkz_check_fail(test, &fv_{v});\n}}')
        names.append(f'golden_fail_{v}')
    vectors.append('static const struct kz_frame kz_frames[] = {\n\t' + '\n\t'.join(frames) + '\n};')
    for api in ('api_compress_bound', 'api_exact_workspaces', 'api_stream_small_buffers',
                'api_find_frame_compressed_size', 'api_get_frame_header'):
        names.append(api)
    for level in ROUNDTRIP_LEVELS:
        n = f'roundtrip_level_{level}'.replace('-', 'm')
        cases.append(f'static void {n}(struct kunit *test)\n'
                     f'{{\n\tkz_check_roundtrip(test, {level});\n}}')
        names.append(n)
    src = open(template).read()
    for slot, text in (('@ZSTD_VERSION@', version),
                       ('@VECTORS@', '\n\n'.join(vectors)),
                       ('@CASES@', '\n\n'.join(cases)),
                       ('@CASE_LIST@', '\n'.join(f'\tKUNIT_CASE({n}),' for n in names))):
        if slot not in src:
            raise GenError(f'{template}: no {slot} slot')
        src = src.replace(slot, text)
    head = ('/* Generated by conformance/kunit_gen.py from conformance/golden/ '
            f'for lib/zstd {version}: never edit by hand. */\n')
    return head + src, names


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--zstd', required=True, help="the tree's lib/zstd version (1.4.10, 1.5.2)")
    ap.add_argument('--golden', default=os.path.join(HERE, 'golden'))
    ap.add_argument('--template', default=os.path.join(HERE, 'kunit_suite.c.in'))
    ap.add_argument('-o', '--output', required=True)
    ap.add_argument('--list', help='also write the case names here, one a line')
    a = ap.parse_args(argv)
    try:
        src, names = generate(a.golden, a.zstd, a.template)
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

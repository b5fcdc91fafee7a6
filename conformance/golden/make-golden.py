#!/usr/bin/env python3
# Regenerates the golden vectors (conformance/golden/README.md says what
# each one exercises) and must-decode.sha256, the SHA-256 of each
# must-decode vector's expected output, and the hand-built vectors of the
# known divergences in their folders (corpus/divergences/<id>/, the file
# its golden.txt names). Run from the repo top:
#   python3 conformance/golden/make-golden.py [--divergences corpus/divergences]
# Needs the zstd CLI (frames with checksums and real entropy coding); the
# hand-built frames are written byte by byte here. Deterministic. The
# other divergences' vectors are their committed reproducers.
import hashlib
import os
import struct
import subprocess
import sys

TOP = os.path.dirname(os.path.abspath(__file__))
DIVERGENCES = os.path.join(TOP, "..", "..", "corpus", "divergences")
MAGIC = b"\x28\xb5\x2f\xfd"
WORDS = ("the of and to in is that for it as was with be by on not he this are or "
         "his from at which but have an they you were her she there been one all "
         "would their we him has when who will more no if out so said what up its "
         "about into than them can only other new some could time these two may "
         "first then do any like my now over such our man me even most made after "
         "also did many before must through back years where much your way well "
         "down should because each just those people how too little state good "
         "very make world still own see men work long get here between both life "
         "being under never day same another know while last might us great old "
         "year off come since against go came right used take three").split()


def text(size, seed):
    """Word salad from a 32-bit LCG: compressible, every entropy mode."""
    out, x = bytearray(), seed
    while len(out) < size:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out += WORDS[(x >> 8) % len(WORDS)].encode()
        out += b".\n" if (x & 0xF) == 0 else (b", " if (x & 0x1F) == 1 else b" ")
    return bytes(out[:size])


def block(kind, payload, size=None, last=True):
    """Block header (3 bytes LE: last, type, size) and its payload."""
    size = len(payload) if size is None else size
    return struct.pack("<I", int(last) | kind << 1 | size << 3)[:3] + payload


def single_segment(content_size_field, blocks, fhd_extra=0):
    """A single-segment frame: window = content size."""
    return MAGIC + bytes([0x20 | fhd_extra]) + content_size_field + b"".join(blocks)


def cli(data, *args):
    return subprocess.run(["zstd", "-q", "-c", *args], input=data, check=True,
                          stdout=subprocess.PIPE).stdout


def write(kind, name, frame, output=None, sums=None):
    with open(os.path.join(TOP, kind, name + ".zst"), "wb") as f:
        f.write(frame)
    if sums is not None:
        sums.append("%s  %s/%s.zst" % (hashlib.sha256(output).hexdigest(), kind, name))


def vector_line(vid):
    """The words of the vector line of a divergence's golden.txt: set, file[, digest]."""
    with open(os.path.join(DIVERGENCES, vid, "golden.txt")) as f:
        for line in f:
            if line.startswith("vector "):
                return line.split()[1:]
    sys.exit("make-golden: %s/%s/golden.txt: no vector line" % (DIVERGENCES, vid))


def divergence(vid, frame, output=None):
    """A known divergence's vector, into the file its golden.txt names."""
    words = vector_line(vid)
    with open(os.path.join(DIVERGENCES, vid, words[1]), "wb") as f:
        f.write(frame)
    if output is not None and words[2:] != [hashlib.sha256(output).hexdigest()]:
        sys.exit("make-golden: %s: golden.txt's digest is not the output's %s"
                 % (vid, hashlib.sha256(output).hexdigest()))


def must_decode(sums):
    hello = b"hello, raw block\n"
    write("must-decode", "raw-block", single_segment(bytes([len(hello)]),
          [block(0, hello)]), hello, sums)
    write("must-decode", "rle-block", single_segment(struct.pack("<H", 1000 - 256),
          [block(1, b"z", 1000)], 0x40), b"z" * 1000, sums)
    write("must-decode", "empty-raw-block", single_segment(b"\x00", [block(0, b"")]), b"", sums)
    multi = text(2500, 5)
    # No content size, window descriptor 0: a 1 KiB window, so 1 KiB blocks.
    write("must-decode", "raw-blocks-1k-window", MAGIC + b"\x00\x00" +
          block(0, multi[:1024], last=False) + block(0, multi[1024:2048], last=False) +
          block(0, multi[2048:]), multi, sums)
    skip = struct.pack("<II", 0x184D2A53, 8) + b"skipped!"
    write("must-decode", "skippable-then-frame", skip +
          single_segment(bytes([len(hello)]), [block(0, hello)]), hello, sums)
    # Known divergence skippable-header-fields: a lone skippable frame of
    # magic variant 6, whose header 1.5.7 reads with headerSize and dictID.
    divergence("skippable-header-fields", struct.pack("<II", 0x184D2A56, 5) + b"hello", b"")
    t64, t200 = text(32768, 1), text(140000, 2)
    write("must-decode", "level1-text", cli(t64, "-1"), t64, sums)
    write("must-decode", "level19-text-checksum", cli(t200, "-19", "--check"), t200, sums)
    write("must-decode", "level3-no-content-size",
          cli(t64, "-3", "--no-content-size", "--check"), t64, sums)
    write("must-decode", "fast5-text", cli(t64, "--fast=5"), t64, sums)
    write("must-decode", "two-frames", cli(t64[:15000], "-3") + cli(t64[15000:], "-9", "--check"),
          t64, sums)


def must_fail(sums):
    hello = b"hello, raw block\n"
    good = cli(text(20000, 3), "-19", "--check")
    write("must-fail", "truncated", good[:-10])
    write("must-fail", "bad-checksum", good[:-1] + bytes([good[-1] ^ 0x01]))
    write("must-fail", "reserved-block-type", single_segment(bytes([len(hello)]),
          [block(3, hello)]))
    write("must-fail", "reserved-fhd-bit", single_segment(bytes([len(hello)]),
          [block(0, hello)], 0x08))
    write("must-fail", "dictid-no-dictionary", MAGIC + b"\x21\x2a" + bytes([len(hello)]) +
          block(0, hello))
    write("must-fail", "raw-block-past-end", single_segment(b"\x64", [block(0, hello, 100)]))
    write("must-fail", "content-size-mismatch", single_segment(bytes([len(hello) + 3]),
          [block(0, hello)]))
    # The hand-built vectors of known divergences (corpus/findings.txt).
    # A zstd v0.7 frame (magic 0xFD2FB527) of no content: the oracle's
    # reproducer without its stray last byte, so that the reference's
    # one-shot decoder takes it whole.
    divergence("legacy-frame", b"\x27\xb5\x2f\xfd\x11\x00\x00\x00\x00\x00")
    empty = single_segment(b"\x00", [block(0, b"")])
    divergence("short-input-bad-magic", empty + b"\x00\x01")
    # The same tail, whose size zstd_find_frame_compressed_size cannot tell.
    divergence("short-input-bad-magic-size", empty + b"\x00\x01")
    # A 2-byte compressed block announcing 8 sequences.
    divergence("short-compressed-block-reason",
               b"\x28\xb5\x2f\xfd\x00\x15\x15\x00\x00\x00\x08")
    # 948576 bytes of RLE blocks, then a compressed block whose RLE literals
    # regenerate 120000 bytes (more than the 100000 left of a 1 MiB output,
    # within the 128 KiB block maximum) and whose sequences header is cut short.
    lits = 120000
    content = bytes([1 | 3 << 2 | (lits & 0xF) << 4, (lits >> 4) & 0xFF, lits >> 12]) + b"x\x01"
    filler, left = b"", (1 << 20) - 100000
    while left:
        n = min(left, 128 * 1024)
        filler += block(1, b"a", n, last=False)
        left -= n
    divergence("literals-over-room-reason",
               MAGIC + b"\x00\x50" + filler + block(2, content))
    # A 200-byte single-segment frame whose compressed block opens with raw
    # literals of 131872 bytes: over Block_Maximum_Size (200) and over 128 KiB.
    lits = 131872
    divergence("literals-over-max-reason", single_segment(b"\xc8",
               [block(2, bytes([3 << 2 | (lits & 0xF) << 4, (lits >> 4) & 0xFF, lits >> 12]) +
                      b"literals")]))


def main():
    global DIVERGENCES
    args = sys.argv[1:]
    if args[:1] == ["--divergences"] and len(args) == 2:
        DIVERGENCES = args[1]
    elif args:
        sys.exit("usage: make-golden.py [--divergences DIR]")
    sums = []
    for kind in ("must-decode", "must-fail"):
        os.makedirs(os.path.join(TOP, kind), exist_ok=True)
    must_decode(sums)
    must_fail(sums)
    tmp = os.path.join(TOP, "must-decode.sha256.tmp")
    with open(tmp, "w") as f:
        f.write("# SHA-256 of each must-decode vector's expected output (sha256sum format,\n"
                "# but of the decoded bytes, not of the file). Made by make-golden.py.\n")
        f.write("\n".join(sums) + "\n")
    os.rename(tmp, os.path.join(TOP, "must-decode.sha256"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

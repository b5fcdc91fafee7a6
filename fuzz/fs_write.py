"""Writing corpus and findings files safely.

The campaign and triage use this module. Every file is written under a
temporary name and renamed, so a reader never sees half of one; a full
disk stops the caller with one line that says so.
"""
import hashlib
import os
import re
import shutil

SHA1_NAME = re.compile(r'[0-9a-f]{40}')
# The prefixes libFuzzer gives its artifacts, before the sha1.
ARTIFACT_PREFIXES = ('crash-', 'timeout-', 'oom-', 'leak-')


def disk_full(path):
    """True when the file system holding path has less than 64 KiB free."""
    try:
        st = os.statvfs(path)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < 65536


def write_failure(path):
    """Why a write under path failed, for a one-line error."""
    if disk_full(path):
        return f'no space left on the device of {path}'
    return f'cannot write in {path}'


def save_copy(src, dst):
    """dst becomes a whole copy of src, or stays as it was."""
    tmp = f'{dst}.tmp.{os.getpid()}'
    try:
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
        return True
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False


def sha1_of(path):
    h = hashlib.sha1()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 16), b''):
            h.update(block)
    return h.hexdigest()


def sha1_named_intact(path):
    """False when the name of path is a sha1 (libFuzzer and our corpora
    name inputs so) and its bytes do not hash to it: a write cut short,
    typically by a full disk."""
    name = os.path.basename(path)
    for prefix in ARTIFACT_PREFIXES:
        if name.startswith(prefix):
            name = name[len(prefix):]
    if not SHA1_NAME.fullmatch(name):
        return True
    return sha1_of(path) == name


def drop_damaged(folder):
    """Removes the sha1-named files of folder whose bytes do not match
    their name; returns how many it removed."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except FileNotFoundError:
        return 0
    n = 0
    for entry in entries:
        if entry.name.startswith('.') or not entry.is_file():
            continue
        if sha1_named_intact(entry.path):
            continue
        os.unlink(entry.path)
        n += 1
    return n

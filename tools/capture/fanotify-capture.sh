#!/usr/bin/env bash
# Capture real fanotify read() buffers from the running kernel, each with
# its manifest, on a scratch ext4 image on a loop device:
#   fanotify-capture.sh CAPTURE_BIN OUTDIR
# CAPTURE_BIN is the built fanotify-capture. First the ordinary events
# (FID, DFID, DFID_NAME, rename, PIDFD), then FAN_FS_ERROR after corrupting
# the image offline with debugfs (as LTP's fanotify22 does).
# Exit 0 when every scenario was captured or refused by this kernel, 1 on a
# failure, 77 (skipped, with one line saying why) when this machine cannot
# capture at all. Cleans up on every exit: unmount, detach, remove.
set -euo pipefail

SKIP=77
PROG=fanotify-capture

skip() { echo "$PROG: skipped: $*"; exit $SKIP; }
die() { echo "$PROG: $*" >&2; exit 1; }

[ $# -eq 2 ] || { echo "usage: $0 CAPTURE_BIN OUTDIR" >&2; exit 2; }
bin=$1
out=$2
[ -x "$bin" ] || die "$bin: not an executable (build it: make build-asan)"
mkdir -p "$out"

[ "$(id -u)" -eq 0 ] || skip "needs root (loop devices, mount, fanotify FID mode)"
for tool in losetup mkfs.ext4 debugfs mount umount; do
	command -v "$tool" >/dev/null || skip "$tool not installed (e2fsprogs, util-linux)"
done
[ -e /dev/loop-control ] || skip "no loop devices here (/dev/loop-control missing)"
"$bin" probe

work=$(mktemp -d /tmp/fanotify-capture.XXXXXX)
mnt=$work/mnt
loopdev=
cleanup() {
	if mountpoint -q "$mnt" 2>/dev/null; then
		umount "$mnt" 2>/dev/null || umount -l "$mnt" || true
	fi
	if [ -n "$loopdev" ]; then
		losetup -d "$loopdev" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir "$mnt"
truncate -s 32M "$work/ext4.img"
mkfs.ext4 -q -F "$work/ext4.img" >/dev/null 2>"$work/err" || die "mkfs.ext4: $(tail -n1 "$work/err")"
loopdev=$(losetup -f --show "$work/ext4.img" 2>"$work/err") ||
	skip "cannot attach a loop device: $(tail -n1 "$work/err")"

mount_fs() {
	mount -t ext4 -o errors=continue "$loopdev" "$mnt" 2>"$work/err"
}
mount_fs || skip "cannot mount ext4 from $loopdev: $(tail -n1 "$work/err")"

captured=() skipped=() failed=()
run_scenario() {
	local rc=0
	"$bin" run "$1" "$mnt" "$out" "$work/state" || rc=$?
	case $rc in
	0) captured+=("$1") ;;
	"$SKIP") skipped+=("$1") ;;
	*) failed+=("$1") ;;
	esac
}

# The state file exists only once prepare-errors ran; event scenarios ignore it.
: >"$work/state"
for s in $("$bin" list events); do
	run_scenario "$s"
done

# FAN_FS_ERROR: save the FIDs, corrupt offline, one fresh mount per scenario.
"$bin" prepare-errors "$mnt" "$work/state"
umount "$mnt"
for req in "sif errors/bad_dir mode 0xff" "ln <1> errors/bad_link"; do
	debugfs -w -R "$req" "$loopdev" >/dev/null 2>"$work/err" || die "debugfs '$req': $(tail -n1 "$work/err")"
done
for s in $("$bin" list errors); do
	mount_fs || die "remount of $loopdev: $(tail -n1 "$work/err")"
	run_scenario "$s"
	umount "$mnt"
done

echo "$PROG: $(uname -r): ${#captured[@]} captured, ${#skipped[@]} refused by this kernel${skipped[*]:+ (${skipped[*]})}, ${#failed[@]} failed${failed[*]:+ (${failed[*]})}"
[ ${#failed[@]} -eq 0 ] || exit 1
[ ${#captured[@]} -gt 0 ] || exit $SKIP

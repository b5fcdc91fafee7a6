# Writing corpus and findings files safely, sourced by triage.sh (the
# campaign has the same in fuzz/fs_write.py). Every file is written under
# a temporary name and renamed, so a reader never sees half of one; a full
# disk stops the caller with one line that says so.

# True when the file system holding $1 has less than 64 KiB free.
disk_full() {
	local avail
	avail=$(df --output=avail -B1 "$1" 2>/dev/null | tail -n1 | tr -d ' ')
	[ -n "$avail" ] && [ "$avail" -lt 65536 ]
}

# Why a write under $1 failed, for a one-line error.
write_failure() {
	if disk_full "$1"; then
		echo "no space left on the device of $1"
	else
		echo "cannot write in $1"
	fi
}

# save_copy SRC DST: DST becomes a whole copy of SRC, or stays as it was.
save_copy() {
	local tmp=$2.tmp.$$
	if cp "$1" "$tmp" 2>/dev/null && mv -f "$tmp" "$2"; then
		return 0
	fi
	rm -f "$tmp"
	return 1
}

# sha1_named_intact FILE: false when FILE's name is a sha1 (libFuzzer and
# our corpora name inputs so) and its bytes do not hash to it: a write cut
# short, typically by a full disk.
sha1_named_intact() {
	local name=${1##*/}
	name=${name#crash-} name=${name#timeout-} name=${name#oom-} name=${name#leak-}
	[[ $name =~ ^[0-9a-f]{40}$ ]] || return 0
	[ "$(sha1sum <"$1" | cut -c1-40)" = "$name" ]
}

# drop_damaged DIR: removes the sha1-named files of DIR whose bytes do not
# match their name; prints how many it removed.
drop_damaged() {
	local f n=0
	for f in "$1"/*; do
		[ -f "$f" ] || continue
		sha1_named_intact "$f" && continue
		rm -f "$f"
		n=$((n + 1))
	done
	echo "$n"
}

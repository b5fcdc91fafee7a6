# The lock of a fuzzing work directory, sourced by the scripts that write
# it (campaign.py, corpus-update.sh). One campaign per work directory:
#   work_lock WORK WHO    takes WORK/.lock on fd 9 or exits with one line
# The lock is flock(2) on WORK/.lock, which holds the holder's pid. The
# kernel drops it when the last process that inherited fd 9 ends, so a
# killed run leaves no lock behind unless something of it still runs; such
# leftovers (every process that holds the file open, the holder's pid
# dead) are killed, and the caller says so.

# Pids of the processes that have FILE open, one a line.
lock_holders() {
	find /proc/[0-9]*/fd -maxdepth 1 -lname "$1" 2>/dev/null | cut -d/ -f3 | sort -un
}

# True when pid $1 is a live campaign or corpus update (not a leftover).
lock_owner_alive() {
	[ -n "$1" ] && [ -r "/proc/$1/cmdline" ] &&
		tr '\0' ' ' <"/proc/$1/cmdline" | grep -qE '(campaign|corpus-update)\.(sh|py)'
}

work_lock() {
	local work=$1 who=$2 lock=$1/.lock owner pids
	exec 9<>"$lock" || { echo "$who: cannot open $lock" >&2; exit 1; }
	if ! flock -n 9; then
		owner=$(head -n1 "$lock" 2>/dev/null || true)
		# A run that has just taken the lock may not have written its pid yet.
		lock_owner_alive "$owner" || { sleep 1; owner=$(head -n1 "$lock" 2>/dev/null || true); }
		if lock_owner_alive "$owner"; then
			echo "$who: $work is in use by pid $owner ($(tr '\0' ' ' <"/proc/$owner/cmdline" | cut -c1-60)...); one campaign per work directory" >&2
			exit 1
		fi
		pids=$(exec 9<&-; lock_holders "$(readlink -f "$lock")" | grep -vx "$$" | paste -sd' ' || true)
		if [ -n "$pids" ]; then
			# shellcheck disable=SC2086
			kill -KILL $pids 2>/dev/null || true
			echo "$who: a killed run (pid ${owner:-?}) left processes running on $work: killed pids $pids" >&2
		fi
		flock -w 10 9 || { echo "$who: $lock: still locked after the leftovers were killed" >&2; exit 1; }
	fi
	echo $$ >"$lock"
}

# Process look-ups for the shell tests, from /proc alone (no procps).
#   procs_with TEXT   pids whose command line contains TEXT, one a line,
#                     the calling shell and its children left out

procs_with() {
	local p cmd
	for p in /proc/[0-9]*; do
		p=${p#/proc/}
		[ "$p" = "$$" ] && continue
		[ "$(awk '{ print $4 }' "/proc/$p/stat" 2>/dev/null)" = "$$" ] && continue
		cmd=$({ tr '\0' ' ' <"/proc/$p/cmdline"; } 2>/dev/null) || continue
		case $cmd in *"$1"*) echo "$p" ;; esac
	done
}

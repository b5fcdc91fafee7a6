#!/usr/bin/env bash
# Lines of lib/zstd inside source regions that UNREACHABLE_REGIONS lists as
# out of the wrapper's reach (dead branches of inlined templates), counted
# from an `llvm-cov export -format=lcov` file. An entry is
#   FILE  KIND  TEXT  WHY        (tab-separated; # comments)
# KIND block: every line holding TEXT opens a branch, `if (cond)` or
# `else if (cond)`: its body is the brace-matched block after the
# condition (the lines after the `{`, and the `}` line when it holds only
# braces), or the statement on the following lines when there is no `{`
# (none when the statement shares the condition's line).
# KIND line: every line holding TEXT (an arm of `?:` on its own line).
# KIND case: TEXT is a `case LABEL` line of a switch: that line and the
# ones after it up to the next label or the end of the switch.
# KIND@FUNCTION looks for TEXT inside FUNCTION only (from its first line to
# the next function's).
# Lines inside functions UNREACHABLE_TXT lists are not counted twice.
# Output, one line per file: relative path, region lines, region lines hit.
# A region line the corpus hit and a TEXT found nowhere are named on stderr
# and make the exit status 1.
#   coverage-regions.sh LCOV UNREACHABLE_TXT UNREACHABLE_REGIONS
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: coverage-regions.sh LCOV UNREACHABLE_TXT UNREACHABLE_REGIONS" >&2; exit 2; }
for f in "$@"; do
	[ -f "$f" ] || { echo "coverage-regions: $f: no such file" >&2; exit 1; }
done
awk -F'\t' -v fn_file="$2" '
function warn(msg) { printf "coverage-regions: %s\n", msg > "/dev/stderr"; bad = 1 }
function listed(name,    p) {
	sub(/^.*:/, "", name)
	if (name in skip) return 1
	for (p in globs) if (name ~ globs[p]) return 1
	return 0
}
# The function holding line l: the one starting last at or before l.
function in_listed_fn(l,    i, best, bl) {
	bl = 0
	for (i = 1; i <= nfn; i++) if (fnl[i] <= l && fnl[i] > bl) { bl = fnl[i]; best = fnn[i] }
	return bl && listed(best)
}
# Text of line l with comments, strings and char literals blanked (in order:
# a comment may span lines).
function strip(l,    s, out, i, c, n) {
	s = src[l]; out = ""; n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (incomment) {
			if (c == "*" && substr(s, i + 1, 1) == "/") { incomment = 0; i++ }
			out = out " "; continue
		}
		if (c == "/" && substr(s, i + 1, 1) == "*") { incomment = 1; i++; out = out "  "; continue }
		if (c == "/" && substr(s, i + 1, 1) == "/") break
		if (c == "\"" || c == "\x27") {
			q = c; out = out " "
			for (i++; i <= n && substr(s, i, 1) != q; i++) {
				if (substr(s, i, 1) == "\\") i++
				out = out " "
			}
			out = out " "; continue
		}
		out = out c
	}
	return out
}
function code(l) { return codel[l] }
function only_braces(l,    s) { s = code(l); gsub(/[ \t}]/, "", s); return s == "" }
function mark(l) { region[l] = 1; marked++ }
# Marks the line of a case label and the lines after it until the next label.
function caselines(l,    i, s, t, depth, n, j, c) {
	depth = 0; s = code(l)
	for (j = 1; j <= length(s); j++) {
		c = substr(s, j, 1)
		if (c == "{") depth++; else if (c == "}") depth--
	}
	mark(l)
	for (i = l + 1; i <= nsrc; i++) {
		s = code(i); t = s; sub(/^[ \t]+/, "", t)
		if (depth == 0 && (t ~ /^case[ \t]/ || t ~ /^default[ \t:]/)) return
		n = length(s)
		for (j = 1; j <= n; j++) {
			c = substr(s, j, 1)
			if (c == "{") depth++; else if (c == "}") depth--
		}
		if (depth < 0) return
		mark(i)
	}
}
# Marks the body of the branch whose condition text starts at column col of line l.
function block(l, col, text,    i, j, k, s, c, depth, phase, open, start, n) {
	phase = 0; depth = 0
	for (i = l; i <= nsrc; i++) {
		s = code(i); n = length(s)
		for (j = (i == l ? col : 1); j <= n; j++) {
			c = substr(s, j, 1)
			if (phase == 0) {		# the condition
				if (c == "(") depth++
				else if (c == ")" && --depth == 0) phase = 1
			} else if (phase == 1) {	# what follows it
				if (c ~ /[ \t]/) continue
				if (c == "{") { phase = 2; depth = 1; open = i }
				else {
					if (i == l) return	# `if (c) s;` on one line: nothing apart
					phase = 3; start = i; depth = 0; j--
				}
			} else if (phase == 2) {	# a braced body
				if (c == "{") depth++
				else if (c == "}" && --depth == 0) {
					for (k = open + 1; k < i; k++) mark(k)
					if (i > open && only_braces(i)) mark(i)
					return
				}
			} else {			# one statement
				if (c == "(") depth++
				else if (c == ")") depth--
				else if (c == ";" && depth == 0) {
					for (k = start; k <= i; k++) mark(k)
					return
				}
			}
		}
	}
	warn(FILENAME_SRC ": " text ": no end of block")
}
# Lines [lo, hi] of function fname (static ones are "file.c:name" in lcov).
function scope(fname,    i, t) {
	lo = 1; hi = nsrc
	if (fname == "") return 1
	lo = 0
	for (i = 1; i <= nfn; i++) {
		t = fnn[i]; sub(/^.*:/, "", t)
		if (t == fname) lo = fnl[i]
	}
	if (!lo) return 0
	for (i = 1; i <= nfn; i++) if (fnl[i] > lo && fnl[i] - 1 < hi) hi = fnl[i] - 1
	return 1
}
function resolve(path, rel,    e, l, p, hits, found) {
	nsrc = 0
	while ((getline line < path) > 0) src[++nsrc] = line
	close(path)
	incomment = 0
	for (l = 1; l <= nsrc; l++) codel[l] = strip(l)
	split("", region)
	for (e = 1; e <= nent; e++) {
		if (rel != efile[e]) continue
		FILENAME_SRC = rel; found = 0; marked = 0
		if (!scope(escope[e])) { warn(rel ": no function " escope[e]); continue }
		for (l = lo; l <= hi; l++) {
			p = index(code(l), etext[e])
			if (!p) continue
			found = 1
			if (ekind[e] == "line") mark(l)
			else if (ekind[e] == "case") caselines(l)
			else block(l, p, etext[e])
		}
		if (!found || !marked)
			warn(rel ": " ekind[e] " \"" etext[e] "\": " (found ? "no line to exclude" : "not found"))
	}
	nl = hits = 0
	for (l in region) {
		if (!(l in da) || in_listed_fn(l + 0)) continue
		nl++
		if (da[l] > 0) { hits++; warn(rel ":" l ": in an unreachable region, yet hit " da[l] " times: " src[l]) }
	}
	if (nl) printf "%s\t%d\t%d\n", rel, nl, hits
	split("", src); split("", codel)
}
FILENAME == fn_file {
	sub(/#.*/, "")
	split($0, w, /[ \t]+/)
	if (w[1] == "") next
	if (w[1] ~ /\*/) { g = w[1]; gsub(/\*/, ".*", g); globs[w[1]] = "^" g "$" } else skip[w[1]] = 1
	next
}
FNR == NR {
	if ($0 ~ /^#/ || $0 ~ /^[ \t]*$/) next
	k = $2; f = ""
	if (index(k, "@")) { f = substr(k, index(k, "@") + 1); k = substr(k, 1, index(k, "@") - 1) }
	if (NF < 4 || (k != "block" && k != "line" && k != "case")) {
		warn(FILENAME ":" FNR ": want FILE<tab>block|line|case[@FUNCTION]<tab>TEXT<tab>WHY"); next
	}
	nent++; efile[nent] = $1; ekind[nent] = k; escope[nent] = f; etext[nent] = $3
	next
}
/^SF:/ { path = substr($0, 4); rel = path; sub(/.*\/lib\/zstd\//, "", rel); split("", da); nfn = 0; next }
/^FN:/ { s = substr($0, 4); c = index(s, ","); fnl[++nfn] = substr(s, 1, c - 1) + 0; fnn[nfn] = substr(s, c + 1); next }
/^DA:/ { s = substr($0, 4); split(s, d, ","); if (d[1] in da) da[d[1]] += d[2]; else da[d[1]] = d[2]; next }
/^end_of_record/ { resolve(path, rel) }
END { exit bad }
' "$3" "$2" "$1"

# Prints "NAME<TAB>PROTOTYPE" for each zstd_* function a header declares at
# column 0 (comments do not start there), the prototype without parameter
# names: "size_t zstd_free_cctx(zstd_cctx *)". Names are left out so that
# renaming a parameter is not a new signature.
function strip_name(p) {
	gsub(/^ +| +$/, "", p)
	if (p == "void" || p == "...")
		return p
	# The last identifier after a space or '*' is the parameter's name.
	if (match(p, /[ *][A-Za-z_][A-Za-z0-9_]*$/))
		p = substr(p, 1, RSTART)
	gsub(/ +$/, "", p)
	return p
}
/^[A-Za-z]/ && /zstd_[a-z0-9_]*\(/ {
	d = $0
	while (d !~ /[;{]/ && (getline l) > 0)
		d = d " " l
	sub(/[;{].*/, "", d)
	gsub(/[ \t]+/, " ", d)
	gsub(/ *\* */, " *", d)
	open = index(d, "(")
	head = substr(d, 1, open - 1)
	args = substr(d, open + 1)
	sub(/\) *$/, "", args)
	if (!match(head, /zstd_[a-z0-9_]*$/))
		next
	name = substr(head, RSTART)
	ret = substr(head, 1, RSTART - 1)
	gsub(/ +$/, "", ret)
	if (ret !~ /\*$/)
		ret = ret " "
	n = split(args, a, ",")
	out = ""
	for (i = 1; i <= n; i++)
		out = out (i > 1 ? ", " : "") strip_name(a[i])
	print name "\t" ret name "(" out ")"
}

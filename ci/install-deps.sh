#!/usr/bin/env bash
# Install the Debian packages the harness needs, only those missing.
#   install-deps.sh            everything, and the second tree's package
#   install-deps.sh PKG...     just these
#   install-deps.sh --deb-src  source entries for apt's deb entries (one file,
#                              /etc/apt/sources.list.d/kzfuzz-deb-src.sources),
#                              so that ref/zstd-deb-src.sh can apt-get source
#                              libzstd for the MSan variant
# Says what it installs; fails with one line when it cannot. The second
# tree (linux-source-6.12, make check-second-tree) is optional: when it
# cannot be installed, one line says so and the rest goes on (make check
# then counts its checks as skipped).
set -euo pipefail

if [ "${1:-}" = --deb-src ]; then
	src=/etc/apt/sources.list.d/kzfuzz-deb-src.sources
	apt-get indextargets --format '$(CREATED_BY)' 2>/dev/null | grep -qx Sources && exit 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "install-deps: need root to add deb-src entries ($src)" >&2
		exit 1
	fi
	deb=/etc/apt/sources.list.d/debian.sources
	[ -f "$deb" ] || { echo "install-deps: no $deb to copy deb-src entries from" >&2; exit 1; }
	echo "install-deps: adding deb-src entries ($src) and updating apt's lists" >&2
	sed 's/^Types: *deb$/Types: deb-src/' "$deb" >"$src.tmp" && mv "$src.tmp" "$src"
	if ! apt-get update -qq >/tmp/install-deps.$$.log 2>&1; then
		echo "install-deps: apt-get update failed (no network?): $(tail -n1 /tmp/install-deps.$$.log)" >&2
		exit 1
	fi
	rm -f /tmp/install-deps.$$.log
	exit 0
fi

all=(clang-14 llvm-14 libclang-rt-14-dev afl++ libzstd-dev libcmocka-dev zstd
     flex bison bc libelf-dev
     linux-source-6.1 e2fsprogs gnuplot-nox zip unzip xz-utils python3)
optional=(linux-source-6.12)
want=("$@")
if [ ${#want[@]} -eq 0 ]; then
	want=("${all[@]}")
	for p in "${optional[@]}"; do
		"$0" "$p" 2>&1 | sed 's/^install-deps: /install-deps: optional: /' >&2 || :
	done
fi

missing=()
for p in "${want[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: need root to install: ${missing[*]} (run as root or install them)" >&2
	exit 1
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update -qq >/tmp/install-deps.$$.log 2>&1; then
	echo "install-deps: apt-get update failed (no network?): $(tail -n1 /tmp/install-deps.$$.log)" >&2
	exit 1
fi
if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >>/tmp/install-deps.$$.log 2>&1; then
	echo "install-deps: apt-get install failed: $(grep -m1 '^E:' /tmp/install-deps.$$.log || tail -n1 /tmp/install-deps.$$.log)" >&2
	exit 1
fi
rm -f /tmp/install-deps.$$.log

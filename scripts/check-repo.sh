#!/bin/sh
# Fails when the repository tracks a built program or a large file: every
# tracked file is checked (and every untracked one that is not ignored, so a
# program built in the tree is caught before it is committed). A built
# program is a file that starts with an executable's magic number (ELF,
# Windows PE, Mach-O) or a file marked executable that is not a script (no
# "#!" line). A file over 1 MB is refused unless its path is listed in
# scripts/large-files.txt (one path a line, # for comments): deliberate
# assets only. BENCHMARKS.md and the host records in scripts/bench-hosts/ must name
# files by their place in the repository, never by an absolute path of the
# machine that wrote them.
set -eu
cd "$(dirname "$0")/.."

limit=1048576
allowed=scripts/large-files.txt
status=0

is_allowed() {
	[ -f "$allowed" ] && grep -v '^#' "$allowed" | grep -qxF "$1"
}

list=$(mktemp)
trap 'rm -f "$list"' EXIT
git ls-files -co --exclude-standard >"$list"
while IFS= read -r f; do
	[ -f "$f" ] || continue
	[ -L "$f" ] && continue
	magic=$(od -An -tx1 -N4 "$f" 2>/dev/null | tr -d ' \n')
	case "$magic" in
	7f454c46 | 4d5a* | cffaedfe | cefaedfe | feedfacf | feedface | cafebabe)
		echo "check-repo: $f is a built program (magic $magic): delete it, it is made by go build; /bin/ and the command names are in .gitignore" >&2
		status=1
		continue
		;;
	esac
	if [ -x "$f" ] && [ "$(head -c 2 "$f")" != "#!" ]; then
		echo "check-repo: $f is marked executable but is not a script: run 'chmod -x $f' (or 'git update-index --chmod=-x $f')" >&2
		status=1
	fi
	size=$(wc -c <"$f")
	if [ "$size" -gt "$limit" ] && ! is_allowed "$f"; then
		echo "check-repo: $f is $size bytes, over the 1 MB limit: keep data that a script can make out of the repository, or list a deliberate asset in $allowed" >&2
		status=1
	fi
done <"$list"

root=$(pwd)
for f in BENCHMARKS.md scripts/bench-hosts/*.json; do
	[ -f "$f" ] || continue
	if grep -n -F "$root/" "$f" >&2; then
		echo "check-repo: $f names files by this machine's absolute path ($root/): write paths relative to the repository" >&2
		status=1
	fi
done
exit $status

#!/bin/sh
# Compares the exported API (scripts/apilist) with the committed listing
# scripts/api.txt and fails on any difference, printing it: a change to the
# public API must be deliberate. If it is, run 'make api-update', commit
# scripts/api.txt, and say what changed in README's "Upgrading" section.
set -eu
cd "$(dirname "$0")/.."
GO=${GO:-go}
new=$(mktemp)
trap 'rm -f "$new"' EXIT
$GO run ./scripts/apilist >"$new"
if ! diff -u scripts/api.txt "$new" >&2; then
	echo "check-api: the exported API differs from scripts/api.txt (- committed, + now)." >&2
	echo "If the change is deliberate: make api-update, commit scripts/api.txt, and add an 'Upgrading' note to README.md." >&2
	exit 1
fi
echo "check-api: the exported API matches scripts/api.txt ($(grep -c '^	' scripts/api.txt) declarations)"

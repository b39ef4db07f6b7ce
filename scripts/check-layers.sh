#!/bin/sh
# Checks that packages import only from their own layer or the ones below
# it, and names each import that climbs:
#
#   timing, shaders  import nothing of the module (standard library only)
#   scene            imports nothing under engine/ or cmd/
#   gfx/...          imports nothing under engine/, scene/ or cmd/: the
#                    drawing data and the OpenGL renderer sit below the
#                    game's layers
#   engine/window    does not import package engine: the engine drives the
#                    window through its interfaces
#
# Only the packages' own imports count: a _test.go file may import upward
# (a gl41 test checks that engine/asset's Library is a gl41.Assets).
# Before it checks the tree, it checks itself on a planted listing, so a
# rule that stopped matching fails here rather than passing quietly.
# Usage: scripts/check-layers.sh (from anywhere in the repository; GO names
# the go command).
set -eu
cd "$(dirname "$0")/.."
GO=${GO:-go}
mod=$($GO list -m)

# check reads lines "package import import ..." (full import paths) and
# prints one line per import that climbs; it exits 1 when it printed any.
check() {
	awk -v mod="$mod" '
	function rel(p) {
		if (p == mod) return "."
		if (index(p, mod "/") == 1) return substr(p, length(mod) + 2)
		return ""
	}
	function under(p, dir) { return p == dir || index(p, dir "/") == 1 }
	{
		pkg = rel($1)
		for (i = 2; i <= NF; i++) {
			imp = rel($i)
			if (imp == "") continue
			why = ""
			if (under(pkg, "timing") || under(pkg, "shaders"))
				why = "timing and shaders import only the standard library"
			else if (under(pkg, "scene") && (under(imp, "engine") || under(imp, "cmd")))
				why = "scene sits below the engine"
			else if (under(pkg, "gfx") && (under(imp, "engine") || under(imp, "scene") || under(imp, "cmd")))
				why = "gfx sits below scene and the engine: move the shared type down into gfx, or the check into a _test.go file"
			else if (under(pkg, "engine/window") && imp == "engine")
				why = "the engine drives the window through its interfaces: check them in a _test.go file"
			if (why != "") {
				printf "layers: %s imports %s: %s\n", pkg, imp, why
				bad = 1
			}
		}
	}
	END { exit bad }'
}

planted="$mod/gfx/gl41 $mod/gfx $mod/engine/atomicfile
$mod/timing $mod/scene
$mod/scene $mod/engine
$mod/engine/window $mod/engine
$mod/gfx $mod/gfx/text fmt"
if got=$(printf '%s\n' "$planted" | check); then
	echo "check-layers.sh: the planted climbing imports were not caught: the rules are broken" >&2
	exit 1
fi
if [ "$(printf '%s\n' "$got" | wc -l)" -ne 4 ]; then
	echo "check-layers.sh: want 4 planted climbing imports named, got:" >&2
	printf '%s\n' "$got" >&2
	exit 1
fi

$GO list -f '{{.ImportPath}}{{range .Imports}} {{.}}{{end}}' ./... | check

#!/bin/sh
# Builds the sample and a game made by cmd/newgame for windows/amd64 with
# Debian's mingw-w64 (GLFW compiles with it; oto needs no cgo on Windows),
# then, where Wine is installed, runs them under Wine with Mesa's llvmpipe
# under Xvfb: the sample headless must give the same hash as on Linux, and
# each program must open a window and draw a few frames (the sample also
# writes a screenshot that must be a real picture, not one colour).
#
# Wine 8.0 (Debian 12) lacks bcryptprimitives.dll, which Go's Windows
# runtime loads before main; a small stand-in built here with mingw-w64
# (scripts/windows/bcryptprimitives.c) is put into the Wine prefix's
# system32, where the runtime looks. Outputs go to bin/windows (ignored).
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
out=$root/bin/windows
mkdir -p "$out"
CC_WIN=${CC_WIN:-x86_64-w64-mingw32-gcc}
if ! command -v "$CC_WIN" >/dev/null 2>&1; then
	echo "check-windows: $CC_WIN not found: install Debian's gcc-mingw-w64-x86-64 (make deps does)" >&2
	exit 1
fi

winbuild() { # winbuild DIR OUTPUT PACKAGE
	(cd "$1" && CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=$CC_WIN go build -o "$2" "$3")
}

echo "check-windows: building the sample for windows/amd64"
winbuild "$root" "$out/sample.exe" ./cmd/sample
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go run ./cmd/newgame -name wingame -dir "$tmp/wingame" >/dev/null
echo "check-windows: building a new game from the template for windows/amd64"
winbuild "$tmp/wingame" "$out/wingame.exe" .

WINE=${WINE:-$(command -v wine || true)}
if [ -z "$WINE" ]; then
	echo "check-windows: built only: Wine is not installed (Debian's wine64 runs the programs too)"
	exit 0
fi
export WINEPREFIX="$out/wineprefix" WINEDEBUG=-all WINEARCH=win64
# Native stand-in for bcryptprimitives; no ALSA driver (CI has no card).
export WINEDLLOVERRIDES="bcryptprimitives=n;winealsa.drv=d"
$CC_WIN -shared -O2 -o "$out/bcryptprimitives.dll" scripts/windows/bcryptprimitives.c \
	scripts/windows/bcryptprimitives.def -ladvapi32
if [ ! -f "$WINEPREFIX/system.reg" ]; then
	echo "check-windows: making a Wine prefix in $WINEPREFIX (once)"
	xvfb-run -a "$WINE" wineboot --init >/dev/null 2>&1 || true
	wineserver -w || true
fi
cp "$out/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"

want=$(go run ./cmd/sample -headless -ticks 300 | tail -n 1)
got=$(cd "$out" && "$WINE" ./sample.exe -headless -ticks 300 2>"$out/headless.log" | tr -d '\r' | tail -n 1)
if [ "$got" != "$want" ]; then
	echo "check-windows: the Windows sample's headless run says '$got', Linux says '$want'" >&2
	cat "$out/headless.log" >&2
	exit 1
fi
echo "check-windows: headless under Wine: $got (the same as on Linux)"
# Wine's server lingers after a program ends, bound to the display it was
# started with (none here): wait for it to go, so the windowed runs below
# start one on Xvfb's display.
wineserver -w

rm -f "$out/shot.png"
if ! (cd "$out" && xvfb-run -a -s "-screen 0 1280x1024x24" "$WINE" ./sample.exe -frames 20 -screenshot shot.png >"$out/window.log" 2>&1); then
	echo "check-windows: the Windows sample failed in a window under Wine:" >&2
	cat "$out/window.log" >&2
	exit 1
fi
grep -a '^frames=' "$out/window.log" | tr -d '\r'
go run ./scripts/pngcheck "$out/shot.png"
if ! (cd "$out" && xvfb-run -a -s "-screen 0 1280x1024x24" "$WINE" ./wingame.exe -frames 20 >"$out/wingame.log" 2>&1); then
	echo "check-windows: the template game failed in a window under Wine:" >&2
	cat "$out/wingame.log" >&2
	exit 1
fi
grep -a 'frames' "$out/wingame.log" | tr -d '\r' | tail -n 1
echo "check-windows: the sample and the template game run under Wine"

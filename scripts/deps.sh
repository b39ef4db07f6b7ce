#!/bin/sh
# Installs what tickwork needs on a Debian machine, if it is missing:
# the C headers go-gl/glfw compiles against, Mesa's OpenGL, and Xvfb for
# running windows without a display (openbox, a small window manager, lets the
# tests iconify a window under it), and a CJK font (WenQuanYi Micro Hei) that
# gfx/text's tests lay out Chinese with, ALSA's headers (libasound2-dev) that
# the audio device package compiles against, and libxkbcommon-dev, which the
# benchmark's raylib-go peer (cmd/framebench/peers/raylib, -tags x11)
# compiles against; mingw-w64 and Wine, which build and run the Windows
# programs (scripts/check-windows.sh); Weston and Wayland's headers, which
# build and run the sample on Wayland (scripts/check-wayland.sh). Go itself
# must already be installed.
set -eu

PKGS="libasound2-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libgl1-mesa-dev libgl1-mesa-dri xvfb xauth pkg-config gcc openbox fonts-wqy-microhei libxkbcommon-dev gcc-mingw-w64-x86-64 wine wine64 weston libwayland-dev libegl1 libegl-mesa0"

need_go="1.26"
if ! command -v go >/dev/null 2>&1; then
	echo "tickwork: Go $need_go or newer is needed: install it from https://go.dev/dl/ and put it on PATH." >&2
	exit 1
fi
have_go=$(go env GOVERSION | sed 's/^go//')
if [ "$(printf '%s\n%s\n' "$need_go" "$have_go" | sort -V | head -n1)" != "$need_go" ]; then
	echo "tickwork: Go $need_go or newer is needed, found $have_go: install it from https://go.dev/dl/." >&2
	exit 1
fi

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
	echo "tickwork: missing system packages:$missing" >&2
	echo "This is not a Debian-like system: install the equivalent packages with your package manager." >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "tickwork: missing Debian packages:$missing" >&2
	echo "Install them with:" >&2
	echo "    sudo apt-get update && sudo apt-get install -y$missing" >&2
	echo "then run make again." >&2
	exit 1
fi
echo "tickwork: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends $missing

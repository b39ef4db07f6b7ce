#!/bin/sh
# Builds the sample with GLFW's Wayland support (-tags wayland) and runs it
# for a few frames on a Wayland compositor, with no X display in its
# environment, so only the Wayland path can open the window; its screenshot
# must be a real picture (scripts/pngcheck).
#
# The compositor is Weston with its X11 backend on Xvfb, drawing with
# pixman: GLFW 3.3 needs a seat (it crashes in glfwInit on a compositor
# without one), and Weston's headless backend has none. Mesa's llvmpipe
# draws the game through EGL. Outputs go to bin/wayland (ignored).
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
out=$root/bin/wayland
mkdir -p "$out"
if ! command -v weston >/dev/null 2>&1; then
	echo "check-wayland: weston not found: install Debian's weston and libwayland-dev (make deps does)" >&2
	exit 1
fi
echo "check-wayland: building the sample with -tags wayland"
go build -tags wayland -o "$out/sample" ./cmd/sample

runtime=$(mktemp -d)
trap 'rm -rf "$runtime"' EXIT
chmod 700 "$runtime"
rm -f "$out/shot.png"
cat >"$out/run.sh" <<'INNER'
#!/bin/sh
# Run by check-wayland.sh inside xvfb-run: Weston on the X display, then
# the sample on Weston's socket with the X display taken away.
set -u
out=$1
weston --backend=x11-backend.so --use-pixman --socket=tickwork-wl --width=1280 --height=720 \
	>"$out/weston.log" 2>&1 &
wp=$!
i=0
while [ ! -S "$XDG_RUNTIME_DIR/tickwork-wl" ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
status=0
env -u DISPLAY WAYLAND_DISPLAY=tickwork-wl "$out/sample" -frames 20 -screenshot "$out/shot.png" \
	>"$out/sample.log" 2>&1 || status=$?
kill $wp 2>/dev/null
wait $wp 2>/dev/null
exit $status
INNER
chmod +x "$out/run.sh"
if ! XDG_RUNTIME_DIR=$runtime xvfb-run -a -s "-screen 0 1920x1080x24" "$out/run.sh" "$out"; then
	echo "check-wayland: the sample failed on Wayland:" >&2
	cat "$out/sample.log" "$out/weston.log" >&2
	exit 1
fi
grep '^frames=' "$out/sample.log"
# GLFW reports what the Wayland backend cannot do as platform errors; the
# window must not ask for any of it (a position, for one).
if grep -n 'PlatformError' "$out/sample.log" >&2; then
	echo "check-wayland: the window asked GLFW for something Wayland does not offer (above)" >&2
	exit 1
fi
go run ./scripts/pngcheck "$out/shot.png"
echo "check-wayland: the sample runs on Wayland (Weston)"

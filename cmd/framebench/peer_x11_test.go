//go:build x11

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/gfx/gfxtest"
)

// buildPeer builds the raylib-go peer once into dir (a cold build compiles
// raylib with cgo: about 35 s on two cores).
func buildPeer(t *testing.T, dir string) string {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display: run the tests under xvfb-run -a")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to build the peer with")
	}
	bin := filepath.Join(dir, "raylib-peer")
	start := time.Now()
	out, err := exec.Command(gobin, "build", "-tags", "x11", "-o", bin, "./peers/raylib").CombinedOutput()
	if err != nil {
		t.Fatalf("building the raylib-go peer: %v\n%s\n(Debian needs libxkbcommon-dev: scripts/deps.sh installs it)", err, out)
	}
	t.Logf("built the peer in %v", time.Since(start).Round(time.Millisecond))
	return bin
}

// The peer draws 1,000 cubes for a second and reports them; its screenshot
// shows lit cubes on the background: many pixels of the cube's hue, in
// several shades (faces turned differently to the light).
func TestRaylibPeer(t *testing.T) {
	dir := t.TempDir()
	bin := buildPeer(t, dir)
	shot := filepath.Join(dir, "shot.png")
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "-cubes", "1000", "-duration", "1s", "-warmup", "200ms", "-shot", shot)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("peer: %v\n%s", err, stderr.String())
	}
	rep, err := peer.ParseReport(stdout.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Cubes != 1000 || rep.Frames <= 0 || rep.FPSMedian <= 0 || rep.DurationS < 1 || rep.Width != 1280 || rep.Height != 720 {
		t.Errorf("got %+v, want 1,000 cubes drawn in frames over at least 1 s at 1280×720", rep)
	}
	img := gfxtest.ReadPNG(t, shot)
	b := img.Bounds()
	if b.Dx() != 1280 || b.Dy() != 720 {
		t.Fatalf("screenshot: got %v, want 1280×720", b)
	}
	// The cube colour (sRGB 1, 0.55, 0.2) lit or in shade keeps red well
	// above blue; the background (0.1, 0.13, 0.2) has blue above red.
	cube, shades := 0, map[uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, _, bl, _ := img.At(x, y).RGBA()
			if r>>8 > bl>>8+60 {
				cube++
				shades[r>>10] = true
			}
		}
	}
	if share := float64(cube) / float64(b.Dx()*b.Dy()); share < 0.1 || len(shades) < 3 {
		t.Errorf("screenshot: got %.1f%% cube pixels in %d shades, want at least 10%% in 3 or more", 100*share, len(shades))
	}
}

// framebench -peer runs tickwork and the peer in turn and records both.
func TestPeerComparisonSmoke(t *testing.T) {
	dir := t.TempDir()
	bin := buildPeer(t, dir)
	runtime.LockOSThread() // tickwork's runs keep their GL context on this thread
	defer runtime.UnlockOSThread()
	out := filepath.Join(dir, "r.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-scenarios", "none", "-peer", bin, "-peer-cubes", "100", "-peer-rounds", "1",
		"-peer-duration", "300ms", "-peer-warmup", "100ms", "-peer-pace-duration", "300ms", "-out", out, "-plot", "", "-q"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	res, err := readResults(out)
	if err != nil {
		t.Fatal(err)
	}
	pc := res.Peer
	if pc == nil || pc.Engine != "raylib-go v0.55.1" || len(pc.Sizes) != 1 || pc.Pacing == nil {
		t.Fatalf("got comparison %+v, want raylib-go at one size, with pacing", pc)
	}
	s := pc.Sizes[0]
	if s.Cubes != 100 || len(s.TickworkFPS) != 1 || len(s.PeerFPS) != 1 || s.Ratio <= 0 {
		t.Errorf("got %+v, want one round of each engine at 100 cubes and a ratio", s)
	}
	if p := pc.Pacing; len(p.TickworkP99) != 1 || len(p.PeerP99) != 1 || p.TargetMs < 16 || p.TargetMs > 17 {
		t.Errorf("got pacing %+v, want one round of each at 60 Hz", p)
	}
}

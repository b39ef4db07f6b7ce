//go:build x11

package main

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/gfx"
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
	if s.Cubes != 100 || len(s.TickworkFPS) != 1 || len(s.GammaFPS) != 1 || len(s.LinearFPS) != 1 ||
		len(s.RoundsGamma) != 1 || s.RoundsGamma[0] != s.TickworkFPS[0]/s.GammaFPS[0] || s.RatioGamma != s.RoundsGamma[0] ||
		len(s.RoundsLinear) != 1 || s.RoundsLinear[0] != s.TickworkFPS[0]/s.LinearFPS[0] || s.RatioLinear != s.RoundsLinear[0] {
		t.Errorf("got %+v, want one round of tickwork and of the peer lit each way at 100 cubes, and that round's ratios", s)
	}
	if p := pc.Pacing; len(p.TickworkP99) != 1 || len(p.PeerP99) != 1 || p.TargetMs < 16 || p.TargetMs > 17 {
		t.Errorf("got pacing %+v, want one round of each at 60 Hz", p)
	}
}

// peerShot runs the peer lit with shading k and returns its screenshot of
// n cubes as they start (scene time 0).
func peerShot(t *testing.T, bin string, n int, k peer.Shading) *image.RGBA {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "shot.png")
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "-cubes", strconv.Itoa(n), "-duration", "100ms", "-warmup", "0s", "-shading", string(k), "-shot", shot, "-at", "0")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("peer -shading %s: %v\n%s", k, err, stderr.String())
	}
	return toRGBA(gfxtest.ReadPNG(t, shot))
}

func toRGBA(img image.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

// tickworkShot draws n cubes of the peer scene as they start, as the
// cubes scenario draws them (no shadows, no antialiasing), in a hidden
// 1280×720 window, and reads the frame back.
func tickworkShot(t *testing.T, n int) *image.RGBA {
	t.Helper()
	sc, err := peer.NewScene(n)
	if err != nil {
		t.Fatal(err)
	}
	eye, target := sc.Camera()
	dl := &gfx.DrawList{Light: peer.Light, Camera: gfx.Camera{
		View: mgl32.LookAtV(eye, target, mgl32.Vec3{0, 1, 0}), FovY: mgl32.DegToRad(peer.FovY), Near: peer.Near, Far: peer.Far,
	}}
	ms := make([]mgl32.Mat4, n)
	sc.Matrices(0, ms)
	for i := range ms {
		dl.Add(gfx.MeshCube, &ms[i], peer.CubeColor)
	}
	f := &gfx.Picture{}
	f.Reset(1280, 720, peer.Background)
	f.AddScene(dl)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	win, err := window.Open(window.Config{Width: 1280, Height: 720, Hidden: true, NoVSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer win.Close()
	r := win.Renderer()
	if err := r.SetGraphics(gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1}); err != nil {
		t.Fatal(err)
	}
	if err := r.Render(f); err != nil {
		t.Fatal(err)
	}
	img, err := r.Screenshot()
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// The peer lit in linear light draws tickwork's pixels: inside the cubes'
// faces (away from edges, which two rasterisers may cover differently)
// nearly every pixel matches within two levels. Lit in gamma space it
// does not: its shaded faces are darker.
func TestPeerPixelsMatchTickwork(t *testing.T) {
	bin := buildPeer(t, t.TempDir())
	const n = 400
	tw := tickworkShot(t, n)
	bg := rgba(peer.Background)
	for _, c := range []struct {
		k       peer.Shading
		minSame float64 // share of face pixels within 2 levels
		maxSame float64
	}{
		{peer.ShadingLinear, 0.98, 1},
		{peer.ShadingGamma, 0, 0.5},
	} {
		other := peerShot(t, bin, n, c.k)
		if other.Bounds() != tw.Bounds() {
			t.Fatalf("%s: peer's screenshot %v, tickwork's %v", c.k, other.Bounds(), tw.Bounds())
		}
		faces, same := 0, 0
		b := tw.Bounds()
		for y := b.Min.Y + 1; y < b.Max.Y-1; y++ {
			for x := b.Min.X + 1; x < b.Max.X-1; x++ {
				p := tw.RGBAAt(x, y)
				if p == bg || !flat(tw, x, y) || !flat(other, x, y) {
					continue
				}
				faces++
				if near(p, other.RGBAAt(x, y), 2) {
					same++
				}
			}
		}
		share := float64(same) / float64(max(faces, 1))
		t.Logf("%s: %d of %d face pixels (%.1f%%) within 2 levels of tickwork's", c.k, same, faces, 100*share)
		if faces < 10000 || share < c.minSame || share > c.maxSame {
			t.Errorf("%s: %d of %d face pixels within 2 levels of tickwork's (%.1f%%), want %.0f%% to %.0f%% of at least 10,000",
				c.k, same, faces, 100*share, 100*c.minSame, 100*c.maxSame)
		}
	}
}

// flat reports whether the pixel at x, y and its eight neighbours are all
// one colour: inside a face, away from its edges.
func flat(img *image.RGBA, x, y int) bool {
	p := img.RGBAAt(x, y)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if img.RGBAAt(x+dx, y+dy) != p {
				return false
			}
		}
	}
	return true
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return max(int(x)-int(y), int(y)-int(x)) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

func rgba(c gfx.Color) color.RGBA {
	q := func(v float32) uint8 { return uint8(min(max(v, 0), 1)*255 + 0.5) }
	return color.RGBA{q(c.R), q(c.G), q(c.B), 255}
}
